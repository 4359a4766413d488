/// One component of a key path: a key (`attachments`) or a collection operator (`@count`).
public struct PredicateKeyPathComponent: Sendable, Hashable, CustomStringConvertible {
    /// The key, or the operator without its `@`.
    public let name: String
    public let isCollectionOperator: Bool
    public let location: PredicateSourceLocation

    public var description: String {
        if isCollectionOperator { return "@" + name }
        // A key spelt like a reserved word was written with `#` and must be again.
        return PredicateKeyword(word: name) == nil ? name : "#" + name
    }
}
