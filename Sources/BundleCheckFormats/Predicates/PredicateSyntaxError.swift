/// A predicate that does not parse: what was expected and what was found, and where.
public struct PredicateSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Lowercase, e.g. "expected ')' to close SUBQUERY opened at column 1, found end of predicate".
    public let message: String
    public let location: PredicateSourceLocation

    init(_ message: String, at location: PredicateSourceLocation) {
        self.message = message
        self.location = location
    }

    /// Index of the character at fault, from 0.
    public var offset: Int { location.offset }
    /// 1-based, inside the predicate string.
    public var line: Int { location.line }
    /// 1-based, inside the predicate string.
    public var column: Int { location.column }
    /// The offending line of the predicate, then a caret under the column.
    public var excerpt: String { location.excerpt }

    public var description: String {
        "\(line):\(column): \(message)\n\(excerpt)"
    }
}
