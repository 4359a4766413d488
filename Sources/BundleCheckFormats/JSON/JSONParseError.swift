/// Why `JSONParser` refused a document, and where: the byte offset from the document's
/// first byte, and the line and column a person finds it at.
///
/// Lines end at LF, CRLF or a lone CR; a column counts characters (Unicode scalars) from 1,
/// not bytes, and a byte-order mark the parser skipped is not one. The description reads
/// `line 3, column 14: expected ',' or '}' after an object member, found '"'`.
package struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    package let reason: Reason
    /// Bytes before the problem; the document's length when it ends too soon.
    package let offset: Int
    package let line: Int
    package let column: Int

    package init(_ reason: Reason, offset: Int, line: Int, column: Int) {
        self.reason = reason
        self.offset = offset
        self.line = line
        self.column = column
    }

    package var description: String {
        "line \(line), column \(column): \(reason)"
    }

    /// What is wrong. Each cap of `JSONLimits` has a case of its own, which holds the cap.
    package enum Reason: Sendable, Hashable, CustomStringConvertible {
        /// The document stops where `Expected` should come (an empty document expects a value).
        case unexpectedEnd(Expected)
        /// A byte that cannot start what `Expected` says should come.
        case unexpectedByte(UInt8, Expected)
        /// `[1,]` or `{"a":1,}`: at the comma; the byte is the bracket that follows it.
        case trailingComma(UInt8)
        /// A `/` where a token should be: JSON has no comments.
        case comment
        /// A word that is not `true`, `false` or `null` (`NaN`, `Infinity`, `tru`); at most
        /// its first 32 bytes.
        case invalidLiteral(String)
        /// `01`, `-00`: only a lone zero may start with 0.
        case leadingZero
        /// A sign, decimal point or exponent marker with no digit after it.
        case missingDigits(after: NumberPart)
        /// A number whose magnitude is beyond the largest finite double: JSON cannot carry
        /// infinity. (One too small for a double becomes 0 or a subnormal, as it rounds.)
        case numberOutOfRange
        /// The document ends inside a string (at the document's end; the string's start is lost).
        case unterminatedString
        /// A byte below 0x20 in a string, which must be escaped.
        case controlCharacter(UInt8)
        /// A backslash followed by a byte that starts no escape.
        case invalidEscape(UInt8)
        /// `\u` without four hexadecimal digits after it.
        case invalidUnicodeEscape
        /// A `\u` escape of half a surrogate pair without the other half right after it.
        case loneSurrogate(UInt16)
        /// Bytes that are not UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing past
        /// U+10FFFF), at the sequence's first byte.
        case invalidUTF8
        /// `JSONLimits.maxBytes`: at offset 0, the whole document is the problem.
        case documentTooLarge(bytes: Int, limit: Int)
        /// `JSONLimits.maxDepth`, at the bracket that opens one level too many.
        case tooDeep(limit: Int)
        /// `JSONLimits.maxValues`, at the first value past the cap.
        case tooManyValues(limit: Int)
        /// `JSONLimits.maxStringBytes`, at the string's opening quote.
        case stringTooLong(limit: Int)
        /// `JSONLimits.maxNumberLength`, at the number's first byte.
        case numberTooLong(limit: Int)

        /// Whether the document was refused for a cap of `JSONLimits` rather than its syntax.
        package var isCap: Bool {
            switch self {
            case .documentTooLarge, .tooDeep, .tooManyValues, .stringTooLong, .numberTooLong: true
            default: false
            }
        }

        package var description: String {
            switch self {
            case .unexpectedEnd(let expected): "expected \(expected), found the end of the document"
            case .unexpectedByte(let byte, let expected): "expected \(expected), found \(Self.name(of: byte))"
            case .trailingComma(let bracket): "a comma before '\(Character(Unicode.Scalar(bracket)))': JSON allows no trailing comma"
            case .comment: "a comment: JSON has none"
            case .invalidLiteral(let word): "'\(word)' is not a JSON value (the only words are true, false and null)"
            case .leadingZero: "a number with a leading zero"
            case .missingDigits(let part): "expected a digit \(part)"
            case .numberOutOfRange: "a number too large for a double (JSON cannot carry infinity)"
            case .unterminatedString: "the document ends inside a string"
            case .controlCharacter(let byte): "a control character (U+\(Self.hex(byte, digits: 4))) in a string, which must be escaped"
            case .invalidEscape(let byte): "\(Self.name(of: byte)) after a backslash starts no escape"
            case .invalidUnicodeEscape: "expected four hexadecimal digits after '\\u'"
            case .loneSurrogate(let unit): "'\\u\(Self.hex(unit, digits: 4))' is half of a surrogate pair, without its other half"
            case .invalidUTF8: "bytes that are not UTF-8"
            case .documentTooLarge(let bytes, let limit): "the document is \(bytes) bytes, more than the \(limit) bytes allowed"
            case .tooDeep(let limit): "arrays and objects nested deeper than \(limit) levels"
            case .tooManyValues(let limit): "more than \(limit) values"
            case .stringTooLong(let limit): "a string longer than \(limit) bytes"
            case .numberTooLong(let limit): "a number longer than \(limit) characters"
            }
        }

        /// A printable ASCII byte in quotes, any other by its value (a byte of a UTF-8
        /// sequence is not a character by itself).
        private static func name(of byte: UInt8) -> String {
            (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(hex(byte, digits: 2))"
        }

        private static func hex(_ value: some BinaryInteger, digits: Int) -> String {
            let text = String(value, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, digits - text.count)) + text
        }
    }

    /// What the parser was looking for where it stopped.
    package enum Expected: Sendable, Hashable, CustomStringConvertible {
        /// At the top, after `:`, and after `,` in an array.
        case value
        /// After `[`.
        case valueOrArrayEnd
        /// After `{`.
        case keyOrObjectEnd
        /// After `,` in an object.
        case key
        case colon
        case commaOrObjectEnd
        case commaOrArrayEnd
        /// After the top-level value, where only whitespace may follow.
        case endOfDocument

        package var description: String {
            switch self {
            case .value: "a value"
            case .valueOrArrayEnd: "a value or ']'"
            case .keyOrObjectEnd: "a string key or '}'"
            case .key: "a string key after ','"
            case .colon: "':' after an object key"
            case .commaOrObjectEnd: "',' or '}' after an object member"
            case .commaOrArrayEnd: "',' or ']' after an array element"
            case .endOfDocument: "the end of the document after its value"
            }
        }
    }

    /// Where in a number digits were missing.
    package enum NumberPart: Sendable, Hashable, CustomStringConvertible {
        case sign
        case decimalPoint
        case exponent

        package var description: String {
            switch self {
            case .sign: "after '-'"
            case .decimalPoint: "after the decimal point"
            case .exponent: "in the exponent"
            }
        }
    }
}
