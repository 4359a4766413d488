/// Escaping for the HTML report: a package's strings (names, paths, plist values quoted in
/// messages) may hold markup, quotes that would close an attribute, or characters that
/// reorder or hide what the page shows.
package enum HTMLText {
    /// Text for element content and for attribute values in double or single quotes: `&`, `<`,
    /// `>`, `"` and `'` become entities, and what `ReportText.printable` escapes (control
    /// characters, line breaks, bidirectional overrides) is shown escaped, as the text report
    /// shows it, so a crafted string can neither add markup nor reorder the page.
    package static func escaped(_ text: String) -> String {
        var result = ""
        for character in ReportText.printable(text) {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }

    /// Multi-line text (a rule's rationale, a predicate's caret excerpt) as its lines, each
    /// escaped, for the caller to lay out; empty lines dropped when `skippingEmpty`.
    static func lines(_ text: String, skippingEmpty: Bool) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: skippingEmpty)
            .map(String.init)
            .filter { !skippingEmpty || !$0.allSatisfy(\.isWhitespace) }
            .map(escaped)
    }
}
