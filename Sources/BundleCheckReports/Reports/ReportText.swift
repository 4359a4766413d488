import BundleCheckModel

/// Text helpers that every human-readable output shares (the text report, the rule listing,
/// `--explain`, the command's messages): counts with their nouns, sizes, and escaping of what a
/// package may smuggle into a terminal.
package enum ReportText {
    /// `1 error`, `0 errors`, `2 errors`.
    package static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// Sizes in decimal units as Finder and App Store Connect show them: `512 bytes`, `1.5 MB`.
    package static func byteCount(_ bytes: UInt64) -> String {
        ByteSizeText.decimal(bytes)
    }

    /// The text with every character that a terminal would act on, rather than show, escaped
    /// as `\u{1B}`; newlines and tabs as `\n` and `\t`, so each finding stays on its lines.
    package static func printable(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n":
                result += "\\n"
            case "\t":
                result += "\\t"
            case "\u{00}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{200E}", "\u{200F}", "\u{2028}", "\u{2029}",
                "\u{202A}"..."\u{202E}", "\u{2066}"..."\u{2069}", "\u{FEFF}":
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
