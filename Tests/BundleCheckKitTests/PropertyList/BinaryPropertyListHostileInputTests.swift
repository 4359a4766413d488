import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats

/// Damaged and hostile `bplist00` files: each must fail with `malformedPropertyList`, never crash or hang.
@Suite struct BinaryPropertyListHostileInputTests {
    typealias Support = PlistTestSupport

    /// A valid file with one of every type, long strings and data (length markers), nesting and UIDs.
    static let sample: [UInt8] = {
        let value = Support.dictionary([
            "CFBundleIdentifier": .string("com.example.app"),
            "Name \u{E9}\u{1F600}": .string("caf\u{E9} \u{1F600} and a rather long string"),
            "Numbers": .array([
                .integer(PlistInteger(-1)), .integer(PlistInteger(300)), .integer(PlistInteger(70_000)),
                .integer(PlistInteger(UInt64.max)), .real(3.25), .bool(true), .bool(false),
                .date(Date(timeIntervalSinceReferenceDate: 12_345)),
            ]),
            "Blob": .data(Array(0..<40)),
            "Archive": .array([.uid(1), .uid(300), Support.dictionary(["nested": .array([.string("")])])]),
        ])
        return try! BinaryPropertyListWriter.write(value)
    }()

    @Test func everyTruncationOfAValidFileIsRefused() {
        #expect((try? Support.parse(Self.sample)) != nil)
        for length in 0..<Self.sample.count {
            #expect(Support.failure(Array(Self.sample[..<length])) != nil, "a prefix of \(length) bytes parsed")
        }
    }

    @Test func randomByteChangesEitherParseOrAreRefused() {
        var random = SeededRandom(seed: 0xB1157)
        var refused = 0
        for _ in 0..<3_000 {
            var mutated = Self.sample
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let position = Int.random(in: 8..<mutated.count, using: &random)
                if Bool.random(using: &random) {
                    mutated[position] = UInt8.random(in: 0...255, using: &random)
                } else {
                    mutated[position] ^= 1 << UInt8.random(in: 0...7, using: &random)
                }
            }
            do {
                _ = try Support.parse(mutated)
            } catch BundleCheckError.malformedPropertyList {
                refused += 1
            } catch {
                Issue.record("unexpected error \(error)")
            }
        }
        // Most damage is caught; a changed string byte or number is still a valid plist.
        #expect(refused > 1_000)
    }

    @Test func trailerFieldsAreChecked() throws {
        let objects: [[UInt8]] = [[0xA1, 1], [0x09]]
        func reason(_ bytes: [UInt8]) throws -> String {
            try #require(Support.failure(bytes)).reason
        }
        #expect(try reason(HandmadeBinaryPlist.assemble(objects, offsetSize: 0)) == "the trailer gives an offset size of 0 bytes, not 1 to 8")
        #expect(try reason(HandmadeBinaryPlist.assemble(objects, offsetSize: 9)) == "the trailer gives an offset size of 9 bytes, not 1 to 8")
        #expect(try reason(HandmadeBinaryPlist.assemble(objects, referenceSize: 0)) == "the trailer gives an object reference size of 0 bytes, not 1 to 8")
        #expect(try reason(HandmadeBinaryPlist.assemble(objects, objectCount: 0)) == "the trailer says the file holds no objects")
        #expect(try reason(HandmadeBinaryPlist.assemble(objects, top: 2)) == "the trailer's top object 2 is not among its 2 objects")
        #expect(try reason(HandmadeBinaryPlist.assemble(objects, tableStart: 4)) == "the offset table at offset 4 is not between the header and the trailer")
        #expect(try reason(HandmadeBinaryPlist.assemble(objects, tableStart: 1 << 40)).hasPrefix("the offset table at offset"))
        #expect(
            try reason(HandmadeBinaryPlist.assemble(objects, objectCount: 3)) == "the offset table (3 entries of 1 bytes at offset 11) runs into the trailer")
        #expect(try reason(HandmadeBinaryPlist.assemble(objects, top: 0, objectCount: .max)).hasSuffix("runs into the trailer"))
        #expect(try reason(HandmadeBinaryPlist.assemble(objects, offsetSize: 8, objectCount: UInt64.max / 4)).hasSuffix("runs into the trailer"))
        #expect(try reason(Array("bplist00".utf8) + [UInt8](repeating: 0, count: 20)) == "the file is 28 bytes, too short for a binary plist with its trailer")
    }

    @Test func offsetTableEntriesOutsideTheObjectDataAreRefused() throws {
        let objects: [[UInt8]] = [[0xA1, 1], [0x09]]
        let beyond = HandmadeBinaryPlist.assemble(objects, offsets: [8, 200])
        #expect(try #require(Support.failure(beyond)).reason == "the offset table gives object 1 the offset 200, outside the object data")
        let inHeader = HandmadeBinaryPlist.assemble(objects, offsets: [8, 3])
        #expect(try #require(Support.failure(inHeader)).reason == "the offset table gives object 1 the offset 3, outside the object data")
        let intoTable = HandmadeBinaryPlist.assemble(objects, offsets: [8, 11])
        #expect(try #require(Support.failure(intoTable)).reason == "the offset table gives object 1 the offset 11, outside the object data")
    }

    @Test func objectReferencesOutOfRangeAreRefused() throws {
        let bytes = HandmadeBinaryPlist.assemble([[0xA2, 1, 5], [0x09]])
        #expect(try #require(Support.failure(bytes)).reason == "object 0 refers to object 5, but the file has only 2 objects")
        let dictionary = HandmadeBinaryPlist.assemble([[0xD1, 1, 9], [0x50]])
        #expect(try #require(Support.failure(dictionary)).reason == "object 0 refers to object 9, but the file has only 2 objects")
    }

    @Test func objectsRunningPastTheObjectDataAreRefused() throws {
        // A 5-character string with 2 bytes, an array claiming 3 references, an extended length beyond the file.
        let string = HandmadeBinaryPlist.assemble([[0x55, 0x61, 0x62]])
        #expect(try #require(Support.failure(string)).reason == "object 0 at offset 8 runs past the end of the object data (offset 11)")
        let array = HandmadeBinaryPlist.assemble([[0xA3, 0]])
        #expect(try #require(Support.failure(array)).reason == "object 0 at offset 8 runs past the end of the object data (offset 10)")
        let hugeLength = HandmadeBinaryPlist.assemble([[0x4F, 0x13, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]])
        #expect(try #require(Support.failure(hugeLength)).reason == "object 0 at offset 8 claims 9223372036854775807 elements, more than the file can hold")
        let negativeLength = HandmadeBinaryPlist.assemble([[0x6F, 0x13, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]])
        #expect(try #require(Support.failure(negativeLength)).reason.hasSuffix("more than the file can hold"))
        let badMarker = HandmadeBinaryPlist.assemble([[0x5F, 0x23, 0, 0]])
        #expect(try #require(Support.failure(badMarker)).reason == "object 0 at offset 8 has a bad length marker 0x23")
        let cutLength = HandmadeBinaryPlist.assemble([[0x5F]])
        #expect(try #require(Support.failure(cutLength)).reason == "object 0 at offset 8 runs past the end of the object data (offset 9)")
        let cutInteger = HandmadeBinaryPlist.assemble([[0x13, 0, 0]])
        #expect(try #require(Support.failure(cutInteger)).reason == "object 0 at offset 8 runs past the end of the object data (offset 11)")
    }

    @Test func arrayContainingItselfIsACycle() throws {
        let direct = HandmadeBinaryPlist.assemble([[0xA1, 0]])
        #expect(try #require(Support.failure(direct)).reason == "reference cycle through object 0")
        let indirect = HandmadeBinaryPlist.assemble([[0xA1, 1], [0xD1, 2, 0], [0x51, 0x6B]])
        #expect(try #require(Support.failure(indirect)).reason == "reference cycle through object 0")
    }

    @Test func nestingBeyondTheCapIsRefused() throws {
        let depth = PropertyListLimits.standard.maxDepth
        func chain(_ levels: Int) -> [UInt8] {
            // Object k is an array holding object k+1; the last is an empty array.
            var objects: [[UInt8]] = (0..<(levels - 1)).map { [0xA1] + HandmadeBinaryPlist.bigEndian(UInt64($0 + 1), size: 2) }
            objects.append([0xA0])
            return HandmadeBinaryPlist.assemble(objects, referenceSize: 2, offsetSize: 2)
        }
        #expect((try? Support.parse(chain(depth))) != nil)
        #expect(try #require(Support.failure(chain(depth + 1))).reason == "nesting deeper than \(depth) levels")
        #expect(try #require(Support.failure(chain(20_000))).reason == "nesting deeper than \(depth) levels")
    }

    @Test(.hangGuard)
    func combinatorialDAGIsCappedQuickly() throws {
        // Array k holds array k-1 twice: array 40 unfolds into 2^41 values.
        var objects: [[UInt8]] = [[0xA1, 41]]
        objects += (1...40).map { [0xA2, UInt8($0 - 1), UInt8($0 - 1)] }
        objects.append([0x09])
        let bytes = HandmadeBinaryPlist.assemble(objects, top: 40)
        let failure = try #require(Support.failure(bytes))
        #expect(failure.reason == "the plist unfolds into more than 1000000 values (objects referenced over and over)")
        #expect(try #require(Support.failure(bytes, limits: PropertyListLimits(maxValues: 100))).reason.contains("more than 100 values"))
    }

    @Test(.hangGuard)
    func sharedLargeLeafIsStoredOnce() throws {
        // 100,000 references to one 1 MiB data object: 100 GB if each copy were real.
        let megabyte = 1 << 20
        let references = 100_000
        var array: [UInt8] = [0xAF, 0x12] + HandmadeBinaryPlist.bigEndian(UInt64(references), size: 4)
        array += [UInt8](repeating: 1, count: references)
        let data: [UInt8] = [0x4F, 0x12] + HandmadeBinaryPlist.bigEndian(UInt64(megabyte), size: 4) + [UInt8](repeating: 0xAB, count: megabyte)
        let bytes = HandmadeBinaryPlist.assemble([array, data], offsetSize: 4)
        let root = try Support.parse(bytes).root
        #expect(root.arrayValue?.count == references)
        #expect(root.arrayValue?.last == .data([UInt8](repeating: 0xAB, count: megabyte)))
    }

    @Test func otherBinaryPlistVersionsAreRefused() throws {
        let failure = try #require(Support.failure(Array("bplist15".utf8) + [UInt8](repeating: 0, count: 40)))
        #expect(failure.reason == "unsupported binary plist version '15' (only bplist00 is read)")
        #expect(try #require(Support.failure(Array("bplist".utf8))).reason == "the file is 6 bytes, too short for a binary plist header")
    }
}
