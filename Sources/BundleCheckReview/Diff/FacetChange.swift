/// One difference of one facet between OLD and NEW: an entitlement added, a build number
/// changed, a URL scheme removed.
public struct FacetChange: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case added
        case removed
        case changed
    }

    /// The facet's id (`InventoryFacet.id`).
    public let facet: String
    /// The entry's key in a keyed facet (`com.apple.security.application-groups`); nil for a
    /// scalar or a plain list.
    public let key: String?
    public let kind: Kind
    /// The value before and after: for a list's element, the element on the side that has it.
    public let old: String?
    public let new: String?

    public init(facet: String, key: String?, kind: Kind, old: String?, new: String?) {
        self.facet = facet
        self.key = key
        self.kind = kind
        self.old = old
        self.new = new
    }
}
