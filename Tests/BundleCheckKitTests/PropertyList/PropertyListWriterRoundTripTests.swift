import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats

/// The fixture writers and the parsers agree: what one writes, the other reads back unchanged.
@Suite struct PropertyListWriterRoundTripTests {
    typealias Support = PlistTestSupport

    private static func randomValues(seed: UInt64, count: Int) -> [PlistValue] {
        var generator = PlistRandomValues(seed: seed)
        generator.duplicateKeys = true
        generator.uids = true
        generator.maximumDepth = 5
        return (0..<count).map { _ in generator.root() }
    }

    @Test func binaryWriterRoundTripsEveryValueExactly() throws {
        for (index, value) in Self.randomValues(seed: 11, count: 300).enumerated() {
            let document = try Support.parse(try BinaryPropertyListWriter.write(value))
            #expect(document.format == .binary)
            #expect(Support.canonical(document.root) == Support.canonical(value), "case \(index)")
        }
    }

    @Test func xmlWriterRoundTripsEveryValueExactly() throws {
        for (index, value) in Self.randomValues(seed: 12, count: 300).enumerated() {
            let document = try Support.parse(XMLPropertyListWriter.write(value))
            #expect(document.format == .xml)
            #expect(Support.canonical(document.root) == Support.canonical(Self.afterXML(value)), "case \(index)")
        }
    }

    @Test func duplicateKeysSurviveBothWritersAndAreReported() throws {
        let value = Support.dictionary(["a": .integer(PlistInteger(1)), "b": .array([]), "a": .integer(PlistInteger(2))])
        let xml = try Support.parse(XMLPropertyListWriter.write(value))
        let binary = try Support.parse(try BinaryPropertyListWriter.write(value))
        #expect(xml.root == value)
        #expect(binary.root == value)
        #expect(xml.duplicateKeys == [PropertyListDocument.DuplicateKey(dictionary: .root, key: "a", line: 9)])
        #expect(binary.duplicateKeys == [PropertyListDocument.DuplicateKey(dictionary: .root, key: "a", line: nil)])
    }

    @Test func carriageReturnsAndXMLSpecialsSurviveTheXMLWriter() throws {
        let value = PlistValue.array([.string("a\r\nb\rc"), .string(" <&> ]]> "), .string("")])
        #expect(try Support.parse(XMLPropertyListWriter.write(value)).root == value)
    }

    @Test func extremeValuesRoundTripInBothFormats() throws {
        let value = PlistValue.array([
            .integer(PlistInteger(Int64.min)), .integer(PlistInteger(UInt64.max)), .integer(PlistInteger(UInt64(Int64.max) + 1)),
            .real(-0.0), .real(.leastNonzeroMagnitude), .real(.greatestFiniteMagnitude), .real(-.infinity),
            .date(Date(timeIntervalSinceReferenceDate: -63_113_904_000)), .date(Date(timeIntervalSinceReferenceDate: 252_423_993_599)),
            .data(Array(0...255)), .uid(0), .uid(UInt64(UInt32.max)),
            .string(String(repeating: "\u{1F600}", count: 40)),
        ])
        #expect(Support.canonical(try Support.parse(XMLPropertyListWriter.write(value)).root) == Support.canonical(value))
        #expect(Support.canonical(try Support.parse(try BinaryPropertyListWriter.write(value)).root) == Support.canonical(value))
    }

    @Test func xmlWriterUsesApplesLayout() throws {
        let value = Support.dictionary([
            "a": .array([.integer(PlistInteger(1)), .string("x")]),
            "b": .bool(true),
            "d": .data([1, 2, 3]),
            "date": .date(Date(timeIntervalSince1970: 1_767_323_045)),
            "e": .dictionary(PlistDictionary()),
            "r": .real(2),
        ])
        let expected = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>a</key>
            \t<array>
            \t\t<integer>1</integer>
            \t\t<string>x</string>
            \t</array>
            \t<key>b</key>
            \t<true/>
            \t<key>d</key>
            \t<data>
            \tAQID
            \t</data>
            \t<key>date</key>
            \t<date>2026-01-02T03:04:05Z</date>
            \t<key>e</key>
            \t<dict/>
            \t<key>r</key>
            \t<real>2</real>
            </dict>
            </plist>

            """
        #expect(String(decoding: XMLPropertyListWriter.write(value), as: UTF8.self) == expected)
    }

    @Test func xmlWriterWrapsDataLikeApple() throws {
        // Foundation writes 100 bytes at indent 1 as two lines of 68 base64 characters.
        let text = String(decoding: XMLPropertyListWriter.write(.array([.data([UInt8](repeating: 7, count: 100))])), as: UTF8.self)
        let lines = text.split(separator: "\n").filter { $0.hasPrefix("\tBwcH") }
        #expect(lines.map(\.count) == [69, 69])
    }

    @Test func binaryWriterMatchesFoundationsBytesForASmallArray() throws {
        // PropertyListSerialization.data(fromPropertyList: [1], format: .binary, options: 0) on this machine.
        let foundation: [UInt8] = [
            98, 112, 108, 105, 115, 116, 48, 48, 161, 1, 16, 1, 8, 10, 0, 0, 0, 0, 0, 0, 1, 1,
            0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 12,
        ]
        #expect(try BinaryPropertyListWriter.write(.array([.integer(PlistInteger(1))])) == foundation)
    }

    @Test func binaryWriterUsesTheSmallestIntegerAndReferenceSizes() throws {
        func marker(_ integer: PlistInteger) throws -> UInt8 {
            try BinaryPropertyListWriter.write(.integer(integer))[8]
        }
        #expect(try marker(PlistInteger(255)) == 0x10)
        #expect(try marker(PlistInteger(256)) == 0x11)
        #expect(try marker(PlistInteger(65_536)) == 0x12)
        #expect(try marker(PlistInteger(Int64(UInt32.max) + 1)) == 0x13)
        #expect(try marker(PlistInteger(-1)) == 0x13)
        #expect(try marker(PlistInteger(UInt64.max)) == 0x14)
        let many = PlistValue.array((0..<300).map { _ in .bool(true) })
        let bytes = try BinaryPropertyListWriter.write(many)
        #expect(bytes[bytes.count - 25] == 2, "301 objects need 2-byte references")
        #expect(Array(try BinaryPropertyListWriter.write(.string("\u{E9}"))[8..<11]) == [0x61, 0x00, 0xE9])
    }

    /// What an XML round trip gives: UIDs above 2^32-1 come back as the `{CF$UID: n}`
    /// dictionary the XML form is, since Core Foundation reads only 32-bit ones as UIDs.
    private static func afterXML(_ value: PlistValue) -> PlistValue {
        switch value {
        case .uid(let uid) where uid > UInt64(UInt32.max):
            return Support.dictionary(["CF$UID": .integer(PlistInteger(uid))])
        case .array(let elements):
            return .array(elements.map(afterXML))
        case .dictionary(let dictionary):
            return .dictionary(PlistDictionary(dictionary.entries.map { .init(key: $0.key, value: afterXML($0.value)) }))
        default:
            return value
        }
    }
}
