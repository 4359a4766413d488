/// Escaping for the XML reports: a package's strings may hold markup or control characters,
/// and one stray byte would make the whole report unreadable to the CI.
enum XMLText {
    /// Character data: `&`, `<` and `>` escaped (`>` too, so `]]>` cannot appear), carriage
    /// returns as references so parsers keep them, and characters XML 1.0 forbids removed.
    static func text(_ text: String) -> String {
        escape(text, inAttribute: false)
    }

    /// An attribute value in double quotes: also `"`, and newlines and tabs as references,
    /// which attribute normalisation would otherwise turn into spaces.
    static func attribute(_ text: String) -> String {
        escape(text, inAttribute: true)
    }

    /// XML 1.0's `Char` production; Swift scalars are never surrogates.
    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    private static func escape(_ text: String, inAttribute: Bool) -> String {
        var result = ""
        for scalar in text.unicodeScalars where isAllowed(scalar) {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\r": result += "&#13;"
            case "\"" where inAttribute: result += "&quot;"
            case "\n" where inAttribute: result += "&#10;"
            case "\t" where inAttribute: result += "&#9;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
