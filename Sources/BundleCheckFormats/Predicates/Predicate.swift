/// A parsed predicate: what it says and where in the source it starts.
///
/// `AND` and `OR` chains are kept flat (`a AND b AND c` is one node with three operands),
/// so a long list of alternatives does not make a deep tree; nesting in the text
/// (parentheses, NOT, SUBQUERY) is capped by the parser.
struct Predicate: Sendable, Hashable, CustomStringConvertible {
    let kind: PredicateKind
    let location: PredicateSourceLocation
    /// Levels of nodes below and including this one; bounded by `PredicateLimits.maxDepth`.
    let height: Int

    init(_ kind: PredicateKind, at location: PredicateSourceLocation) {
        self.kind = kind
        self.location = location
        self.height = 1 + kind.childHeight
    }

    /// Fully parenthesised NSPredicate format, which parses back to the same tree.
    var description: String {
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

/// The forms a predicate takes.
indirect enum PredicateKind: Sendable, Hashable {
    /// `TRUEPREDICATE` or `FALSEPREDICATE`.
    case constant(Bool)
    /// `NOT p` or `!p`.
    case not(Predicate)
    /// `a AND b AND …` (or `&&`): two or more operands.
    case and([Predicate])
    /// `a OR b OR …` (or `||`): two or more operands.
    case or([Predicate])
    case comparison(PredicateComparison)

    /// The greatest height among the direct children.
    var childHeight: Int {
        switch self {
        case .constant: 0
        case .not(let operand): operand.height
        case .and(let operands), .or(let operands): operands.map(\.height).max() ?? 0
        case .comparison(let comparison): max(comparison.left.height, comparison.right.height)
        }
    }
}

/// `[quantifier] left operator[options] right`, e.g. `ANY $a.types UTI-CONFORMS-TO "public.image"`.
struct PredicateComparison: Sendable, Hashable, CustomStringConvertible {
    let quantifier: PredicateQuantifier?
    let left: PredicateExpression
    let comparisonOperator: PredicateComparisonOperator
    let options: PredicateComparisonOptions
    let right: PredicateExpression
    let operatorLocation: PredicateSourceLocation

    var description: String {
        let prefix = quantifier.map { "\($0.rawValue) " } ?? ""
        return "\(prefix)\(left) \(comparisonOperator.rawValue)\(options) \(right)"
    }
}

/// The operator of a comparison; each spelling variant (`=`, `<>`, `=<`, `=>`) maps to one case.
enum PredicateComparisonOperator: String, Sendable, Hashable, CaseIterable {
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
    var comparesTypeIdentifiers: Bool {
        self == .utiConformsTo || self == .utiEquals
    }
}

/// The `[cdn]` options after a comparison operator.
struct PredicateComparisonOptions: OptionSet, Sendable, Hashable, CustomStringConvertible {
    let rawValue: Int

    init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// `[c]`
    static let caseInsensitive = PredicateComparisonOptions(rawValue: 1 << 0)
    /// `[d]`
    static let diacriticInsensitive = PredicateComparisonOptions(rawValue: 1 << 1)
    /// `[n]`
    static let normalized = PredicateComparisonOptions(rawValue: 1 << 2)

    /// The option a letter inside the brackets stands for, in either case.
    init?(letter: Character) {
        switch letter {
        case "c", "C": self = .caseInsensitive
        case "d", "D": self = .diacriticInsensitive
        case "n", "N": self = .normalized
        default: return nil
        }
    }

    /// `[cd]`, or "" without options.
    var description: String {
        guard !isEmpty else { return "" }
        var letters = ""
        if contains(.caseInsensitive) { letters += "c" }
        if contains(.diacriticInsensitive) { letters += "d" }
        if contains(.normalized) { letters += "n" }
        return "[\(letters)]"
    }
}

/// The aggregate modifier before a comparison's left operand (`ANY x.y == 1`).
enum PredicateQuantifier: String, Sendable, Hashable, CaseIterable {
    /// ANY, or its synonym SOME.
    case any = "ANY"
    case all = "ALL"
    /// NONE: named so that it cannot be mistaken for `Optional.none`.
    case noneOf = "NONE"
}
