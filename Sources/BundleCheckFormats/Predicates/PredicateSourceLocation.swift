/// Where a token or node starts inside its predicate: a character offset and a 1-based
/// line and column (lines counted by `\n`), with the excerpt drawn from the shared source.
public struct PredicateSourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// Index of the character, from 0.
    public let offset: Int
    public let line: Int
    public let column: Int
    let source: PredicateSource

    init(offset: Int, line: Int, column: Int, source: PredicateSource) {
        self.offset = offset
        self.line = line
        self.column = column
        self.source = source
    }

    /// The offending line followed by a line with a caret under the column.
    public var excerpt: String {
        source.excerpt(line: line, column: column)
    }

    public var description: String {
        "\(line):\(column)"
    }

    // Two locations are the same place whichever copy of the text they point into.
    public static func == (lhs: PredicateSourceLocation, rhs: PredicateSourceLocation) -> Bool {
        lhs.offset == rhs.offset && lhs.line == rhs.line && lhs.column == rhs.column
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(offset)
        hasher.combine(line)
        hasher.combine(column)
    }
}
