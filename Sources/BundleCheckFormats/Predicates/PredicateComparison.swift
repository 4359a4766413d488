/// `[quantifier] left operator[options] right`, e.g. `ANY $a.types UTI-CONFORMS-TO "public.image"`.
public struct PredicateComparison: Sendable, Hashable, CustomStringConvertible {
    public let quantifier: PredicateQuantifier?
    public let left: PredicateExpression
    public let comparisonOperator: PredicateComparisonOperator
    public let options: PredicateComparisonOptions
    public let right: PredicateExpression
    public let operatorLocation: PredicateSourceLocation

    public var description: String {
        let prefix = quantifier.map { "\($0.rawValue) " } ?? ""
        return "\(prefix)\(left) \(comparisonOperator.rawValue)\(options) \(right)"
    }
}
