/// Reads the old-style text form of a `.strings` file: `"KEY" = "value";` pairs, with `/* */`
/// and `//` comments, quoted strings with backslash escapes, unquoted words, an optional pair of
/// braces around the whole, and `"KEY";` for a value equal to its key.
///
/// The text is hostile input: every index is checked against the end, nothing recurses, an
/// unterminated string or comment is an error with its line, and the number of pairs is capped
/// (`StringsFileLimits`).
/// Values other than strings (arrays, dictionaries, data) are refused: InfoPlist.strings holds
/// strings only.
struct StringsFileParser {
    private let scalars: [Unicode.Scalar]
    private let file: String
    private let limits: StringsFileLimits
    private var index = 0
    private var line = 1

    private init(scalars: [Unicode.Scalar], file: String, limits: StringsFileLimits) {
        self.scalars = scalars
        self.file = file
        self.limits = limits
    }

    /// Parses decoded text (the caller has dealt with the byte encoding).
    static func parse(_ text: String, file: String, limits: StringsFileLimits = .standard) throws -> [StringsFileEntry] {
        var parser = StringsFileParser(scalars: Array(text.unicodeScalars), file: file, limits: limits)
        return try parser.parseFile()
    }

    private mutating func parseFile() throws -> [StringsFileEntry] {
        var entries: [StringsFileEntry] = []
        try skipSpaceAndComments()
        let braced = peek == "{"
        if braced {
            advance()
            try skipSpaceAndComments()
        }
        while let next = peek, !(braced && next == "}") {
            guard entries.count < limits.maxEntries else {
                throw malformed("more than \(limits.maxEntries) entries")
            }
            entries.append(try parsePair())
            try skipSpaceAndComments()
        }
        if braced {
            guard peek == "}" else { throw malformed("the closing brace is missing") }
            advance()
            try skipSpaceAndComments()
            guard peek == nil else { throw malformed("text after the closing brace") }
        }
        return entries
    }

    private mutating func parsePair() throws -> StringsFileEntry {
        let keyLine = line
        let key = try parseString(what: "a key")
        try skipSpaceAndComments()
        var value = key
        if peek == "=" {
            advance()
            try skipSpaceAndComments()
            value = try parseString(what: "a value")
            try skipSpaceAndComments()
        }
        guard peek == ";" else {
            throw malformed(peek == nil ? "the file ends before ';'" : "expected ';' after '\(key)', found '\(peek!)'")
        }
        advance()
        return StringsFileEntry(key: key, value: value, line: keyLine)
    }

    // MARK: - Strings

    private mutating func parseString(what: String) throws -> String {
        guard let first = peek else { throw malformed("the file ends where \(what) should be") }
        if first == "\"" {
            return try parseQuoted()
        }
        guard Self.isUnquoted(first) else {
            if first == "(" || first == "{" || first == "<" {
                throw malformed("\(what) is an array, dictionary or data; a strings file holds strings only")
            }
            throw malformed("expected \(what), found '\(first)'")
        }
        var text = String.UnicodeScalarView()
        while let scalar = peek, Self.isUnquoted(scalar) {
            text.append(scalar)
            advance()
        }
        return String(text)
    }

    private mutating func parseQuoted() throws -> String {
        let startLine = line
        advance()
        var text = String.UnicodeScalarView()
        // A \U escape of a UTF-16 high surrogate waiting for its low half.
        var highSurrogate: UInt32?
        while true {
            guard let scalar = peek else {
                throw malformed("the string that starts on line \(startLine) is not closed", line: startLine)
            }
            advance()
            if scalar == "\"" { break }
            guard scalar == "\\" else {
                flush(&highSurrogate, into: &text)
                text.append(scalar)
                continue
            }
            guard let escaped = peek else {
                throw malformed("the string that starts on line \(startLine) is not closed", line: startLine)
            }
            advance()
            if escaped == "U" || escaped == "u" {
                let unit = readDigits(radix: 16, maximumCount: 4)
                if (0xDC00...0xDFFF).contains(unit), let high = highSurrogate {
                    highSurrogate = nil
                    text.append(Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00)) ?? "\u{FFFD}")
                } else {
                    flush(&highSurrogate, into: &text)
                    if (0xD800...0xDBFF).contains(unit) {
                        highSurrogate = unit
                    } else {
                        text.append(Unicode.Scalar(unit) ?? "\u{FFFD}")
                    }
                }
                continue
            }
            flush(&highSurrogate, into: &text)
            if let first = Self.digit(escaped, radix: 8) {
                // Octal escapes name NeXTSTEP characters, ASCII below 128: read as Unicode code points.
                text.append(Unicode.Scalar(readDigits(radix: 8, maximumCount: 2, startingWith: first)) ?? "\u{FFFD}")
                continue
            }
            text.append(Self.escapes[escaped] ?? escaped)
        }
        flush(&highSurrogate, into: &text)
        return String(text)
    }

    /// A high surrogate with no low half after it stands for nothing: the replacement character.
    private func flush(_ highSurrogate: inout UInt32?, into text: inout String.UnicodeScalarView) {
        if highSurrogate != nil {
            text.append("\u{FFFD}")
            highSurrogate = nil
        }
    }

    private mutating func readDigits(radix: UInt32, maximumCount: Int, startingWith start: UInt32 = 0) -> UInt32 {
        var value = start
        var count = 0
        while count < maximumCount, let scalar = peek, let digit = Self.digit(scalar, radix: radix) {
            value = value * radix + digit
            advance()
            count += 1
        }
        return value
    }

    private static func digit(_ scalar: Unicode.Scalar, radix: UInt32) -> UInt32? {
        let value = scalar.value
        switch value {
        case 0x30...0x39 where value - 0x30 < radix: return value - 0x30
        case 0x41...0x46 where radix == 16: return value - 0x41 + 10
        case 0x61...0x66 where radix == 16: return value - 0x61 + 10
        default: return nil
        }
    }

    private static let escapes: [Unicode.Scalar: Unicode.Scalar] = [
        "a": "\u{07}", "b": "\u{08}", "f": "\u{0C}", "n": "\n", "r": "\r", "t": "\t", "v": "\u{0B}",
    ]

    /// Characters of an unquoted word, as in old-style property lists.
    private static func isUnquoted(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "$", "+", "/", ":", ".", "-": true
        default: false
        }
    }

    // MARK: - Space and comments

    private mutating func skipSpaceAndComments() throws {
        while let scalar = peek {
            if scalar.properties.isWhitespace || scalar == "\u{FEFF}" {
                advance()
            } else if scalar == "/", peek(at: 1) == "*" {
                let startLine = line
                advance(2)
                while !(peek == "*" && peek(at: 1) == "/") {
                    guard peek != nil else { throw malformed("the comment that starts on line \(startLine) is not closed", line: startLine) }
                    advance()
                }
                advance(2)
            } else if scalar == "/", peek(at: 1) == "/" {
                while let next = peek, next != "\n" { advance() }
            } else {
                return
            }
        }
    }

    // MARK: - Reading

    private var peek: Unicode.Scalar? { peek(at: 0) }

    private func peek(at offset: Int) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    private mutating func advance(_ count: Int = 1) {
        for _ in 0..<count where index < scalars.count {
            if scalars[index] == "\n" { line += 1 }
            index += 1
        }
    }

    private func malformed(_ reason: String, line: Int? = nil) -> BundleCheckError {
        .malformedPropertyList(file: file, reason: reason, line: line ?? self.line)
    }
}
