/// `SUBQUERY(collection, $variable, predicate)`: the members of `collection` for which
/// `predicate` holds, with each member bound to `$variable` in turn.
public struct PredicateSubquery: Sendable, Hashable, CustomStringConvertible {
    public let collection: PredicateExpression
    /// Without the `$`.
    public let variable: String
    public let variableLocation: PredicateSourceLocation
    public let predicate: Predicate

    public var description: String {
        "SUBQUERY(\(collection), $\(variable), \(predicate))"
    }
}
