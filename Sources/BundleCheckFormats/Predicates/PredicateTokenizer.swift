/// Splits a predicate into tokens: keywords in any case, `#`-escaped keys, `$variables`,
/// `@operators`, quoted strings with escapes, numbers (decimal, exponent, `0x`, `0o`, `0b`)
/// and the operators, with white space (newlines included) between any two of them.
///
/// A character it cannot read ends the list with an `.invalid` token, so the parser
/// reports the first problem in reading order, whether lexical or grammatical.
struct PredicateTokenizer {
    private let source: PredicateSource
    private let characters: [Character]
    private var index = 0
    private var line = 1
    private var column = 1
    /// Where a lexical error points when not at the token's first character.
    private var errorLocation: PredicateSourceLocation?

    init(source: PredicateSource) {
        self.source = source
        self.characters = source.characters
    }

    /// Every token, ending with `.end` (placed right after the last token) or `.invalid`.
    static func tokens(in source: PredicateSource) -> [PredicateToken] {
        var tokenizer = PredicateTokenizer(source: source)
        return tokenizer.readAll()
    }

    private mutating func readAll() -> [PredicateToken] {
        var tokens: [PredicateToken] = []
        var endLocation = location
        while true {
            skipWhiteSpace()
            guard index < characters.count else { break }
            let token = readToken()
            tokens.append(token)
            if case .invalid = token.kind { return tokens }
            endLocation = location
        }
        // The end sits just past the last token: trailing white space and newlines (common in
        // XML plists) would otherwise put the caret under an empty line.
        tokens.append(PredicateToken(kind: .end, text: "", location: endLocation))
        return tokens
    }

    private var location: PredicateSourceLocation {
        PredicateSourceLocation(offset: index, line: line, column: column, source: source)
    }

    private func peek(_ ahead: Int = 0) -> Character? {
        index + ahead < characters.count ? characters[index + ahead] : nil
    }

    private mutating func advance() {
        if PredicateSource.isLineBreak(characters[index]) {
            line += 1
            column = 1
        } else {
            column += 1
        }
        index += 1
    }

    private mutating func skipWhiteSpace() {
        while let character = peek(), character.isWhitespace {
            advance()
        }
    }

    private func text(from start: PredicateSourceLocation) -> String {
        String(characters[start.offset..<index])
    }

    private mutating func readToken() -> PredicateToken {
        let start = location
        let character = characters[index]
        let kind: PredicateTokenKind
        if character == "\"" || character == "'" {
            kind = readString(quote: character, start: start)
        } else if character.isASCII && character.isNumber {
            kind = readNumber()
        } else if Self.startsIdentifier(character) {
            kind = readWord()
        } else if character == "#" {
            kind = readEscapedIdentifier()
        } else if character == "$" {
            kind = readPrefixedName(kindName: "a variable name after '$'") { .variable($0) }
        } else if character == "@" {
            kind = readPrefixedName(kindName: "an operator name after '@' (such as @count)") { .collectionOperator($0) }
        } else {
            kind = readSymbol()
        }
        if case .invalid = kind, let errorLocation {
            return PredicateToken(kind: kind, text: text(from: start), location: errorLocation)
        }
        return PredicateToken(kind: kind, text: text(from: start), location: start)
    }

    static func startsIdentifier(_ character: Character) -> Bool {
        character == "_" || character.isLetter
    }

    static func continuesIdentifier(_ character: Character) -> Bool {
        character == "_" || character.isLetter || character.isNumber
    }

    private mutating func readName() -> String {
        var name = ""
        while let character = peek(), Self.continuesIdentifier(character) {
            name.append(character)
            advance()
        }
        return name
    }

    /// An identifier or keyword.
    private mutating func readWord() -> PredicateTokenKind {
        let word = readNameWithHyphenatedOperator()
        if let keyword = PredicateKeyword(word: word) {
            return .keyword(keyword)
        }
        return .identifier(word, escaped: false)
    }

    /// A name; `UTI-CONFORMS-TO` and `UTI-EQUALS` are the two words with hyphens, so
    /// they are read whole while `uti - 1` stays arithmetic.
    private mutating func readNameWithHyphenatedOperator() -> String {
        let name = readName()
        guard name.uppercased() == "UTI" else { return name }
        for suffix in ["-CONFORMS-TO", "-EQUALS"] where hyphenatedSuffixFollows(suffix) {
            var spelt = name
            for _ in 0..<suffix.count {
                spelt.append(characters[index])
                advance()
            }
            return spelt
        }
        return name
    }

    private func hyphenatedSuffixFollows(_ suffix: String) -> Bool {
        for (ahead, expected) in suffix.enumerated() {
            guard let character = peek(ahead), character.uppercased() == String(expected) else { return false }
        }
        guard let next = peek(suffix.count) else { return true }
        return !Self.continuesIdentifier(next)
    }

    /// `#IN`: a reserved word (or any name) used as a key.
    private mutating func readEscapedIdentifier() -> PredicateTokenKind {
        advance()
        guard let character = peek(), Self.startsIdentifier(character) else {
            errorLocation = location
            return .invalid(message: "expected a key after '#', found \(describeNext())")
        }
        return .identifier(readNameWithHyphenatedOperator(), escaped: true)
    }

    private mutating func readPrefixedName(kindName: String, make: (String) -> PredicateTokenKind) -> PredicateTokenKind {
        advance()
        guard let character = peek(), Self.startsIdentifier(character) else {
            errorLocation = location
            return .invalid(message: "expected \(kindName), found \(describeNext())")
        }
        return make(readName())
    }

    /// How the next character reads in a message.
    private func describeNext() -> String {
        guard let character = peek() else { return "end of predicate" }
        return Self.describe(character)
    }

    static func describe(_ character: Character) -> String {
        if PredicateSource.isLineBreak(character) { return "a line break" }
        if character.isWhitespace { return "white space" }
        if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
            scalar.value < 0x20 || scalar.value == 0x7F
        {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "the control character U+" + String(repeating: "0", count: 4 - hex.count) + hex
        }
        return "'\(character)'"
    }

    // MARK: Strings

    private mutating func readString(quote: Character, start: PredicateSourceLocation) -> PredicateTokenKind {
        advance()
        var value = ""
        while let character = peek() {
            if character == quote {
                advance()
                return .string(value)
            }
            if character == "\\" {
                let escapeLocation = location
                advance()
                switch readEscape() {
                case .success(let resolved):
                    value += resolved
                case .failure(let message):
                    errorLocation = escapeLocation
                    return .invalid(message: message)
                }
                continue
            }
            value.append(character)
            advance()
        }
        // Reported at the opening quote: that is where the reader has to look.
        let quoteName = quote == "\"" ? "'\"'" : "\"'\""
        return .invalid(message: "unterminated string: no closing \(quoteName) before the end of the predicate")
    }

    private enum EscapeResult {
        case success(String)
        case failure(String)
    }

    /// The character after a backslash. Unknown escapes keep the backslash, so regular
    /// expressions for MATCHES (`\d`) read as written.
    private mutating func readEscape() -> EscapeResult {
        guard let character = peek() else {
            return .failure("unterminated string: a backslash ends the predicate")
        }
        advance()
        switch character {
        case "\"", "'", "\\": return .success(String(character))
        case "n": return .success("\n")
        case "t": return .success("\t")
        case "r": return .success("\r")
        case "0": return .success("\0")
        case "u":
            var digits = ""
            while digits.count < 4, let next = peek(), next.isHexDigit, next.isASCII {
                digits.append(next)
                advance()
            }
            guard digits.count == 4, let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value) else {
                return .failure("expected four hexadecimal digits after '\\u' in a string, found \(describeNext())")
            }
            return .success(String(Character(scalar)))
        default:
            return .success("\\" + String(character))
        }
    }

    // MARK: Numbers

    private mutating func readNumber() -> PredicateTokenKind {
        let start = index
        if characters[index] == "0", let marker = peek(1), let radix = Self.radix(marker) {
            advance()
            advance()
            var digits = ""
            while let character = peek(), character.isASCII, character.isHexDigit {
                digits.append(character)
                advance()
            }
            guard !digits.isEmpty, !followedByIdentifier(), let magnitude = UInt64(digits, radix: radix) else {
                return malformedNumber(from: start, radix: radix)
            }
            return .number(.integer(PlistInteger(magnitude)))
        }
        var isReal = false
        skipDigits()
        if peek() == ".", let next = peek(1), next.isASCII, next.isNumber {
            isReal = true
            advance()
            skipDigits()
        }
        if let marker = peek(), marker == "e" || marker == "E" {
            var ahead = 1
            if let sign = peek(1), sign == "+" || sign == "-" { ahead = 2 }
            if let digit = peek(ahead), digit.isASCII, digit.isNumber {
                isReal = true
                for _ in 0..<ahead { advance() }
                skipDigits()
            }
        }
        guard !followedByIdentifier() else { return malformedNumber(from: start, radix: 10) }
        let text = String(characters[start..<index])
        if !isReal, let magnitude = UInt64(text) {
            return .number(.integer(PlistInteger(magnitude)))
        }
        guard let value = Double(text), value.isFinite else {
            return .invalid(message: "number \(PredicateToken.shortened(text)) is out of range")
        }
        return .number(.real(value))
    }

    private static func radix(_ marker: Character) -> Int? {
        switch marker {
        case "x", "X": 16
        case "o", "O": 8
        case "b", "B": 2
        default: nil
        }
    }

    private mutating func skipDigits() {
        while let character = peek(), character.isASCII, character.isNumber {
            advance()
        }
    }

    private func followedByIdentifier() -> Bool {
        guard let next = peek() else { return false }
        return Self.continuesIdentifier(next)
    }

    private mutating func malformedNumber(from start: Int, radix: Int) -> PredicateTokenKind {
        while let character = peek(), Self.continuesIdentifier(character) {
            advance()
        }
        let text = PredicateToken.shortened(String(characters[start..<index]))
        let kind =
            switch radix {
            case 16: "hexadecimal"
            case 8: "octal"
            case 2: "binary"
            default: "decimal"
            }
        return .invalid(message: "malformed \(kind) number '\(text)'")
    }

    // MARK: Operators

    private mutating func readSymbol() -> PredicateTokenKind {
        let character = characters[index]
        let next = peek(1)
        let two: [String: PredicateSymbol] = [
            "==": .equal, "=<": .lessOrEqual, "=>": .greaterOrEqual, "!=": .notEqual, "<>": .notEqual,
            "<=": .lessOrEqual, ">=": .greaterOrEqual, "&&": .and, "||": .or, "**": .power,
        ]
        if let next, let symbol = two[String(character) + String(next)] {
            advance()
            advance()
            return .symbol(symbol)
        }
        let one: [Character: PredicateSymbol] = [
            "(": .openParenthesis, ")": .closeParenthesis, "{": .openBrace, "}": .closeBrace,
            "[": .openBracket, "]": .closeBracket, ",": .comma, ".": .dot, "=": .equal,
            "<": .less, ">": .greater, "!": .not, "+": .plus, "-": .minus, "*": .times, "/": .divide,
        ]
        if let symbol = one[character] {
            advance()
            return .symbol(symbol)
        }
        return .invalid(message: Self.unexpectedCharacterMessage(character))
    }

    private static func unexpectedCharacterMessage(_ character: Character) -> String {
        let described = describe(character)
        switch character {
        case "&": return "unexpected character '&': the AND operator is written '&&' or AND"
        case "|": return "unexpected character '|': the OR operator is written '||' or OR"
        case "\u{201C}", "\u{201D}", "\u{2018}", "\u{2019}", "\u{00AB}", "\u{00BB}":
            return "unexpected character \(described): strings take straight quotes, \" or '"
        case ":": return "unexpected character ':': assignments (:=) have no place in a predicate"
        default: return "unexpected character \(described)"
        }
    }
}
