import Foundation
import Testing

@testable import BundleCheckFormats

@Suite struct BinaryPropertyListReaderTests {
    typealias Support = PlistTestSupport

    /// The root value of a one-object binary plist.
    private func single(_ object: [UInt8]) throws -> PlistValue {
        let document = try Support.parse(HandmadeBinaryPlist.assemble([object]))
        #expect(document.format == .binary)
        #expect(document.lines == nil)
        return document.root
    }

    private func singleFailure(_ object: [UInt8]) throws -> String {
        try #require(Support.failure(HandmadeBinaryPlist.assemble([object]))).reason
    }

    @Test(
        arguments: [
            ([0x10, 0xFF], PlistInteger(255)),
            ([0x11, 0xFF, 0xFF], PlistInteger(65_535)),
            ([0x12, 0xFF, 0xFF, 0xFF, 0xFF], PlistInteger(Int64(UInt32.max))),
            ([0x13, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], PlistInteger(-1)),
            ([0x13, 0x80, 0, 0, 0, 0, 0, 0, 0], PlistInteger(Int64.min)),
            ([0x13, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], PlistInteger(Int64.max)),
            ([0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], PlistInteger(UInt64.max)),
            ([0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 42], PlistInteger(42)),
            ([0x14, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x80, 0, 0, 0, 0, 0, 0, 0], PlistInteger(Int64.min)),
            ([0x14, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE], PlistInteger(-2)),
        ] as [([UInt8], PlistInteger)])
    func readsIntegersOfEverySize(object: [UInt8], expected: PlistInteger) throws {
        #expect(try single(object) == .integer(expected))
    }

    @Test func refuses128BitIntegersOutsideThe64BitRange() throws {
        let highOne: [UInt8] = [0x14, 0, 0, 0, 0, 0, 0, 0, 1] + [UInt8](repeating: 0, count: 8)
        #expect(try singleFailure(highOne) == "object 0 at offset 8 is a 128-bit integer outside the 64-bit range")
        // All-ones high word with a clear sign bit below it is -2^64 + n: out of range too.
        let belowInt64Min: [UInt8] = [0x14] + [UInt8](repeating: 0xFF, count: 8) + [0, 0, 0, 0, 0, 0, 0, 1]
        #expect(try singleFailure(belowInt64Min) == "object 0 at offset 8 is a 128-bit integer outside the 64-bit range")
        #expect(try singleFailure([0x15] + [UInt8](repeating: 0, count: 32)).hasPrefix("object 0 at offset 8 is an integer of unsupported size"))
    }

    @Test func readsRealsOfFourAndEightBytesAndDates() throws {
        #expect(try single([0x22, 0x3F, 0xC0, 0, 0]) == .real(1.5))
        #expect(try single([0x23] + HandmadeBinaryPlist.bigEndian((-0.25).bitPattern, size: 8)) == .real(-0.25))
        guard case .real(let nan) = try single([0x23] + HandmadeBinaryPlist.bigEndian(Double.nan.bitPattern, size: 8)) else {
            Issue.record("expected a real")
            return
        }
        #expect(nan.isNaN)
        let date = try single([0x33] + HandmadeBinaryPlist.bigEndian(Double(789_015_845).bitPattern, size: 8))
        #expect(date == .date(Date(timeIntervalSince1970: 1_767_323_045)))
        #expect(try singleFailure([0x21, 0, 0]).hasPrefix("object 0 at offset 8 is a real of unsupported size"))
    }

    @Test func readsStringsDataAndUIDs() throws {
        #expect(try single([0x55] + Array("hello".utf8)) == .string("hello"))
        #expect(try single([0x50]) == .string(""))
        let long = String(repeating: "x", count: 20)
        #expect(try single([0x5F, 0x10, 20] + Array(long.utf8)) == .string(long))
        #expect(try single([0x63, 0x00, 0xE9, 0xD8, 0x3D, 0xDE, 0x00]) == .string("\u{E9}\u{1F600}"))
        #expect(try single([0x43, 1, 2, 3]) == .data([1, 2, 3]))
        #expect(try single([0x40]) == .data([]))
        #expect(try single([0x80, 7]) == .uid(7))
        #expect(try single([0x83, 0, 1, 0, 0]) == .uid(65_536))
        #expect(try single([0x87, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]) == .uid(UInt64.max))
        #expect(try single([0x09]) == .bool(true))
        #expect(try single([0x08]) == .bool(false))
    }

    @Test func refusesBadStringsAndValuesAPlistCannotHold() throws {
        #expect(try singleFailure([0x52, 0x41, 0xE9]) == "object 0 at offset 8 is an ascii string holding non-ascii bytes")
        #expect(try singleFailure([0x61, 0xD8, 0x3D]) == "object 0 at offset 8 is a utf-16 string with an unpaired surrogate")
        #expect(try singleFailure([0x88] + [UInt8](repeating: 1, count: 9)) == "object 0 at offset 8 is a uid of 9 bytes, more than 8")
        #expect(try singleFailure([0x00]) == "object 0 at offset 8 is a null, which a property list cannot hold")
        #expect(try singleFailure([0x0F]) == "object 0 at offset 8 is a fill byte, not a value")
        #expect(try singleFailure([0xC0]) == "object 0 at offset 8 is a set, which a property list cannot hold")
        #expect(try singleFailure([0x70]) == "object 0 at offset 8 has the unknown type marker 0x70")
        #expect(try singleFailure([0x0C]) == "object 0 at offset 8 has the unknown type marker 0x0c")
    }

    @Test func readsArraysAndDictionariesKeepingKeyOrder() throws {
        // 0: {"b": 1, "a": [true, "b"]}
        let bytes = HandmadeBinaryPlist.assemble([
            [0xD2, 1, 2, 3, 4],
            [0x51, 0x62],
            [0x51, 0x61],
            [0x10, 1],
            [0xA2, 5, 1],
            [0x09],
        ])
        let document = try Support.parse(bytes)
        #expect(document.root == Support.dictionary(["b": .integer(PlistInteger(1)), "a": .array([.bool(true), .string("b")])]))
        #expect(document.root.dictionaryValue?.keys == ["b", "a"])
        #expect(document.duplicateKeys.isEmpty)
    }

    @Test func reportsDuplicateKeysWithTheDictionarysPointer() throws {
        // 0: {"a": [ {"k": 1, "k": 2} ], "a": true}
        let bytes = HandmadeBinaryPlist.assemble([
            [0xD2, 1, 1, 2, 7],
            [0x51, 0x61],
            [0xA1, 3],
            [0xD2, 4, 4, 5, 6],
            [0x51, 0x6B],
            [0x10, 1],
            [0x10, 2],
            [0x09],
        ])
        let document = try Support.parse(bytes)
        #expect(
            document.duplicateKeys == [
                PropertyListDocument.DuplicateKey(dictionary: JSONPointer("a", "0"), key: "k", line: nil),
                PropertyListDocument.DuplicateKey(dictionary: .root, key: "a", line: nil),
            ])
        #expect(document.root.dictionaryValue?.count == 2)
        #expect(document.value(at: JSONPointer("a")) == .bool(true))
    }

    @Test func refusesDictionaryKeysThatAreNotStrings() throws {
        let bytes = HandmadeBinaryPlist.assemble([[0xD1, 1, 1], [0x10, 1]])
        #expect(try #require(Support.failure(bytes)).reason == "dictionary object 0 has a key (object 1 at offset 11) that is not a string")
    }

    @Test func sharedObjectsAreReadOncePerReference() throws {
        // An array referencing one string twice, and a dictionary reusing a key object.
        let bytes = HandmadeBinaryPlist.assemble([
            [0xA3, 1, 1, 2],
            [0x53] + Array("abc".utf8),
            [0xD1, 1, 1],
        ])
        #expect(try Support.parse(bytes).root == .array([.string("abc"), .string("abc"), Support.dictionary(["abc": .string("abc")])]))
    }

    @Test func honoursTheTopObjectAndWiderReferencesAndOffsets() throws {
        var objects: [[UInt8]] = [[0x09]]
        objects += (1..<300).map { _ in [0x08] }
        objects.append([0xA2, 0x00, 0x00, 0x01, 0x2B])
        let bytes = HandmadeBinaryPlist.assemble(objects, top: 300, referenceSize: 2, offsetSize: 2)
        #expect(try Support.parse(bytes).root == .array([.bool(true), .bool(false)]))
    }
}
