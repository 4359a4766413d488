/// Where a rule came from: a file shipped in the binary, or one of a user's packs.
public struct RuleSource: Sendable, Hashable, CustomStringConvertible {
    /// `Rules/<id>.yml` for shipped rules, the path as given for user packs.
    public let file: String
    public let isBuiltIn: Bool
    /// The line of the rule's `id` in its file, for messages about the id (a collision).
    public let line: Int

    public init(file: String, isBuiltIn: Bool, line: Int = 1) {
        self.file = file
        self.isBuiltIn = isBuiltIn
        self.line = line
    }

    public var description: String { file }
}
