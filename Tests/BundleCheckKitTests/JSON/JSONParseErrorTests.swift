import BundleCheckFormats
import Testing

/// Every kind of syntax error, with where `JSONParser` says it is.
@Suite struct JSONParseErrorTests {
    struct Case: Sendable, CustomStringConvertible {
        let text: String
        let reason: JSONParseError.Reason
        let line: Int
        let column: Int
        var description: String { text.debugDescription }

        init(_ text: String, _ reason: JSONParseError.Reason, line: Int = 1, column: Int) {
            self.text = text
            self.reason = reason
            self.line = line
            self.column = column
        }
    }

    static func failure(_ bytes: [UInt8]) -> JSONParseError? {
        do {
            let value = try JSONParser().parse(bytes)
            Issue.record("parsed as \(value)")
            return nil
        } catch {
            return error
        }
    }

    static let cases: [Case] = [
        // Structure.
        Case("", .unexpectedEnd(.value), column: 1),
        Case("   \n  ", .unexpectedEnd(.value), line: 2, column: 3),
        Case("[", .unexpectedEnd(.valueOrArrayEnd), column: 2),
        Case("[1", .unexpectedEnd(.commaOrArrayEnd), column: 3),
        Case("[1,", .unexpectedEnd(.value), column: 4),
        Case("{", .unexpectedEnd(.keyOrObjectEnd), column: 2),
        Case(#"{"a""#, .unexpectedEnd(.colon), column: 5),
        Case(#"{"a":"#, .unexpectedEnd(.value), column: 6),
        Case(#"{"a":1"#, .unexpectedEnd(.commaOrObjectEnd), column: 7),
        Case(#"{"a":1,"#, .unexpectedEnd(.key), column: 8),
        Case("{\n  \"a\": 1\n  \"b\": 2\n}", .unexpectedByte(UInt8(ascii: "\""), .commaOrObjectEnd), line: 3, column: 3),
        Case("[1 2]", .unexpectedByte(UInt8(ascii: "2"), .commaOrArrayEnd), column: 4),
        Case("[,1]", .unexpectedByte(UInt8(ascii: ","), .valueOrArrayEnd), column: 2),
        Case("[1,,2]", .unexpectedByte(UInt8(ascii: ","), .value), column: 4),
        Case("{a: 1}", .unexpectedByte(UInt8(ascii: "a"), .keyOrObjectEnd), column: 2),
        Case(#"{"a": 1, 2: 3}"#, .unexpectedByte(UInt8(ascii: "2"), .key), column: 10),
        Case(#"{"a" 1}"#, .unexpectedByte(UInt8(ascii: "1"), .colon), column: 6),
        Case(#"{"a"=1}"#, .unexpectedByte(UInt8(ascii: "="), .colon), column: 5),
        Case("[1}", .unexpectedByte(UInt8(ascii: "}"), .commaOrArrayEnd), column: 3),
        Case(#"{"a":1]"#, .unexpectedByte(UInt8(ascii: "]"), .commaOrObjectEnd), column: 7),
        Case("]", .unexpectedByte(UInt8(ascii: "]"), .value), column: 1),
        Case("1 2", .unexpectedByte(UInt8(ascii: "2"), .endOfDocument), column: 3),
        Case("{} {}", .unexpectedByte(UInt8(ascii: "{"), .endOfDocument), column: 4),
        Case("[1]\n\n x", .unexpectedByte(UInt8(ascii: "x"), .endOfDocument), line: 3, column: 2),
        Case("+1", .unexpectedByte(UInt8(ascii: "+"), .value), column: 1),
        Case(".5", .unexpectedByte(UInt8(ascii: "."), .value), column: 1),
        Case("'a'", .unexpectedByte(UInt8(ascii: "'"), .value), column: 1),
        // A form feed and a no-break space are not JSON whitespace.
        Case("[\u{0C}1]", .unexpectedByte(0x0C, .valueOrArrayEnd), column: 2),
        Case("[\u{A0}1]", .unexpectedByte(0xC2, .valueOrArrayEnd), column: 2),
        Case("[\"\u{E9}\u{1F600}\" ?]", .unexpectedByte(UInt8(ascii: "?"), .commaOrArrayEnd), column: 7),
        Case("[1]\u{FEFF}", .unexpectedByte(0xEF, .endOfDocument), column: 4),
        Case("[1,]", .trailingComma(UInt8(ascii: "]")), column: 3),
        Case("{\"a\": 1,\n}", .trailingComma(UInt8(ascii: "}")), column: 8),
        Case("// note\n1", .comment, column: 1),
        Case("[1, /* two */ 2]", .comment, column: 5),
        Case("{\"a\": 1 # note\n}", .unexpectedByte(UInt8(ascii: "#"), .commaOrObjectEnd), column: 9),
        // Words.
        Case("NaN", .invalidLiteral("NaN"), column: 1),
        Case("[Infinity]", .invalidLiteral("Infinity"), column: 2),
        Case("[1, tru]", .invalidLiteral("tru"), column: 5),
        Case("nulll", .invalidLiteral("nulll"), column: 1),
        Case("True", .invalidLiteral("True"), column: 1),
        Case("undefined", .invalidLiteral("undefined"), column: 1),
        Case("true1", .unexpectedByte(UInt8(ascii: "1"), .endOfDocument), column: 5),
        // Numbers.
        Case("01", .leadingZero, column: 1),
        Case("[-007]", .leadingZero, column: 2),
        Case("-", .missingDigits(after: .sign), column: 2),
        Case("-Infinity", .missingDigits(after: .sign), column: 2),
        Case("[- 1]", .missingDigits(after: .sign), column: 3),
        Case("1.", .missingDigits(after: .decimalPoint), column: 3),
        Case("1.e5", .missingDigits(after: .decimalPoint), column: 3),
        Case("1e", .missingDigits(after: .exponent), column: 3),
        Case("[1e+]", .missingDigits(after: .exponent), column: 5),
        Case("1e400", .numberOutOfRange, column: 1),
        Case("[0, -1.8e308]", .numberOutOfRange, column: 5),
        // Strings.
        Case("\"abc", .unterminatedString, column: 5),
        Case("[\"a\\", .unterminatedString, column: 5),
        Case("\"\\u00", .unterminatedString, column: 6),
        Case("\"a\nb\"", .controlCharacter(0x0A), column: 3),
        Case("\"tab\there\"", .controlCharacter(0x09), column: 5),
        Case("\"\u{00}\"", .controlCharacter(0x00), column: 2),
        Case(#""\x""#, .invalidEscape(UInt8(ascii: "x")), column: 2),
        Case(#""\'""#, .invalidEscape(UInt8(ascii: "'")), column: 2),
        Case(#""\U0041""#, .invalidEscape(UInt8(ascii: "U")), column: 2),
        Case(#""\u12G4""#, .invalidUnicodeEscape, column: 2),
        Case(#""\u12""#, .invalidUnicodeEscape, column: 2),
        Case(#""ok \uD800""#, .loneSurrogate(0xD800), column: 5),
        Case(#""\uD800x""#, .loneSurrogate(0xD800), column: 2),
        Case(#""\uD800\u0041""#, .loneSurrogate(0xD800), column: 2),
        Case(#""\uDBFF\uDBFF""#, .loneSurrogate(0xDBFF), column: 2),
        Case(#""\uDC00\uD800""#, .loneSurrogate(0xDC00), column: 2),
        Case(#""\uD800\u12""#, .invalidUnicodeEscape, column: 8),
    ]

    @Test(arguments: cases)
    func eachSyntaxErrorSaysWhatAndWhere(_ test: Case) throws {
        let error = try #require(Self.failure(Array(test.text.utf8)))
        #expect(error.reason == test.reason)
        #expect(error.line == test.line)
        #expect(error.column == test.column)
        #expect(!error.reason.isCap)
    }

    @Test func theOffsetIsInBytesAndTheColumnInCharacters() throws {
        // "é" is 2 bytes and "😀" 4: the `?` is byte 11 of the document but the 6th character of line 2.
        let error = try #require(Self.failure(Array("[\n\"\u{E9}\u{1F600}\" ?]".utf8)))
        #expect(error.offset == 11)
        #expect((error.line, error.column) == (2, 6))
    }

    @Test func crlfAndLoneCarriageReturnsEachEndOneLine() throws {
        let crlf = try #require(Self.failure(Array("[\r\n1,\r\n2\r\n x]".utf8)))
        #expect((crlf.line, crlf.column) == (4, 2))
        let lone = try #require(Self.failure(Array("[\r1,\r2\r x]".utf8)))
        #expect((lone.line, lone.column) == (4, 2))
    }

    @Test func aSkippedByteOrderMarkIsNoColumn() throws {
        let error = try #require(Self.failure([0xEF, 0xBB, 0xBF] + Array("[1 2]".utf8)))
        #expect(error.offset == 6)
        #expect((error.line, error.column) == (1, 4))
        // Not at the start, a byte-order mark is a byte like any other.
        let inside = try #require(Self.failure([0x20, 0xEF, 0xBB, 0xBF] + Array("1".utf8)))
        #expect(inside.reason == .unexpectedByte(0xEF, .value) && inside.offset == 1)
    }

    @Test(
        arguments: [
            // Overlong forms, a surrogate, past U+10FFFF, stray and missing continuation bytes, bytes never in UTF-8.
            [0xC0, 0xAF], [0xC1, 0xBF], [0xE0, 0x80, 0xAF], [0xF0, 0x80, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF],
            [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0x80], [0xBF], [0xC3], [0xC3, 0x28], [0xE2, 0x82], [0xE2, 0x28, 0xA1],
            [0xF0, 0x9F, 0x98], [0xF0, 0x9F, 0x98, 0x28], [0xFE], [0xFF],
        ] as [[UInt8]])
    func bytesThatAreNotUTF8AreRefusedInStrings(sequence: [UInt8]) throws {
        let error = try #require(Self.failure(Array("[\"ab".utf8) + sequence + Array("\"]".utf8)))
        #expect(error.reason == .invalidUTF8)
        #expect(error.offset == 4 && error.column == 5)
    }

    @Test func aStringCutInsideAUTF8SequenceIsNotUTF8() throws {
        let error = try #require(Self.failure([0x22, 0xE2, 0x82]))
        #expect(error.reason == .invalidUTF8 && error.offset == 1)
    }

    @Test(arguments: [
        ("{\n  \"a\": 1\n  \"b\": 2\n}", #"line 3, column 3: expected ',' or '}' after an object member, found '"'"#),
        ("[1,]", "line 1, column 3: a comma before ']': JSON allows no trailing comma"),
        ("[1, // two\n2]", "line 1, column 5: a comment: JSON has none"),
        ("NaN", "line 1, column 1: 'NaN' is not a JSON value (the only words are true, false and null)"),
        ("[01]", "line 1, column 2: a number with a leading zero"),
        ("-x", "line 1, column 2: expected a digit after '-'"),
        ("1e400", "line 1, column 1: a number too large for a double (JSON cannot carry infinity)"),
        ("\"a\tb\"", "line 1, column 3: a control character (U+0009) in a string, which must be escaped"),
        (#""\q""#, "line 1, column 2: 'q' after a backslash starts no escape"),
        (#""\uDE00""#, #"line 1, column 2: '\uDE00' is half of a surrogate pair, without its other half"#),
        ("\"abc", "line 1, column 5: the document ends inside a string"),
        ("[\u{A0}]", "line 1, column 2: expected a value or ']', found byte 0xC2"),
        (#"{"a":1,"#, "line 1, column 8: expected a string key after ',', found the end of the document"),
    ])
    func descriptionsReadAsASentenceWithTheirPlace(text: String, description: String) throws {
        #expect(try #require(Self.failure(Array(text.utf8))).description == description)
    }
}
