/// The forms an expression takes.
public indirect enum PredicateExpressionKind: Sendable, Hashable {
    /// A quoted string, escapes resolved.
    case string(String)
    case number(PredicateNumber)
    /// `TRUE`/`YES` or `FALSE`/`NO`.
    case boolean(Bool)
    /// `NULL` or `NIL`.
    case null
    /// `SELF`.
    case evaluatedObject
    /// `ANYKEY`.
    case anyKey
    /// `$name`, without the `$`.
    case variable(String)
    /// `a.b.@count`, or `base.a` after a variable, SELF, SUBQUERY, call or index
    /// (`$attachment.registeredTypeIdentifiers`, `SUBQUERY(…).@count`).
    case keyPath(base: PredicateExpression?, components: [PredicateKeyPathComponent])
    /// `{a, b, …}`.
    case aggregate([PredicateExpression])
    case subquery(PredicateSubquery)
    /// `name(arguments)`, also `CAST(…)` and `FETCH(…)`.
    case function(name: String, arguments: [PredicateExpression])
    /// `base[0]`, `base[FIRST]`, `base[LAST]`, `base[SIZE]`.
    case index(base: PredicateExpression, position: PredicateIndex)
    case arithmetic(PredicateArithmeticOperator, PredicateExpression, PredicateExpression)
    /// Unary minus on anything but a number literal (`-1` is a literal).
    case negation(PredicateExpression)

    /// The greatest height among the direct children.
    var childHeight: Int {
        switch self {
        case .string, .number, .boolean, .null, .evaluatedObject, .anyKey, .variable:
            0
        case .keyPath(let base, _):
            base?.height ?? 0
        case .aggregate(let elements), .function(_, let elements):
            elements.map(\.height).max() ?? 0
        case .subquery(let subquery):
            max(subquery.collection.height, subquery.predicate.height)
        case .index(let base, let position):
            max(base.height, position.expression?.height ?? 0)
        case .arithmetic(_, let left, let right):
            max(left.height, right.height)
        case .negation(let operand):
            operand.height
        }
    }
}
