/// Semantic checks of a parsed predicate, for mistakes that parse but cannot work:
///
/// - every `$variable` is bound by an enclosing SUBQUERY;
/// - the operands of `UTI-CONFORMS-TO` and `UTI-EQUALS` (string literals, or each string
///   of an aggregate) are well-formed type identifiers (errors), and known system types
///   (notes otherwise, since a custom type is legitimate once the app declares it);
/// - `@count` is compared with non-negative integer literals;
/// - collection operators are ones Key-Value Coding has (`@count`, `@sum`, …).
struct PredicateAnalyzer {
    private let types: KnownTypeIdentifiers
    private var issues: [PredicateIssue] = []

    /// The operators Key-Value Coding understands; they are case-sensitive.
    static let collectionOperators = [
        "count", "sum", "avg", "min", "max", "distinctUnionOfObjects", "unionOfObjects",
        "distinctUnionOfArrays", "unionOfArrays", "distinctUnionOfSets",
    ]

    private init(types: KnownTypeIdentifiers) {
        self.types = types
    }

    /// Every issue, in the order its position appears in the text; type literals are checked
    /// against `types`.
    static func issues(in predicate: Predicate, types: KnownTypeIdentifiers) -> [PredicateIssue] {
        var analyzer = PredicateAnalyzer(types: types)
        analyzer.visit(predicate, bound: [])
        return analyzer.issues.enumerated()
            .sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }
            .map(\.element)
    }

    private mutating func report(_ severity: PredicateIssueSeverity, _ message: String, at location: PredicateSourceLocation) {
        issues.append(PredicateIssue(severity: severity, message: message, location: location))
    }

    private mutating func visit(_ predicate: Predicate, bound: [String]) {
        switch predicate.kind {
        case .constant:
            break
        case .not(let operand):
            visit(operand, bound: bound)
        case .and(let operands), .or(let operands):
            for operand in operands { visit(operand, bound: bound) }
        case .comparison(let comparison):
            visit(comparison.left, bound: bound)
            visit(comparison.right, bound: bound)
            if comparison.comparisonOperator.comparesTypeIdentifiers {
                checkTypeIdentifiers(comparison)
            }
            checkCount(comparison.left, comparedWith: comparison.right)
            checkCount(comparison.right, comparedWith: comparison.left)
        }
    }

    private mutating func visit(_ expression: PredicateExpression, bound: [String]) {
        switch expression.kind {
        case .string, .number, .boolean, .null, .evaluatedObject, .anyKey:
            break
        case .variable(let name):
            if !bound.contains(name) {
                report(.error, "$\(name) is not bound by an enclosing SUBQUERY", at: expression.location)
            }
        case .keyPath(let base, let components):
            if let base { visit(base, bound: bound) }
            for component in components where component.isCollectionOperator {
                checkCollectionOperator(component)
            }
        case .aggregate(let elements), .function(_, let elements):
            for element in elements { visit(element, bound: bound) }
        case .subquery(let subquery):
            // The collection is evaluated outside; only the predicate sees the variable.
            visit(subquery.collection, bound: bound)
            visit(subquery.predicate, bound: bound + [subquery.variable])
        case .index(let base, let position):
            visit(base, bound: bound)
            if let index = position.expression { visit(index, bound: bound) }
        case .arithmetic(_, let left, let right):
            visit(left, bound: bound)
            visit(right, bound: bound)
        case .negation(let operand):
            visit(operand, bound: bound)
        }
    }

    private mutating func checkCollectionOperator(_ component: PredicateKeyPathComponent) {
        guard !Self.collectionOperators.contains(component.name) else { return }
        var message = "unknown collection operator '@\(component.name)'"
        if let meant = Self.collectionOperators.first(where: { $0.lowercased() == component.name.lowercased() }) {
            message += "; did you mean '@\(meant)'? (operators are case-sensitive)"
        } else {
            message += "; the operators are @count, @sum, @avg, @min, @max and the @…unionOf… family"
        }
        report(.error, message, at: component.location)
    }

    // MARK: Type identifiers

    private mutating func checkTypeIdentifiers(_ comparison: PredicateComparison) {
        let operatorName = comparison.comparisonOperator.rawValue
        // The right operand is the type to conform to; a literal on the left is a type too.
        // Key paths and variables on either side are left alone: their values are not known.
        for operand in [comparison.left, comparison.right] {
            for candidate in Self.members(of: operand) {
                switch candidate.kind {
                case .string(let identifier):
                    checkTypeIdentifier(identifier, at: candidate.location)
                case .number, .boolean, .null:
                    report(.error, "\(operatorName) compares type identifiers, found \(candidate)", at: candidate.location)
                default:
                    break
                }
            }
        }
    }

    /// The elements of an aggregate, or the expression itself.
    static func members(of expression: PredicateExpression) -> [PredicateExpression] {
        if case .aggregate(let elements) = expression.kind { return elements }
        return [expression]
    }

    private mutating func checkTypeIdentifier(_ identifier: String, at location: PredicateSourceLocation) {
        let shown = PredicateToken.shortened(identifier, limit: 80)
        if let problem = TypeIdentifierSyntax.problem(in: identifier, suggesting: types) {
            report(.error, "'\(shown)' is not a well-formed type identifier: \(problem)", at: location)
            return
        }
        guard !types.isKnown(identifier) else { return }
        let suggestion = types.suggestion(for: identifier).map { "; did you mean '\($0)'?" } ?? ""
        if identifier.lowercased().hasPrefix("public.") {
            report(
                .note, "unknown type identifier '\(shown)' in Apple's public namespace\(suggestion.isEmpty ? "; check the spelling" : suggestion)", at: location
            )
        } else {
            report(
                .note,
                "unknown type identifier '\(shown)'\(suggestion); if it is your own type, declare it in UTExportedTypeDeclarations",
                at: location
            )
        }
    }

    // MARK: Counts

    /// `x.@count` may only be compared with non-negative integer literals (one, or each of an aggregate).
    private mutating func checkCount(_ counted: PredicateExpression, comparedWith other: PredicateExpression) {
        guard case .keyPath(_, let components) = counted.kind, let last = components.last,
            last.isCollectionOperator, last.name == "count"
        else { return }
        for value in Self.members(of: other) {
            let shown: String
            switch value.kind {
            case .number(.integer(let integer)) where !integer.isNegative:
                continue
            case .number(let number):
                shown = number.description
            case .string(let text):
                shown = "'\(PredicateToken.shortened(text))'"
            case .boolean, .null:
                shown = value.description
            default:
                continue
            }
            report(.error, "@count is compared with \(shown); counts are non-negative integers", at: value.location)
        }
    }
}

/// A semantic problem of a predicate that parses, located like a syntax error.
struct PredicateIssue: Sendable, Hashable, CustomStringConvertible {
    let severity: PredicateIssueSeverity
    /// Lowercase, e.g. "$attachment is not bound by an enclosing SUBQUERY".
    let message: String
    let location: PredicateSourceLocation

    /// Index of the character at fault, from 0.
    var offset: Int { location.offset }
    /// 1-based, inside the predicate string.
    var line: Int { location.line }
    /// 1-based, inside the predicate string.
    var column: Int { location.column }
    /// The offending line of the predicate, then a caret under the column.
    var excerpt: String { location.excerpt }

    var description: String {
        "\(line):\(column): \(severity.rawValue): \(message)\n\(excerpt)"
    }
}

/// How much a semantic issue of a predicate matters.
enum PredicateIssueSeverity: String, Sendable, Hashable {
    /// The predicate cannot work as written.
    case error
    /// Worth a look, but possibly intended (a custom type identifier).
    case note
}
