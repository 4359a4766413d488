/// Where a rule came from: a file shipped in the binary, or one of a user's packs.
public struct RuleSource: Sendable, Hashable, CustomStringConvertible {
    /// `Rules/<id>.yml` for shipped rules, the path as given for user packs.
    public let file: String
    public let isBuiltIn: Bool

    public init(file: String, isBuiltIn: Bool) {
        self.file = file
        self.isBuiltIn = isBuiltIn
    }

    public var description: String { file }
}
