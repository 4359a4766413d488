/// What one facet of a bundle holds on one side: entries by key, each a text or a list.
///
/// A scalar (the build number) is one entry under the empty key; a plain list (URL schemes)
/// one list under the empty key; a keyed facet (entitlements, purpose strings) an entry per key.
/// No entries at all is a recorded absence (no Info.plist, no privacy manifest).
public struct FacetValue: Sendable, Hashable {
    public enum Entry: Sendable, Hashable {
        case text(String)
        case list([String])
    }

    public struct Keyed: Sendable, Hashable {
        public let key: String
        public let entry: Entry
    }

    public let entries: [Keyed]

    public init(_ entries: [Keyed]) {
        self.entries = entries
    }

    public static let none = FacetValue([])

    /// A scalar: one text under the empty key, or none.
    public static func text(_ text: String?) -> FacetValue {
        text.map { FacetValue([Keyed(key: "", entry: .text($0))]) } ?? .none
    }

    /// A plain list under the empty key (nothing when empty: an empty list holds no element to show).
    public static func list(_ items: [String]) -> FacetValue {
        FacetValue([Keyed(key: "", entry: .list(items))])
    }

    /// The entry under `key`; nil when there is none.
    public subscript(key: String) -> Entry? {
        entries.first { $0.key == key }?.entry
    }
}
