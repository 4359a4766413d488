/// A plist dictionary that keeps its keys in document order, duplicates included.
///
/// Lookups return the last value for a key, as Apple's parsers do; the parsers
/// report duplicates separately so a rule can flag them.
public struct PlistDictionary: Sendable, Hashable {
    public struct Entry: Sendable, Hashable {
        public let key: String
        public let value: PlistValue

        public init(key: String, value: PlistValue) {
            self.key = key
            self.value = value
        }
    }

    public private(set) var entries: [Entry]

    public init(_ entries: [Entry] = []) {
        self.entries = entries
    }

    public init(_ pairs: KeyValuePairs<String, PlistValue>) {
        self.entries = pairs.map { Entry(key: $0.key, value: $0.value) }
    }

    public mutating func append(key: String, value: PlistValue) {
        entries.append(Entry(key: key, value: value))
    }

    public subscript(key: String) -> PlistValue? {
        entries.last(where: { $0.key == key })?.value
    }

    /// Keys in order of first appearance, each once.
    public var keys: [String] {
        var seen = Set<String>()
        return entries.compactMap { seen.insert($0.key).inserted ? $0.key : nil }
    }

    public var count: Int { entries.count }
}
