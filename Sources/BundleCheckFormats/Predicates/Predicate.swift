/// A parsed predicate: what it says and where in the source it starts.
///
/// `AND` and `OR` chains are kept flat (`a AND b AND c` is one node with three operands),
/// so a long list of alternatives does not make a deep tree; nesting in the text
/// (parentheses, NOT, SUBQUERY) is capped by the parser.
public struct Predicate: Sendable, Hashable, CustomStringConvertible {
    public let kind: PredicateKind
    public let location: PredicateSourceLocation
    /// Levels of nodes below and including this one; bounded by `PredicateParser.maximumDepth`.
    let height: Int

    init(_ kind: PredicateKind, at location: PredicateSourceLocation) {
        self.kind = kind
        self.location = location
        self.height = 1 + kind.childHeight
    }

    /// Fully parenthesised NSPredicate format, which parses back to the same tree.
    public var description: String {
        switch kind {
        case .constant(let value):
            return value ? "TRUEPREDICATE" : "FALSEPREDICATE"
        case .not(let operand):
            return "NOT \(operand.parenthesisedDescription)"
        case .and(let operands):
            return operands.map(\.parenthesisedDescription).joined(separator: " AND ")
        case .or(let operands):
            return operands.map(\.parenthesisedDescription).joined(separator: " OR ")
        case .comparison(let comparison):
            return comparison.description
        }
    }

    /// The description, in parentheses unless it is a single word.
    var parenthesisedDescription: String {
        if case .constant = kind { return description }
        return "(\(description))"
    }
}
