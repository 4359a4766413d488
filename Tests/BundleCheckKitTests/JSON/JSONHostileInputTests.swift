import BundleCheckFormats
import Foundation
import Testing

/// Damaged and hostile documents: each is read or refused with a place that is in the
/// document, never a crash, and the shapes that cost naive readers quadratic time read whole.
@Suite struct JSONHostileInputTests {
    /// One of everything: nesting, every escape, UTF-8 of each length, numbers of each form.
    static let sample = Array(
        """
        {"schemaVersion": 1, "tool": {"name": "bundlecheck", "version": "1.0"},
         "inputs": [{"path": "Examples/Caf\u{E9} \u{1F600}.ipa", "size": 80159, "ratio": -0.25e-3, "big": 1E+300,
          "escapes": "\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u0000 \\u00e9 \\ud83d\\ude00", "flags": [true, false, null],
          "empty": [[], {}], "line\\u2028separator": "\u{800}\u{FFFD}"}]}
        """.utf8)

    /// The line and column of `offset`, counted again here independently of the parser.
    static func place(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var text = String(decoding: bytes[min(start, offset)..<offset], as: UTF8.self)
        // A CR before the LF of a CRLF is not a line of its own.
        text = text.replacingOccurrences(of: "\r\n", with: "\n")
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).flatMap {
            $0.split(separator: "\r", omittingEmptySubsequences: false)
        }
        return (lines.count, (lines.last?.count ?? 0) + 1)
    }

    /// Parses `bytes`; a refusal must name a place inside the document, counted right.
    static func outcome(_ bytes: [UInt8]) -> JSONParseError? {
        do {
            _ = try JSONParser().parse(bytes)
            return nil
        } catch {
            #expect(error.offset >= 0 && error.offset <= bytes.count)
            let place = place(of: error.offset, in: bytes)
            #expect((error.line, error.column) == (place.line, place.column), "\(error)")
            return error
        }
    }

    @Test func theSampleIsValid() throws {
        #expect(Self.outcome(Self.sample) == nil)
    }

    @Test func everyTruncationOfTheSampleIsRefused() {
        for length in 0..<Self.sample.count {
            #expect(Self.outcome(Array(Self.sample[..<length])) != nil, "a prefix of \(length) bytes parsed")
        }
    }

    @Test func randomByteChangesEitherParseOrAreRefusedAtAPlaceInTheDocument() {
        var random = SeededRandom(seed: 0x15_0B)
        var refused = 0
        for _ in 0..<3_000 {
            var mutated = Self.sample
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let position = Int.random(in: 0..<mutated.count, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: mutated[position] = UInt8.random(in: 0...255, using: &random)
                case 1: mutated[position] ^= 1 << UInt8.random(in: 0...7, using: &random)
                case 2: mutated.remove(at: position)
                default: mutated.insert(Array("{}[],:\"\\\r\n".utf8).randomElement(using: &random)!, at: position)
                }
            }
            if Self.outcome(mutated) != nil {
                refused += 1
            }
        }
        // Most damage is caught; a changed letter inside a string is still a valid document.
        #expect(refused > 1_500)
    }

    @Test func linesAndColumnsAreCountedOverCRLFAndMultiByteCharacters() throws {
        let bytes = Array("{\r\n \"\u{E9}\u{1F600}\": [1,\r\r\n\n  2 3]}".utf8)
        let error = try #require(Self.outcome(bytes))
        #expect(error.reason == .unexpectedByte(UInt8(ascii: "3"), .commaOrArrayEnd))
        #expect((error.line, error.column) == (5, 5))
    }

    /// A string of a mebibyte of escapes decodes in one pass (joining pieces would be quadratic).
    @Test func aLongStringOfEscapesDecodesWhole() throws {
        let count = 1 << 18
        let text = "\"" + String(repeating: #"\u00e9\n"#, count: count / 2) + "\""
        guard case .string(let string) = try JSONParser().parse(text) else {
            Issue.record("not a string")
            return
        }
        #expect(string.utf8.count == count / 2 * 3)
        #expect(string.unicodeScalars.prefix(2).elementsEqual(["\u{E9}", "\n"]))
    }

    /// 500 levels of objects, each with 200 siblings: every container is built once as it closes.
    @Test func deepAndWideDocumentsRead() throws {
        let width = 200
        let siblings = (0..<width).map { "\"s\($0)\": [\($0)]" }.joined(separator: ", ")
        let levels = 500
        let text = String(repeating: "{\(siblings), \"next\": ", count: levels) + "null" + String(repeating: "}", count: levels)
        var value = try JSONParser().parse(text)
        var depth = 0
        while case .object(let members) = value {
            #expect(members.count == width + 1)
            value = members[width].value
            depth += 1
        }
        #expect(depth == levels && value == .null)
    }

    /// Foundation's reader, an independent one, takes the same documents as the same values,
    /// but for the last digits of doubles: on Linux it rounds them a few units in the last place
    /// off (`-477123.0595284976` becomes `-477123.0595284977`; `strtod` and Swift agree with us,
    /// and the round trip above checks every double exactly).
    @Test func foundationReadsTheSameValues() throws {
        var random = SeededRandom(seed: 0xF0_0D)
        for round in 0..<200 {
            let value = JSONRoundTripTests.randomValue(depth: 0, using: &random)
            let text = JSONWriter(style: .compact).string(from: value)
            let ours = try JSONParser().parse(text)
            #expect(Self.nearlyEqual(try Self.parsedJSON(ours), try ParsedJSON(parsing: text)), "round \(round): \(text)")
        }
    }

    static func nearlyEqual(_ left: ParsedJSON, _ right: ParsedJSON) -> Bool {
        switch (left, right) {
        case (.number(let a), .number(let b)):
            return a == b || abs(a - b) <= abs(a) * 1e-14
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy(nearlyEqual)
        case (.object(let a), .object(let b)):
            return a.count == b.count && a.allSatisfy { key, value in b[key].map { nearlyEqual(value, $0) } ?? false }
        default:
            return left == right
        }
    }

    static func parsedJSON(_ value: JSONValue) throws -> ParsedJSON {
        switch value {
        case .null: .null
        case .bool(let bool): .bool(bool)
        case .integer(let integer): .number(Double(integer))
        case .double(let double): .number(double)
        case .string(let string): .string(string)
        case .array(let elements): .array(try elements.map(parsedJSON))
        case .object(let members):
            // The last of a repeated key, as Foundation keeps it.
            .object(try Dictionary(members.map { ($0.key, try parsedJSON($0.value)) }, uniquingKeysWith: { $1 }))
        }
    }
}
