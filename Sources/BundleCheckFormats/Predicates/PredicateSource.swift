/// The text of one predicate, split into characters and lines once, shared by every
/// location that points into it so that excerpts can be drawn long after parsing.
final class PredicateSource: Sendable {
    let text: String
    let characters: [Character]
    /// The character offset at which each line starts; lines end at `\n` (or `\r\n`).
    let lineStarts: [Int]

    /// Lines longer than this are shown as a window around the column, so an excerpt stays readable.
    static let excerptWidth = 120

    init(_ text: String) {
        self.text = text
        let characters = Array(text)
        var lineStarts = [0]
        for (offset, character) in characters.enumerated() where Self.isLineBreak(character) {
            lineStarts.append(offset + 1)
        }
        self.characters = characters
        self.lineStarts = lineStarts
    }

    /// `\r\n` is one Character in Swift; both it and `\n` end a line.
    static func isLineBreak(_ character: Character) -> Bool {
        character == "\n" || character == "\r\n"
    }

    /// The text of `line` (1-based) without its line break, or "" past the end.
    func lineText(_ line: Int) -> [Character] {
        guard line >= 1, line <= lineStarts.count else { return [] }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] : characters.count
        if end > start, Self.isLineBreak(characters[end - 1]) { end -= 1 }
        if end > start, characters[end - 1] == "\r" { end -= 1 }
        return Array(characters[start..<end])
    }

    /// The line, then a line with `^` under `column`; tabs are kept so the caret lines up.
    func excerpt(line: Int, column: Int) -> String {
        var text = lineText(line)
        var caretIndex = max(0, column - 1)
        if text.count > Self.excerptWidth {
            let start = max(0, min(caretIndex - Self.excerptWidth / 2, text.count - Self.excerptWidth))
            let end = min(text.count, start + Self.excerptWidth)
            var window = Array(text[start..<end])
            caretIndex -= start
            if start > 0 {
                window.insert("…", at: 0)
                caretIndex += 1
            }
            if end < text.count { window.append("…") }
            text = window
        }
        let padding = text.prefix(caretIndex).map { $0 == "\t" ? "\t" : " " }.joined()
        let extra = String(repeating: " ", count: max(0, caretIndex - text.count))
        return String(text) + "\n" + padding + extra + "^"
    }
}

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
