/// A semantic problem of a predicate that parses, located like a syntax error.
public struct PredicateIssue: Sendable, Hashable, CustomStringConvertible {
    public let severity: PredicateIssueSeverity
    /// Lowercase, e.g. "$attachment is not bound by an enclosing SUBQUERY".
    public let message: String
    public let location: PredicateSourceLocation

    /// Index of the character at fault, from 0.
    public var offset: Int { location.offset }
    /// 1-based, inside the predicate string.
    public var line: Int { location.line }
    /// 1-based, inside the predicate string.
    public var column: Int { location.column }
    /// The offending line of the predicate, then a caret under the column.
    public var excerpt: String { location.excerpt }

    public var description: String {
        "\(line):\(column): \(severity.rawValue): \(message)\n\(excerpt)"
    }
}
