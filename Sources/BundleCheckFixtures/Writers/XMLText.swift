/// XML text built line by line with libxml2's indentation (one space a level), as libxar
/// writes its table of contents and productbuild its Distribution.
struct XMLText {
    private(set) var text = ""
    let indent: String

    init(indent: String = " ") {
        self.indent = indent
    }

    mutating func line(_ depth: Int, _ content: String) {
        text += String(repeating: indent, count: depth) + content + "\n"
    }

    /// `text` with `&`, `<`, `>` and `"` escaped, for element text and attribute values.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
