/// Constant folding: whether a predicate is true or false whatever it is evaluated
/// against, proved from literals alone.
///
/// `TRUEPREDICATE`, `FALSEPREDICATE`, comparisons between two literals (`1 == 1`,
/// `"a" == "a"`, `2 > 1`, `TRUE == YES`, `1 IN {1, 2}`, `ANY {1, 2} == 1`) and the
/// connectives over them. A key path or variable makes a comparison unknown, but a
/// connective can still decide: `X OR TRUEPREDICATE` is true, `X AND FALSEPREDICATE` false.
public enum PredicateFolding {
    /// true or false when provable, nil when it depends on what is evaluated.
    public static func truthValue(of predicate: Predicate) -> Bool? {
        switch predicate.kind {
        case .constant(let value):
            return value
        case .not(let operand):
            return truthValue(of: operand).map { !$0 }
        case .and(let operands):
            return all(operands.lazy.map(truthValue(of:)))
        case .or(let operands):
            return any(operands.lazy.map(truthValue(of:)))
        case .comparison(let comparison):
            return truthValue(of: comparison)
        }
    }

    /// Three-valued AND: false wins, then unknown.
    static func all(_ values: some Sequence<Bool?>) -> Bool? {
        var result: Bool? = true
        for value in values {
            if value == false { return false }
            if value == nil { result = nil }
        }
        return result
    }

    /// Three-valued OR: true wins, then unknown.
    static func any(_ values: some Sequence<Bool?>) -> Bool? {
        var result: Bool? = false
        for value in values {
            if value == true { return true }
            if value == nil { result = nil }
        }
        return result
    }

    private static func truthValue(of comparison: PredicateComparison) -> Bool? {
        guard let quantifier = comparison.quantifier else {
            return truthValue(comparison.left, comparison.comparisonOperator, comparison.right, comparison.options)
        }
        // A quantifier over a literal aggregate folds element by element.
        guard case .aggregate(let elements) = comparison.left.kind else { return nil }
        let results = elements.lazy.map {
            truthValue($0, comparison.comparisonOperator, comparison.right, comparison.options)
        }
        switch quantifier {
        case .any: return any(results)
        case .all: return all(results)
        case .noneOf: return any(results).map { !$0 }
        }
    }

    private static func truthValue(
        _ left: PredicateExpression, _ comparisonOperator: PredicateComparisonOperator,
        _ right: PredicateExpression, _ options: PredicateComparisonOptions
    ) -> Bool? {
        guard let leftLiteral = PredicateLiteral(left) else { return nil }
        switch comparisonOperator {
        case .in:
            guard case .aggregate(let elements) = right.kind else { return nil }
            return any(elements.lazy.map { element in
                PredicateLiteral(element).flatMap { leftLiteral.compared(to: $0, by: .equal, options: options) }
            })
        case .between:
            guard case .aggregate(let bounds) = right.kind, bounds.count == 2,
                  let lower = PredicateLiteral(bounds[0]), let upper = PredicateLiteral(bounds[1])
            else { return nil }
            return all([
                leftLiteral.compared(to: lower, by: .greaterOrEqual, options: options),
                leftLiteral.compared(to: upper, by: .lessOrEqual, options: options),
            ])
        default:
            guard let rightLiteral = PredicateLiteral(right) else { return nil }
            return leftLiteral.compared(to: rightLiteral, by: comparisonOperator, options: options)
        }
    }
}
