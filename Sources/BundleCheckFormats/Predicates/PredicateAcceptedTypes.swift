/// The types a predicate-form activation rule lets in: each type identifier operand of
/// `UTI-CONFORMS-TO`/`UTI-EQUALS`, in document order and once each, with the most at once
/// taken from the innermost enclosing SUBQUERY's `.@count == N`, `<= N` or `< N`.
///
/// Types under NOT or NONE, or inside a SUBQUERY whose count must be 0, are what the rule
/// keeps out, so they are left out.
struct PredicateAcceptedTypes {
    private var accepted: [ActivationRuleAcceptedType] = []
    private var seen: Set<String> = []

    /// Where a node sits: whether it is negated, and the bound of the innermost enclosing SUBQUERY.
    private struct Context {
        var negated = false
        var max: Int?
    }

    static func collect(from predicate: Predicate) -> [ActivationRuleAcceptedType] {
        var collector = PredicateAcceptedTypes()
        collector.visit(predicate, Context())
        return collector.accepted
    }

    private mutating func visit(_ predicate: Predicate, _ context: Context) {
        switch predicate.kind {
        case .constant:
            break
        case .not(let operand):
            visit(operand, Context(negated: !context.negated, max: context.max))
        case .and(let operands), .or(let operands):
            for operand in operands { visit(operand, context) }
        case .comparison(let comparison):
            visit(comparison, context)
        }
    }

    private mutating func visit(_ comparison: PredicateComparison, _ context: Context) {
        var context = context
        if comparison.quantifier == .noneOf { context.negated.toggle() }
        let bounded = countBound(comparison)
        for operand in [comparison.left, comparison.right] {
            if comparison.comparisonOperator.comparesTypeIdentifiers {
                record(operand, context)
            }
            visitSubqueries(in: operand, context, bound: bounded)
        }
    }

    private mutating func record(_ operand: PredicateExpression, _ context: Context) {
        guard !context.negated else { return }
        for member in PredicateAnalyzer.members(of: operand) {
            guard let type = member.stringLiteral, TypeIdentifierSyntax.problem(in: type) == nil,
                seen.insert(type.lowercased()).inserted
            else { continue }
            accepted.append(ActivationRuleAcceptedType(type: type, max: context.max))
        }
    }

    /// `SUBQUERY(…).@count` compared with an integer literal N so that at most N pass:
    /// the subquery and N. `N >= x.@count` reads the same as `x.@count <= N`.
    private func countBound(_ comparison: PredicateComparison) -> (subquery: PredicateSubquery, max: Int)? {
        let pairs: [(PredicateExpression, PredicateExpression, Bool)] = [
            (comparison.left, comparison.right, false), (comparison.right, comparison.left, true),
        ]
        for (counted, limit, mirrored) in pairs {
            guard case .keyPath(let base?, let components) = counted.kind, components.count == 1,
                components[0].isCollectionOperator, components[0].name == "count",
                case .subquery(let subquery) = base.kind,
                case .number(.integer(let integer)) = limit.kind, !integer.isNegative
            else { continue }
            let n = Int(clamping: integer.magnitude)
            switch (comparison.comparisonOperator, mirrored) {
            case (.equal, _), (.lessOrEqual, false), (.greaterOrEqual, true):
                return (subquery, n)
            case (.less, false), (.greater, true):
                return (subquery, n - 1)
            default:
                continue
            }
        }
        return nil
    }

    /// SUBQUERY predicates inside an operand, each with the bound it is given here (only
    /// the one compared directly is bounded; the innermost SUBQUERY's bound wins).
    private mutating func visitSubqueries(
        in expression: PredicateExpression, _ context: Context, bound: (subquery: PredicateSubquery, max: Int)?
    ) {
        switch expression.kind {
        case .subquery(let subquery):
            visitSubqueries(in: subquery.collection, context, bound: nil)
            var inner = Context(negated: context.negated, max: nil)
            // The variable's position identifies the subquery without comparing whole trees.
            if let bound, bound.subquery.variableLocation == subquery.variableLocation {
                inner.max = bound.max
                // At most 0 matching members: the subquery describes what must be absent.
                if bound.max <= 0 { inner.negated.toggle() }
            }
            visit(subquery.predicate, inner)
        case .keyPath(let base, _):
            if let base { visitSubqueries(in: base, context, bound: bound) }
        case .aggregate(let elements), .function(_, let elements):
            for element in elements { visitSubqueries(in: element, context, bound: nil) }
        case .index(let base, let position):
            visitSubqueries(in: base, context, bound: nil)
            if let index = position.expression { visitSubqueries(in: index, context, bound: nil) }
        case .arithmetic(_, let left, let right):
            visitSubqueries(in: left, context, bound: nil)
            visitSubqueries(in: right, context, bound: nil)
        case .negation(let operand):
            visitSubqueries(in: operand, context, bound: nil)
        case .string, .number, .boolean, .null, .evaluatedObject, .anyKey, .variable:
            break
        }
    }
}
