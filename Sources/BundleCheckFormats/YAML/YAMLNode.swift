/// One node of a parsed YAML document, with where it stands in its file.
///
/// Scalars stay strings: YAML 1.1 would turn an unquoted `no` into false and
/// `1.0` into a number, so typing is left to whoever reads a field that is typed.
public struct YAMLNode: Sendable, Hashable {
    public enum Value: Sendable, Hashable {
        case scalar(String)
        case sequence([YAMLNode])
        /// Keys in document order; duplicate keys are rejected by the parser.
        case mapping([Pair])
    }

    public struct Pair: Sendable, Hashable {
        public let key: YAMLNode
        public let value: YAMLNode

        public init(key: YAMLNode, value: YAMLNode) {
            self.key = key
            self.value = value
        }
    }

    public let value: Value
    /// The node's explicit tag as written (`!bool`, `!int`, `tag:yaml.org,2002:str`), or nil.
    public let tag: String?
    /// True for quoted scalars ('…' or "…"), literal and folded blocks.
    public let isQuoted: Bool
    /// 1-based position of the node's first character.
    public let line: Int
    public let column: Int

    public init(value: Value, tag: String? = nil, isQuoted: Bool = false, line: Int, column: Int) {
        self.value = value
        self.tag = tag
        self.isQuoted = isQuoted
        self.line = line
        self.column = column
    }

    public var scalar: String? {
        if case .scalar(let text) = value { return text }
        return nil
    }

    public var sequence: [YAMLNode]? {
        if case .sequence(let items) = value { return items }
        return nil
    }

    public var mapping: [Pair]? {
        if case .mapping(let pairs) = value { return pairs }
        return nil
    }

    /// The value for a scalar key in a mapping.
    public subscript(key: String) -> YAMLNode? {
        mapping?.first(where: { $0.key.scalar == key })?.value
    }

    /// What kind of node this is, for error messages.
    public var kindName: String {
        switch value {
        case .scalar: "a scalar"
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }
}
