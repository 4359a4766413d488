/// Constant folding: whether a predicate is true or false whatever it is evaluated
/// against, proved from literals alone.
///
/// `TRUEPREDICATE`, `FALSEPREDICATE`, comparisons between two literals (`1 == 1`,
/// `"a" == "a"`, `2 > 1`, `TRUE == YES`, `1 IN {1, 2}`, `ANY {1, 2} == 1`) and the
/// connectives over them. A key path or variable makes a comparison unknown, but a
/// connective can still decide: `X OR TRUEPREDICATE` is true, `X AND FALSEPREDICATE` false.
enum PredicateFolding {
    /// true or false when provable, nil when it depends on what is evaluated.
    static func truthValue(of predicate: Predicate) -> Bool? {
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
            return any(
                elements.lazy.map { element in
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

/// A literal operand, and what can be proved about comparing two of them without
/// evaluating anything. Every answer is nil when Foundation's result is not certain
/// (mixed strings and numbers, LIKE patterns, non-ASCII text under `[cd]`).
enum PredicateLiteral: Sendable, Hashable {
    case string(String)
    case number(PredicateNumber)
    case boolean(Bool)
    case null

    init?(_ expression: PredicateExpression) {
        switch expression.kind {
        case .string(let value): self = .string(value)
        case .number(let value): self = .number(value)
        case .boolean(let value): self = .boolean(value)
        case .null: self = .null
        default: return nil
        }
    }

    /// The truth of `self operator other`, or nil when it is not provable.
    func compared(
        to other: PredicateLiteral, by comparisonOperator: PredicateComparisonOperator, options: PredicateComparisonOptions
    ) -> Bool? {
        switch comparisonOperator {
        case .equal:
            return isEqual(to: other, options: options)
        case .notEqual:
            return isEqual(to: other, options: options).map { !$0 }
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard let order = numericOrder(other) else { return nil }
            switch comparisonOperator {
            case .less: return order < 0
            case .lessOrEqual: return order <= 0
            case .greater: return order > 0
            default: return order >= 0
            }
        case .beginsWith, .endsWith, .contains:
            guard case .string(let text) = self, case .string(let part) = other,
                let haystack = Self.scalars(text, options), let needle = Self.scalars(part, options),
                !needle.isEmpty // Foundation finds no range for an empty string
            else { return nil }
            switch comparisonOperator {
            case .beginsWith: return haystack.starts(with: needle)
            case .endsWith: return haystack.reversed().starts(with: needle.reversed())
            default: return Self.occurs(needle, in: haystack)
            }
        case .utiEquals, .utiConformsTo:
            // Identifiers compare without regard to case, and every type conforms to itself;
            // anything else needs the system's type database.
            guard case .string(let type) = self, case .string(let target) = other,
                type.lowercased() == target.lowercased()
            else { return nil }
            return true
        case .like, .matches, .in, .between:
            return nil
        }
    }

    private func isEqual(to other: PredicateLiteral, options: PredicateComparisonOptions) -> Bool? {
        switch (self, other) {
        case (.null, .null):
            return true
        case (.null, _), (_, .null):
            return false
        case (.string(let left), .string(let right)):
            guard let left = Self.scalars(left, options), let right = Self.scalars(right, options) else { return nil }
            return left == right
        case (.boolean(let left), .boolean(let right)):
            return left == right
        case (.string, _), (_, .string):
            return nil
        default:
            return numericOrder(other).map { $0 == 0 }
        }
    }

    /// -1, 0 or 1 for numbers (booleans count as 1 and 0, as NSNumber has them), else nil.
    private func numericOrder(_ other: PredicateLiteral) -> Int? {
        guard let left = numberValue, let right = other.numberValue else { return nil }
        if case .integer(let a) = left, case .integer(let b) = right {
            return Self.order(a, b)
        }
        let a = left.doubleValue, b = right.doubleValue
        guard !a.isNaN, !b.isNaN else { return nil }
        return a < b ? -1 : (a > b ? 1 : 0)
    }

    private var numberValue: PredicateNumber? {
        switch self {
        case .number(let value): value
        case .boolean(let value): .integer(PlistInteger(value ? 1 : 0))
        default: nil
        }
    }

    private static func order(_ a: PlistInteger, _ b: PlistInteger) -> Int {
        if a.isNegative != b.isNegative { return a.isNegative ? -1 : 1 }
        let magnitudeOrder = a.magnitude < b.magnitude ? -1 : (a.magnitude > b.magnitude ? 1 : 0)
        return a.isNegative ? -magnitudeOrder : magnitudeOrder
    }

    /// The scalars to compare: exactly as written without options (Foundation compares
    /// literally), lowercased under `[c]` for ASCII text; nil when options meet non-ASCII text.
    private static func scalars(_ text: String, _ options: PredicateComparisonOptions) -> [Unicode.Scalar]? {
        let scalars = Array(text.unicodeScalars)
        guard !options.isEmpty else { return scalars }
        guard scalars.allSatisfy(\.isASCII) else { return nil }
        guard options.contains(.caseInsensitive) else { return scalars }
        return scalars.map { scalar in
            (0x41...0x5A).contains(scalar.value) ? Unicode.Scalar(scalar.value + 0x20)! : scalar
        }
    }

    private static func occurs(_ needle: [Unicode.Scalar], in haystack: [Unicode.Scalar]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start..<start + needle.count].elementsEqual(needle) {
            return true
        }
        return false
    }
}
