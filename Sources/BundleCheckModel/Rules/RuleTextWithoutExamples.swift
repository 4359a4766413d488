/// A rule file's text with its top-level `examples` block blanked out line for line: what a
/// built-in rule loads from, so that a run neither parses nor builds the examples (over half of
/// the shipped rules' text) while every other line keeps its number for messages. The block is
/// the `examples:` line at the margin and every line after it that is empty, indented, a
/// sequence entry (`- `) or a comment, up to the next key at the margin. The shipped rules'
/// other fields read the same either way (`RuleLoaderTests`); `RuleExamples` reads the examples
/// from the whole text when asked for.
enum RuleTextWithoutExamples {
    static func make(_ text: String) -> [UInt8] {
        var bytes = Array(text.utf8)
        var lineStart = 0
        var inBlock = false
        while lineStart < bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            let first = lineStart < lineEnd ? bytes[lineStart] : nil
            if startsExamples(bytes[lineStart..<lineEnd]) {
                inBlock = true
            } else if inBlock, let first, !continuesBlock(first) {
                inBlock = false
            }
            if inBlock {
                // Spaces, not nothing: a `\r` before the newline stays, and so does every column.
                for index in lineStart..<lineEnd where bytes[index] != UInt8(ascii: "\r") { bytes[index] = UInt8(ascii: " ") }
            }
            lineStart = lineEnd + 1
        }
        return bytes
    }

    private static let key = Array("examples:".utf8)

    /// `examples:` at the margin, followed by nothing, a space or a value.
    private static func startsExamples(_ line: ArraySlice<UInt8>) -> Bool {
        line.starts(with: key)
    }

    /// Whether a line beginning with `first` still belongs to the block.
    private static func continuesBlock(_ first: UInt8) -> Bool {
        switch first {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "-"), UInt8(ascii: "#"): true
        default: false
        }
    }
}
