import BundleCheckFormats
import Testing

/// Each cap of `JSONLimits`: a document at the cap parses, one past it is refused with the
/// cap's own reason, where the cap was crossed.
@Suite struct JSONLimitsTests {
    static func failure(_ bytes: [UInt8], limits: JSONLimits = .default) -> JSONParseError? {
        do {
            _ = try JSONParser(limits: limits).parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    static func failure(_ text: String, limits: JSONLimits = .default) -> JSONParseError? {
        failure(Array(text.utf8), limits: limits)
    }

    @Test func theDefaultLimitsAreTheDocumentedOnes() {
        // docs/limits.md states these values; change both together.
        #expect(JSONLimits.default == JSONLimits(maxBytes: 32 << 20, maxDepth: 512, maxValues: 2_000_000, maxStringBytes: 16 << 20, maxNumberLength: 256))
    }

    @Test func documentsAtTheSizeCapParseAndOneBytePastIsRefused() throws {
        let text = #"{"name": "bundlecheck", "list": [1, 2, 3]}"#
        let size = text.utf8.count
        #expect(Self.failure(text, limits: JSONLimits(maxBytes: size)) == nil)
        let error = try #require(Self.failure(text, limits: JSONLimits(maxBytes: size - 1)))
        #expect(error.reason == .documentTooLarge(bytes: size, limit: size - 1))
        #expect((error.offset, error.line, error.column) == (0, 1, 1))
        #expect(error.description == "line 1, column 1: the document is \(size) bytes, more than the \(size - 1) bytes allowed")
        // A byte-order mark is part of the document's size.
        let marked = [0xEF, 0xBB, 0xBF] + Array(text.utf8)
        #expect(Self.failure(marked, limits: JSONLimits(maxBytes: size + 3)) == nil)
        #expect(Self.failure(marked, limits: JSONLimits(maxBytes: size + 2))?.reason == .documentTooLarge(bytes: size + 3, limit: size + 2))
    }

    /// 512 arrays and objects open at once, the default cap, then 513.
    @Test func nestingJustUnderTheDepthCapParsesAndOneLevelMoreIsRefused() throws {
        let depth = JSONLimits.default.maxDepth
        let arrays = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        var value = try JSONParser().parse(arrays)
        for _ in 0..<depth {
            guard case .array(let elements) = value, elements.count == 1 else {
                Issue.record("not an array of one: \(value)")
                return
            }
            value = elements[0]
        }
        #expect(value == 1)
        let tooDeep = try #require(Self.failure(String(repeating: "[", count: depth + 1) + String(repeating: "]", count: depth + 1)))
        #expect(tooDeep.reason == .tooDeep(limit: depth))
        #expect((tooDeep.offset, tooDeep.column) == (depth, depth + 1))
        #expect(tooDeep.description == "line 1, column \(depth + 1): arrays and objects nested deeper than \(depth) levels")

        // Objects count as arrays do, and an empty container at the deepest level is a level too.
        let objects = String(repeating: #"{"k": "#, count: depth - 1) + "{}" + String(repeating: "}", count: depth - 1)
        #expect(Self.failure(objects) == nil)
        let pastObjects = String(repeating: #"{"k": "#, count: depth) + "[]" + String(repeating: "}", count: depth)
        #expect(try #require(Self.failure(pastObjects)).reason == .tooDeep(limit: depth))
    }

    @Test func aScalarInTheDeepestContainerAddsNoLevel() {
        #expect(Self.failure("[[1, \"a\", null]]", limits: JSONLimits(maxDepth: 2)) == nil)
        #expect(Self.failure("[[[]]]", limits: JSONLimits(maxDepth: 2))?.reason == .tooDeep(limit: 2))
        #expect(Self.failure("7", limits: JSONLimits(maxDepth: 0)) == nil)
        #expect(Self.failure("[]", limits: JSONLimits(maxDepth: 0))?.reason == .tooDeep(limit: 0))
    }

    @Test func valuesAtTheCapParseAndOnePastIsRefused() throws {
        let limits = JSONLimits(maxValues: 10)
        // The array is a value too: 1 + 9, then 1 + 10, refused at the tenth element.
        #expect(Self.failure("[" + Array(repeating: "0", count: 9).joined(separator: ",") + "]", limits: limits) == nil)
        let past = try #require(Self.failure("[" + Array(repeating: "0", count: 10).joined(separator: ",") + "]", limits: limits))
        #expect(past.reason == .tooManyValues(limit: 10))
        #expect(past.offset == 19 && past.description == "line 1, column 20: more than 10 values")
        // Keys are not values: an object of one member is 2.
        #expect(Self.failure(#"{"a": 1}"#, limits: JSONLimits(maxValues: 2)) == nil)
        #expect(Self.failure(#"{"a": 1}"#, limits: JSONLimits(maxValues: 1))?.reason == .tooManyValues(limit: 1))
        #expect(Self.failure(#"{"a": {}}"#, limits: JSONLimits(maxValues: 1))?.offset == 6)
    }

    /// A flat array of two million values, the default cap, then one more (about 4 MB).
    @Test func aHugeFlatArrayIsCountedToTheDefaultValueCap() throws {
        let cap = JSONLimits.default.maxValues
        // `[0,0,…,0]`: the array and cap - 1 zeros.
        var bytes = [UInt8](repeating: UInt8(ascii: ","), count: 2 * (cap - 1) + 1)
        bytes[0] = UInt8(ascii: "[")
        for index in stride(from: 1, to: bytes.count, by: 2) {
            bytes[index] = UInt8(ascii: "0")
        }
        bytes[bytes.count - 1] = UInt8(ascii: "]")
        guard case .array(let elements) = try JSONParser().parse(bytes) else {
            Issue.record("not an array")
            return
        }
        #expect(elements.count == cap - 1)
        bytes[bytes.count - 1] = UInt8(ascii: ",")
        bytes += Array("0]".utf8)
        let error = try #require(Self.failure(bytes))
        #expect(error.reason == .tooManyValues(limit: cap))
        #expect(error.offset == bytes.count - 2 && error.column == bytes.count - 1)
    }

    @Test func stringsAtTheLengthCapParseAndOneBytePastIsRefusedAtTheirQuote() throws {
        let limits = JSONLimits(maxStringBytes: 8)
        #expect(Self.failure(#"["12345678"]"#, limits: limits) == nil)
        let past = try #require(Self.failure(#"["12345678", "123456789"]"#, limits: limits))
        #expect(past.reason == .stringTooLong(limit: 8))
        #expect(past.offset == 13 && past.description == "line 1, column 14: a string longer than 8 bytes")
        // Counted in UTF-8 after escapes: `é` is 2 bytes however it is written, `\n` one.
        #expect(Self.failure("\"\u{E9}\u{E9}\u{E9}\u{E9}\"", limits: limits) == nil)
        #expect(Self.failure(#""\u00e9\u00e9\u00e9\u00e9""#, limits: limits) == nil)
        #expect(Self.failure(#""\n\n\n\n\n\n\n\n""#, limits: limits) == nil)
        #expect(Self.failure(#""\u00e9\u00e9\u00e9\u00e9x""#, limits: limits)?.reason == .stringTooLong(limit: 8))
        #expect(Self.failure(#""\n\n\n\n\n\n\n\n\n""#, limits: limits)?.reason == .stringTooLong(limit: 8))
        #expect(Self.failure("\"\u{1F600}\u{1F600}x\"", limits: limits)?.reason == .stringTooLong(limit: 8))
        // Keys too.
        #expect(Self.failure(#"{"12345678": 1}"#, limits: limits) == nil)
        let key = try #require(Self.failure(#"{"123456789": 1}"#, limits: limits))
        #expect(key.reason == .stringTooLong(limit: 8) && key.offset == 1)
    }

    @Test func numbersAtTheLengthCapParseAndOneCharacterPastIsRefused() throws {
        let limits = JSONLimits(maxNumberLength: 8)
        #expect(try JSONParser(limits: limits).parse("-1.5e+10") == .double(-1.5e10))
        #expect(try JSONParser(limits: limits).parse("12345678") == 12_345_678)
        let past = try #require(Self.failure("[1, -1.5e+100]", limits: limits))
        #expect(past.reason == .numberTooLong(limit: 8))
        #expect(past.offset == 4 && past.description == "line 1, column 5: a number longer than 8 characters")
        #expect(Self.failure("123456789", limits: limits)?.reason == .numberTooLong(limit: 8))
        // The default takes any number a writer writes, and more digits than a double holds.
        let longest = "-0." + String(repeating: "1", count: JSONLimits.default.maxNumberLength - 3)
        #expect(Self.failure(longest) == nil)
        #expect(Self.failure(longest + "1")?.reason == .numberTooLong(limit: JSONLimits.default.maxNumberLength))
    }

    @Test func everyCapIsSaidToBeOne() throws {
        let reasons = [
            Self.failure("[1]", limits: JSONLimits(maxBytes: 2)), Self.failure("[[]]", limits: JSONLimits(maxDepth: 1)),
            Self.failure("[1]", limits: JSONLimits(maxValues: 1)), Self.failure(#""ab""#, limits: JSONLimits(maxStringBytes: 1)),
            Self.failure("12", limits: JSONLimits(maxNumberLength: 1)),
        ].map { $0?.reason }
        #expect(
            reasons == [
                .documentTooLarge(bytes: 3, limit: 2), .tooDeep(limit: 1), .tooManyValues(limit: 1), .stringTooLong(limit: 1), .numberTooLong(limit: 1),
            ])
        #expect(reasons.allSatisfy { $0?.isCap == true })
    }
}
