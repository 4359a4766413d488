/// Turns a `JSONValue` into text, the same bytes for the same value on every platform.
///
/// Members are written in the value's order, integers as plain digits, doubles in
/// Swift's shortest round-trip form (`0.1`, `3.0`, `1e-07`), non-finite doubles as
/// `null`. Strings escape `"`, `\`, every control character (U+0000 to U+001F,
/// U+007F to U+009F), the line and paragraph separators U+2028 and U+2029, which
/// JavaScript once refused in string literals, and U+FEFF, which some readers drop as
/// a stray byte-order mark; all other characters are written as UTF-8. `/` is not escaped. Foundation's encoders are not used: their key order
/// and number formatting differ between platforms and releases.
package struct JSONWriter: Sendable {
    package enum Style: Sendable, Hashable {
        /// One member or element per line, indented by `indentWidth` spaces, ending with a newline.
        case pretty
        /// Everything on one line, no spaces and no final newline (JSON Lines).
        case compact
    }

    package var style: Style
    package var indentWidth: Int

    package init(style: Style = .pretty, indentWidth: Int = 2) {
        self.style = style
        self.indentWidth = indentWidth
    }

    package func string(from value: JSONValue) -> String {
        var output = ""
        write(value, depth: 0, to: &output)
        if style == .pretty {
            output.append("\n")
        }
        return output
    }

    private func write(_ value: JSONValue, depth: Int, to output: inout String) {
        switch value {
        case .null:
            output.append("null")
        case .bool(let bool):
            output.append(bool ? "true" : "false")
        case .integer(let integer):
            output.append(String(integer))
        case .double(let double):
            output.append(Self.number(double))
        case .string(let string):
            Self.writeString(string, to: &output)
        case .array(let elements):
            writeContainer(elements, open: "[", close: "]", depth: depth, to: &output) { element, output in
                write(element, depth: depth + 1, to: &output)
            }
        case .object(let members):
            writeContainer(members, open: "{", close: "}", depth: depth, to: &output) { member, output in
                Self.writeString(member.key, to: &output)
                output.append(style == .pretty ? ": " : ":")
                write(member.value, depth: depth + 1, to: &output)
            }
        }
    }

    private func writeContainer<Element>(
        _ elements: [Element],
        open: String,
        close: String,
        depth: Int,
        to output: inout String,
        writeElement: (Element, inout String) -> Void
    ) {
        output.append(open)
        guard !elements.isEmpty else {
            output.append(close)
            return
        }
        for (index, element) in elements.enumerated() {
            if index > 0 {
                output.append(",")
            }
            newline(depth: depth + 1, to: &output)
            writeElement(element, &output)
        }
        newline(depth: depth, to: &output)
        output.append(close)
    }

    private func newline(depth: Int, to output: inout String) {
        guard style == .pretty else { return }
        output.append("\n")
        output.append(String(repeating: " ", count: depth * indentWidth))
    }

    static func number(_ double: Double) -> String {
        guard double.isFinite else { return "null" }
        // Swift's description is the shortest text that reads back as the same double,
        // computed by the standard library itself, so it does not vary by platform.
        return double.description
    }

    static func writeString(_ string: String, to output: inout String) {
        output.append("\"")
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output.append("\\\"")
            case "\\": output.append("\\\\")
            case "\n": output.append("\\n")
            case "\r": output.append("\\r")
            case "\t": output.append("\\t")
            case "\u{08}": output.append("\\b")
            case "\u{0C}": output.append("\\f")
            case "\u{00}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{2028}", "\u{2029}", "\u{FEFF}":
                output.append(unicodeEscape(scalar))
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        output.append("\"")
    }

    /// `\u` and four lowercase hex digits; only called for scalars below U+10000.
    private static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
    }
}
