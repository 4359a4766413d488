import Foundation
import Testing

@testable import BundleCheckFormats

/// Damaged and hostile streams: each is refused with the error that names what is wrong, the
/// block and its offset; every cut and every damaged byte of the test vectors throws or decodes
/// (a trap would end the test process); the output cap holds at its limit and one past it.
@Suite struct LZFSEHostileInputTests {
    static func word(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    static func half(_ value: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)] }
    static let end = Array("bvx$".utf8)
    static func raw(_ bytes: [UInt8]) -> [UInt8] { Array("bvx-".utf8) + word(bytes.count) + bytes }
    static func lzvn(_ payload: [UInt8], decoding count: Int) -> [UInt8] { Array("bvxn".utf8) + word(count) + word(payload.count) + payload }
    static let endOfLZVN: [UInt8] = [0x06, 0, 0, 0, 0, 0, 0, 0]

    static func refusal(_ stream: [UInt8], limits: LZFSELimits = .standard) -> LZFSEError? {
        do {
            _ = try LZFSEDecoder.decode(stream[...], limits: limits)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Framing

    @Test func framingFaultsNameTheBlockAndItsOffset() {
        #expect(Self.refusal([]) == .missingEndOfStream(block: 0, offset: 0))
        #expect(Self.refusal(Array("bvx".utf8)) == .missingEndOfStream(block: 0, offset: 0))
        #expect(Self.refusal(Self.raw([1, 2])) == .missingEndOfStream(block: 1, offset: 10))
        #expect(Self.refusal(Self.raw([1, 2]) + Array("bvx3".utf8)) == .unknownBlockMagic(block: 1, offset: 10, magic: Array("bvx3".utf8)))
        #expect(Self.refusal([0xFF, 0, 0x80, 1]) == .unknownBlockMagic(block: 0, offset: 0, magic: [0xFF, 0, 0x80, 1]))
        #expect(Self.refusal(Array("bvx-".utf8) + [5, 0]) == .truncatedBlockHeader(block: 0, offset: 0, kind: "bvx-", length: 8, available: 6))
        #expect(Self.refusal(Array("bvxn".utf8) + Self.word(5)) == .truncatedBlockHeader(block: 0, offset: 0, kind: "bvxn", length: 12, available: 8))
        #expect(
            Self.refusal(Array("bvx2".utf8) + [UInt8](repeating: 0, count: 20))
                == .truncatedBlockHeader(block: 0, offset: 0, kind: "bvx2", length: 32, available: 24))
        #expect(
            Self.refusal(Array("bvx1".utf8) + [UInt8](repeating: 0, count: 700))
                == .truncatedBlockHeader(block: 0, offset: 0, kind: "bvx1", length: 772, available: 704))
        #expect(Self.refusal(Array("bvx-".utf8) + Self.word(10) + [1, 2, 3, 4, 5]) == .truncatedBlockPayload(block: 0, offset: 0, length: 10, available: 5))
        // A payload length near 2^32 is a truncation, not an allocation.
        #expect(
            Self.refusal(Array("bvx-".utf8) + Self.word(0xFFFF_FFFF) + Self.end)
                == .truncatedBlockPayload(block: 0, offset: 0, length: 0xFFFF_FFFF, available: 4))
    }

    @Test func theEndOfStreamAloneIsAnEmptyStreamAndWhatFollowsItIsNotRead() throws {
        #expect(try LZFSEDecoder.decode(Self.end[...]) == [])
        var output: [UInt8] = [9]
        #expect(try LZFSEDecoder.decode((Self.raw([1, 2, 3]) + Self.end + Array("junk".utf8))[...], appendingTo: &output) == 15)
        #expect(output == [9, 1, 2, 3])
    }

    /// A hundred thousand empty blocks cost what their bytes do: no block is kept.
    @Test func manyEmptyBlocksDecodeToNothing() throws {
        let stream = Array([[UInt8]](repeating: Self.raw([]), count: 100_000).joined()) + Self.raw([7]) + Self.end
        #expect(try LZFSEDecoder.decode(stream[...]) == [7])
    }

    // MARK: The output cap

    @Test func theOutputCapHoldsAtItsLimitAndOnePast() throws {
        let zeros = LZFSETestVectors.zeros
        #expect(try LZFSEDecoder.decode(zeros[...], limits: LZFSELimits(maxOutput: 100_000)).count == 100_000)
        #expect(Self.refusal(zeros, limits: LZFSELimits(maxOutput: 99_999)) == .outputLimitExceeded(block: 0, offset: 0, limit: 99_999))
        // The sum over blocks is capped, and named by the block that passes it.
        let two = Self.raw(Array(repeating: 1, count: 10)) + Self.raw(Array(repeating: 2, count: 10)) + Self.end
        #expect(try LZFSEDecoder.decode(two[...], limits: LZFSELimits(maxOutput: 20)).count == 20)
        #expect(Self.refusal(two, limits: LZFSELimits(maxOutput: 19)) == .outputLimitExceeded(block: 1, offset: 18, limit: 19))
        // A block that declares 4 GiB is refused before anything is allocated for it.
        let huge = Self.lzvn([UInt8](repeating: 0xF0, count: 1 << 16) + Self.endOfLZVN, decoding: 0xFFFF_FFFF) + Self.end
        #expect(Self.refusal(huge) == .declaredSizeImpossible(block: 0, offset: 0, declared: 0xFFFF_FFFF, most: 65_544 * 271 / 2))
        let past = Self.lzvn([0xE1, 0x41] + Self.endOfLZVN, decoding: 300 << 20) + Self.end
        #expect(Self.refusal(past) == .declaredSizeImpossible(block: 0, offset: 0, declared: 300 << 20, most: 1_355))
    }

    @Test func aRefusedStreamLeavesTheOutputItWasAppendedToAsItWas() {
        var output: [UInt8] = [1, 2, 3]
        let damaged = Self.raw([4, 5]) + Self.lzvn([0xF3] + Self.endOfLZVN, decoding: 3) + Self.end
        #expect(throws: LZFSEError.matchDistanceOutOfRange(block: 1, offset: 10, distance: 0, available: 2)) {
            try LZFSEDecoder.decode(damaged[...], appendingTo: &output)
        }
        #expect(output == [1, 2, 3])
    }

    // MARK: Every cut, every damaged byte

    @Test(arguments: LZFSETestVectors.all.map(\.name))
    func everyCutOfAVectorIsRefused(_ name: String) throws {
        let stream = try #require(LZFSETestVectors.all.first { $0.name == name }).stream
        for cut in 0..<stream.count {
            #expect(throws: LZFSEError.self, "cut at \(cut)") { try LZFSEDecoder.decode(stream[..<cut]) }
        }
    }

    /// Each byte of each vector replaced in four ways, and the `bvx1` form of one: each either
    /// refused or decoded within the cap. Much damage decodes: the format has no checksum, and a
    /// changed bit of the entropy-coded payload often still reads as some other valid stream.
    @Test func everyDamagedByteIsRefusedOrDecoded() throws {
        var streams = LZFSETestVectors.all.map(\.stream)
        streams.append(try LZFSEStreamRewriter.unpackingHeaders(LZFSETestVectors.text6000))
        var refused = 0, decoded = 0
        for stream in streams {
            for index in stream.indices {
                for change in [{ (byte: UInt8) in byte ^ 0x01 }, { $0 ^ 0x80 }, { ~$0 }, { _ in 0 }] {
                    var damaged = stream
                    damaged[index] = change(damaged[index])
                    if damaged == stream { continue }
                    do {
                        let output = try LZFSEDecoder.decode(damaged[...], limits: LZFSELimits(maxOutput: 1 << 20))
                        #expect(output.count <= 1 << 20)
                        decoded += 1
                    } catch {
                        #expect(!error.description.isEmpty)
                        refused += 1
                    }
                }
            }
        }
        #expect(refused > 0 && decoded > 0, "\(refused) refused, \(decoded) decoded")
    }

    // MARK: LZFSE block headers and tables, on the bvx1 form of a vector

    /// The `bvx1` header of the text vector: fields at fixed offsets, easy to set.
    static func unpacked(_ edit: (inout [UInt8]) -> Void) throws -> [UInt8] {
        var stream = try LZFSEStreamRewriter.unpackingHeaders(LZFSETestVectors.text6000)
        edit(&stream)
        return stream
    }

    static func set(_ stream: inout [UInt8], at offset: Int, _ bytes: [UInt8]) {
        stream.replaceSubrange(offset..<(offset + bytes.count), with: bytes)
    }

    static func field(_ stream: [UInt8], _ offset: Int, width: Int = 4) -> Int {
        stream[offset..<(offset + width)].reversed().reduce(0) { $0 << 8 | Int($1) }
    }

    @Test func headerFieldsOutsideTheFormatAreRefused() throws {
        let cases: [(offset: Int, bytes: [UInt8], field: String, value: Int, allowed: ClosedRange<Int>)] = [
            (12, Self.word(40_001), "a literal count of", 40_001, 0...40_000),
            (16, Self.word(10_001), "a match count of", 10_001, 0...10_000),
            (28, Self.word(-8), "a literal bit count of", -8, -7...0),
            (28, Self.word(1), "a literal bit count of", 1, -7...0),
            (40, Self.word(-8), "an L, M, D bit count of", -8, -7...0),
            (36, Self.half(1_024), "a literal state of", 1_024, 0...1_023),
            (44, Self.half(64), "an L state of", 64, 0...63),
            (46, Self.half(64), "an M state of", 64, 0...63),
            (48, Self.half(256), "a D state of", 256, 0...255),
        ]
        for change in cases {
            let stream = try Self.unpacked { Self.set(&$0, at: change.offset, change.bytes) }
            #expect(Self.refusal(stream) == .headerFieldOutOfRange(block: 0, offset: 0, field: change.field, value: change.value, allowed: change.allowed))
        }
    }

    @Test func aPackedHeaderOfABadLengthIsRefused() throws {
        for length in [31, 663, 0xFFFF_FFFF] {
            var stream = LZFSETestVectors.text6000
            Self.set(&stream, at: 24, Self.word(length))
            #expect(Self.refusal(stream) == .headerFieldOutOfRange(block: 0, offset: 0, field: "header size", value: length, allowed: 32...662))
        }
        // A byte more in the header than its frequencies take.
        var longer = LZFSETestVectors.text6000
        let length = Self.field(longer, 24)
        Self.set(&longer, at: 24, Self.word(length + 1))
        longer.insert(0, at: length)
        #expect(Self.refusal(longer) == .malformedFrequencies(block: 0, offset: 0))
    }

    @Test func frequencyTablesThatDoNotFillTheirStatesAreRefused() throws {
        let original = try Self.unpacked { _ in }
        // Where each table's frequencies start in the `bvx1` header, and how many there are.
        for (offset, count, table, states) in [(50, 20, "L", 64), (90, 20, "M", 64), (130, 64, "D", 256), (258, 256, "literal", 1024)] {
            #expect((0..<count).reduce(0) { $0 + Self.field(original, offset + 2 * $1, width: 2) } == states, "\(table)")
            let stream = try Self.unpacked { Self.set(&$0, at: offset, Self.half(Self.field(original, offset, width: 2) + 1)) }
            #expect(Self.refusal(stream) == .badFrequencyTable(block: 0, offset: 0, table: table, sum: states + 1, states: states))
        }
        // All zero (tables left out) is refused while the block has matches to decode with them.
        let empty = try Self.unpacked { Self.set(&$0, at: 50, [UInt8](repeating: 0, count: 40)) }
        #expect(Self.refusal(empty) == .badFrequencyTable(block: 0, offset: 0, table: "L", sum: 0, states: 64))
    }

    @Test func declaredSizesTheBlockCannotMeetAreRefused() throws {
        let text = try Self.unpacked { _ in }
        let declared = Self.field(text, 4), literals = Self.field(text, 12), matches = Self.field(text, 16)
        let most = literals + matches * 2359
        let impossible = try Self.unpacked { Self.set(&$0, at: 4, Self.word(most + 1)) }
        #expect(Self.refusal(impossible) == .declaredSizeImpossible(block: 0, offset: 0, declared: most + 1, most: most))
        let short = try Self.unpacked { Self.set(&$0, at: 4, Self.word(declared + 1)) }
        #expect(Self.refusal(short) == .decodesShort(block: 0, offset: 0, decoded: declared, declared: declared + 1))
        let long = try Self.unpacked { Self.set(&$0, at: 4, Self.word(declared - 1)) }
        #expect(Self.refusal(long) == .decodesPastDeclaredSize(block: 0, offset: 0, declared: declared - 1))
    }

    @Test func triplesTakingMoreLiteralsThanDecodedAreRefused() throws {
        let none = try Self.unpacked { Self.set(&$0, at: 12, Self.word(0)) }
        let literals = Self.field(try Self.unpacked { _ in }, 12)
        #expect(Self.refusal(none) == .literalsExhausted(block: 0, offset: 0, match: 0, literals: 0))
        #expect(literals > 0)
    }

    @Test func bitStreamsTooShortToStartAreRefused() throws {
        // The L, M, D stream cut to its last 5 bytes: too short for its first word.
        let stream = try Self.unpacked { stream in
            let lmdStart = 772 + Self.field(stream, 20), lmdBytes = Self.field(stream, 24)
            Self.set(&stream, at: 24, Self.word(5))
            stream.removeSubrange(lmdStart..<(lmdStart + lmdBytes - 5))
        }
        #expect(Self.refusal(stream) == .badBitStream(block: 0, offset: 0, stream: "L, M, D"))
        // A stream whose unused top bits are not 0.
        let dirty = try Self.unpacked { stream in
            let lastLiteralByte = 772 + Self.field(stream, 20) - 1
            Self.set(&stream, at: 28, Self.word(-7))
            stream[lastLiteralByte] |= 0x80
        }
        #expect(Self.refusal(dirty) == .badBitStream(block: 0, offset: 0, stream: "literal"))
    }

    // MARK: LZVN blocks

    @Test func lzvnFaultsNameTheBlockAndWhere() {
        let abc: [UInt8] = [0xE3, 0x61, 0x62, 0x63]
        // Block 1, its payload from offset 10 + 12 = 22.
        func inSecondBlock(_ payload: [UInt8], decoding count: Int) -> LZFSEError? {
            Self.refusal(Self.raw([0, 0]) + Self.lzvn(payload, decoding: count) + Self.end)
        }
        #expect(inSecondBlock(abc + [0x00, 0x06] + Self.endOfLZVN, decoding: 6) == .matchDistanceOutOfRange(block: 1, offset: 10, distance: 6, available: 5))
        #expect(inSecondBlock(abc + [0x00, 0x05] + Self.endOfLZVN, decoding: 6) == nil)
        #expect(inSecondBlock([0x70] + Self.endOfLZVN, decoding: 1) == .lzvnUndefinedOpcode(block: 1, offset: 10, at: 22, opcode: 0x70))
        #expect(inSecondBlock([0x1E] + Self.endOfLZVN, decoding: 1) == .lzvnUndefinedOpcode(block: 1, offset: 10, at: 22, opcode: 0x1E))
        #expect(inSecondBlock(abc, decoding: 3) == .lzvnTruncated(block: 1, offset: 10, at: 26))
        #expect(inSecondBlock(Array(abc.prefix(3)), decoding: 3) == .lzvnTruncated(block: 1, offset: 10, at: 22))
        #expect(inSecondBlock(abc + [0x06, 0, 0], decoding: 3) == .lzvnTruncated(block: 1, offset: 10, at: 26))
        #expect(inSecondBlock(abc + Self.endOfLZVN, decoding: 2) == .decodesPastDeclaredSize(block: 1, offset: 10, declared: 2))
        #expect(inSecondBlock(abc + Self.endOfLZVN, decoding: 4) == .decodesShort(block: 1, offset: 10, decoded: 3, declared: 4))
        #expect(inSecondBlock(abc + Self.endOfLZVN + [0], decoding: 3) == .lzvnEndsBeforePayload(block: 1, offset: 10, unused: 1))
    }

    /// Every opcode form in one stream, against what the format says each writes, replayed by a
    /// byte-at-a-time copier written from the table in `LZVNDecoder`'s comment.
    @Test func everyLZVNOpcodeFormDecodesAsTheFormatSays() throws {
        var stream: [UInt8] = [], expected: [UInt8] = []
        func emit(_ opcode: [UInt8], literal: [UInt8] = [], match: Int = 0, distance: Int = 0) {
            stream += opcode + literal
            expected += literal
            for _ in 0..<match { expected.append(expected[expected.count - distance]) }
        }
        emit([0xE4], literal: Array("abcd".utf8)) // small literal
        emit([0x0E]) // no operation
        emit([0x40, 0x04], literal: [0x65], match: 3, distance: 4) // small distance: L 1, M 3, D 4
        emit([0x4E], literal: [0x66], match: 4, distance: 4) // previous distance: L 1, M 4
        emit([0x07, 0x09, 0x00], match: 3, distance: 9) // large distance: M 3, D 9
        emit([0xA0, 0x0A, 0x00], match: 5, distance: 2) // medium distance: M 5, D 2
        emit([0xF2], match: 2, distance: 2) // small match
        emit([0xF0, 0x00], match: 16, distance: 2) // large match: 16
        emit([0x16]) // no operation
        emit([0xE0, 0x02], literal: Array("0123456789abcdefgh".utf8)) // large literal: 18
        emit([0xFF], match: 15, distance: 2) // small match: 15
        emit([0xC8, 0x10], literal: [0x7A, 0x79, 0x78], match: 4, distance: 16) // small distance: L 3, M 4, D 16
        emit([0xBF, 0xFF, 0x00], literal: [0x71, 0x72, 0x73], match: 34, distance: 63) // medium: L 3, M 34, D 63
        stream += Self.endOfLZVN
        #expect(try LZVNDecoder.decode(stream[...], outputCount: expected.count) == expected)
        #expect(try LZFSEDecoder.decode((Self.lzvn(stream, decoding: expected.count) + Self.end)[...]) == expected)
    }

    @Test func rawLZVNFaultsAreRefused() {
        func refusal(_ stream: [UInt8], _ count: Int) -> LZFSEError? {
            do {
                _ = try LZVNDecoder.decode(stream[...], outputCount: count)
                return nil
            } catch {
                return error
            }
        }
        #expect(refusal([0xF3] + Self.endOfLZVN, 3) == .matchDistanceOutOfRange(block: 0, offset: 0, distance: 0, available: 0))
        #expect(refusal([0xE1, 0x41, 0x4E, 0x42] + Self.endOfLZVN, 6) == .matchDistanceOutOfRange(block: 0, offset: 0, distance: 0, available: 2))
        #expect(refusal([], 0) == .lzvnTruncated(block: 0, offset: 0, at: 0))
        #expect(refusal(Self.endOfLZVN, 0) == nil)
        #expect(refusal(Self.endOfLZVN, -1) == .negativeOutputCount(-1))
        #expect(refusal(Self.endOfLZVN, 1_085) == .declaredSizeImpossible(block: 0, offset: 0, declared: 1_085, most: 1_084))
        #expect(refusal([0xE0], 17) == .lzvnTruncated(block: 0, offset: 0, at: 0))
    }

    /// Every pair of first bytes, then a literal and the end: all 65,536 either decode or are refused.
    @Test func everyTwoByteLZVNStartIsRefusedOrDecoded() {
        var decoded = 0
        for first in 0...255 {
            for second in 0...255 {
                let stream: [UInt8] = [UInt8(first), UInt8(second), 0xE1, 0x41] + Self.endOfLZVN
                for count in [1, 2, 4, 12] where (try? LZVNDecoder.decode(stream[...], outputCount: count)) != nil { decoded += 1 }
            }
        }
        #expect(decoded > 0)
    }
}
