import BundleCheckFormats
import Testing

/// Valid documents and the values `JSONParser` makes of them.
@Suite struct JSONParserTests {
    static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try JSONParser().parse(text)
    }

    @Test(arguments: [
        ("null", JSONValue.null),
        ("true", .bool(true)),
        ("false", .bool(false)),
        ("0", .integer(0)),
        ("\"\"", .string("")),
        ("[]", .array([])),
        ("{}", .object([])),
        (" \t\r\n 7 \n\r\t ", .integer(7)),
    ])
    func anyValueMayStandAlone(text: String, value: JSONValue) throws {
        #expect(try Self.parse(text) == value)
    }

    @Test func nestedContainersKeepTheirShape() throws {
        let text = #"{"a": [1, {"b": null, "c": [[], {}]}, "x"], "d": {"e": {"f": false}}}"#
        let expected: JSONValue = ["a": [1, ["b": .null, "c": [[], [:]]], "x"], "d": ["e": ["f": false]]]
        #expect(try Self.parse(text) == expected)
    }

    @Test func membersStayInDocumentOrder() throws {
        let value = try Self.parse(#"{"zeta": 1, "alpha": 2, "mu": 3, "beta": 4}"#)
        #expect(value.keys == ["zeta", "alpha", "mu", "beta"])
    }

    @Test func duplicateKeysAreKeptAsWritten() throws {
        let value = try Self.parse(#"{"a": 1, "b": 2, "a": 3, "a": [4]}"#)
        guard case .object(let members) = value else {
            Issue.record("not an object: \(value)")
            return
        }
        #expect(members == [.init("a", 1), .init("b", 2), .init("a", 3), .init("a", [4])])
        // The subscript, as for a written value, finds the last.
        #expect(value["a"] == [4])
    }

    @Test(arguments: [
        ("9223372036854775807", JSONValue.integer(.max)),
        ("-9223372036854775808", .integer(.min)),
        ("9223372036854775808", .double(9_223_372_036_854_775_808.0)),
        ("-9223372036854775809", .double(-9_223_372_036_854_775_809.0)),
        ("18446744073709551616", .double(18_446_744_073_709_551_616.0)),
        ("123456789012345678901234567890", .double(1.2345678901234568e29)),
        ("-0", .integer(0)),
        ("0.0", .double(0)),
        ("1.0", .double(1)),
        ("1e2", .double(100)),
        ("1E+2", .double(100)),
        ("25e-1", .double(2.5)),
        ("-12.5e-3", .double(-0.0125)),
        ("0.1", .double(0.1)),
        ("1.7976931348623157e308", .double(.greatestFiniteMagnitude)),
        ("5e-324", .double(.leastNonzeroMagnitude)),
        // Too small for a double: it rounds to zero, as every reader does.
        ("1e-400", .double(0)),
    ])
    func numbersAreIntegersOnlyWithoutFractionOrExponentAndWithinInt64(text: String, value: JSONValue) throws {
        #expect(try Self.parse(text) == value)
    }

    @Test func negativeZeroKeepsItsSignOnlyAsADouble() throws {
        guard case .double(let double) = try Self.parse("-0.0") else {
            Issue.record("-0.0 is not a double")
            return
        }
        #expect(double == 0 && double.sign == .minus)
        #expect(try Self.parse("-0") == .integer(0))
        #expect(try Self.parse("-0e0") == .double(-0.0))
    }

    @Test(arguments: [
        (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{08}\u{0C}\n\r\t"),
        (#""\u0000\u001f\u0041\u00e9\u2028\uFEFF""#, "\u{00}\u{1F}A\u{E9}\u{2028}\u{FEFF}"),
        (#""\uD83D\uDE00 \ud834\udd1e""#, "\u{1F600} \u{1D11E}"),
        ("\"caf\u{E9} \u{1F600} \u{10FFFF} \u{FFFE}\"", "caf\u{E9} \u{1F600} \u{10FFFF} \u{FFFE}"),
        (#""plain ascii""#, "plain ascii"),
        (#""a\nb" "#, "a\nb"),
    ])
    func stringsDecodeEscapesAndKeepUTF8(text: String, expected: String) throws {
        guard case .string(let string) = try Self.parse(text) else {
            Issue.record("\(text) is not a string")
            return
        }
        // Scalar by scalar: String's == would take canonically equivalent strings as equal.
        #expect(Array(string.unicodeScalars) == Array(expected.unicodeScalars))
    }

    @Test func decomposedCharactersAreNotNormalised() throws {
        guard case .string(let string) = try Self.parse(#""e\u0301""#) else {
            Issue.record("not a string")
            return
        }
        #expect(Array(string.unicodeScalars) == ["e", "\u{301}"])
    }

    @Test func aByteOrderMarkAtTheStartIsSkipped() throws {
        #expect(try JSONParser().parse([0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8)) == ["a": 1])
        #expect(try JSONParser().parse([0xEF, 0xBB, 0xBF, 0x20, 0x31]) == 1)
    }

    @Test func theThreeEntryPointsAgree() throws {
        let text = "{\"k\u{E9}y\": [1.5, \"\\u00e9\", null]}"
        let bytes = Array(text.utf8)
        let fromText = try JSONParser().parse(text)
        let fromBytes = try JSONParser().parse(bytes)
        let fromBuffer = try bytes.withUnsafeBytes { buffer in Result { () throws(JSONParseError) in try JSONParser().parse(buffer) } }.get()
        #expect(fromText == fromBytes && fromBytes == fromBuffer)
        #expect(fromText == ["k\u{E9}y": [1.5, "\u{E9}", .null]])
    }

    @Test func anEmptyBufferIsAnEmptyDocument() {
        let error = #expect(throws: JSONParseError.self) {
            try JSONParser().parse(UnsafeRawBufferPointer(start: nil, count: 0))
        }
        #expect(error?.reason == .unexpectedEnd(.value))
        #expect(error?.description == "line 1, column 1: expected a value, found the end of the document")
    }
}
