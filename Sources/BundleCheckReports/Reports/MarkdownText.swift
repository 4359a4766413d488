/// Escaping for the Markdown reports (the release review, the privacy report): what a package
/// wrote is shown as text, never as a link, an image, markup or a broken table.
package enum MarkdownText {
    /// Text inside backticks: a backtick would end the span, a newline the line.
    package static func code(_ text: String) -> String {
        ReportText.printable(text).replacingOccurrences(of: "`", with: "'")
    }

    /// Code in a table cell: GitHub ends the cell at a `|` even inside backticks.
    package static func codeCell(_ text: String) -> String {
        code(text).replacingOccurrences(of: "|", with: "\\|")
    }

    /// A table cell: as `escape`, and `|` would end the cell.
    package static func cell(_ text: String) -> String {
        escape(text).replacingOccurrences(of: "|", with: "\\|")
    }

    /// Text a package wrote, shown as text: Markdown's punctuation and HTML escaped, control
    /// characters made visible, so a bundle name cannot turn into a link, an image or markup.
    package static func escape(_ text: String) -> String {
        var result = ""
        for character in ReportText.printable(text) {
            switch character {
            case "\\", "`", "*", "_", "[", "]", "<", ">", "#", "!", "|", "~", "(", ")":
                result.append("\\")
                result.append(character)
            case "&":
                result.append("&amp;")
            default:
                result.append(character)
            }
        }
        // At the start of a list item or line, `+ `, `- ` and `1. ` would start a list of their
        // own: a marker followed by a space or nothing. (`)` is escaped above.)
        func endsMarker(_ index: String.Index) -> Bool {
            let next = result.index(after: index)
            return next == result.endIndex || result[next] == " "
        }
        if let first = result.indices.first, "+-".contains(result[first]), endsMarker(first) {
            result.insert("\\", at: first)
        } else if let marker = result.firstIndex(where: { !$0.isASCII || !$0.isNumber }), marker != result.startIndex, result[marker] == ".", endsMarker(marker)
        {
            result.insert("\\", at: marker)
        }
        return result
    }
}
