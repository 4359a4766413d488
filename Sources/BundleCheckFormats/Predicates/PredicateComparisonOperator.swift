/// The operator of a comparison; each spelling variant (`=`, `<>`, `=<`, `=>`) maps to one case.
public enum PredicateComparisonOperator: String, Sendable, Hashable, CaseIterable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case beginsWith = "BEGINSWITH"
    case contains = "CONTAINS"
    case endsWith = "ENDSWITH"
    case like = "LIKE"
    case matches = "MATCHES"
    case `in` = "IN"
    case between = "BETWEEN"
    case utiConformsTo = "UTI-CONFORMS-TO"
    case utiEquals = "UTI-EQUALS"

    /// Whether the operator compares type identifiers.
    public var comparesTypeIdentifiers: Bool {
        self == .utiConformsTo || self == .utiEquals
    }
}
