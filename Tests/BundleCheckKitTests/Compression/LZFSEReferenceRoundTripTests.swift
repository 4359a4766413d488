import Foundation
import Testing

@testable import BundleCheckFormats

/// Streams written by Apple's reference encoder (Python's `lzfse`, lzfse/lzfse underneath)
/// decode to exactly what was compressed: every kind of block it writes (`bvx-` for what does
/// not shrink, `bvxn` under 4 KiB, `bvx2` otherwise, several of them for megabytes), and the
/// reference decoder agrees with ours on damaged streams whenever both decode one.
@Suite struct LZFSEReferenceRoundTripTests {
    static let inputs: [(String, [UInt8])] = {
        var inputs: [(String, [UInt8])] = [("empty", []), ("one byte", [0x41]), ("two bytes", [0x00, 0xFF])]
        for count in [3, 7, 8, 9, 15, 16, 17, 31, 64, 100, 1_000, 4_095, 4_096, 10_000, 100_000] {
            inputs.append(("text \(count)", LZFSEInputs.text(count, seed: UInt64(count))))
        }
        inputs += [
            ("random 1000", LZFSEInputs.random(1_000, seed: 1)),
            ("random 100000", LZFSEInputs.random(100_000, seed: 2)),
            ("zeros 1 MiB", [UInt8](repeating: 0, count: 1 << 20)),
            ("abc repeated", Array(String(repeating: "abc", count: 300_000).utf8)),
            ("one RGBA pixel repeated", Array([[UInt8]](repeating: [0x12, 0x34, 0x56, 0xFF], count: 50_000).joined())),
            ("pixels 256x256", LZFSEInputs.pixels(width: 256, height: 256)),
            ("noisy pixels 512x512", LZFSEInputs.noisyPixels(width: 512, height: 512, seed: 3)),
            ("every byte value", Array([[UInt8]](repeating: Array(0...255), count: 40).joined())),
            (
                "mixed",
                LZFSEInputs.text(50_000, seed: 4) + LZFSEInputs.random(30_000, seed: 5) + [UInt8](repeating: 0, count: 20_000)
                    + LZFSEInputs.pixels(width: 64, height: 64) + LZFSEInputs.text(70_000, seed: 6)
            ),
            ("text 6 MiB", LZFSEInputs.text(6 << 20, seed: 7)),
        ]
        return inputs
    }()

    @Test(.enabled(if: LZFSEReference.testsEnabled, "needs python3 with lzfse (pip install lzfse)"))
    func everyReferenceStreamDecodesToItsInput() throws {
        try #require(LZFSEReference.isAvailable, "python3 with lzfse is required on CI")
        let streams = try LZFSEReference.compress(Self.inputs.map(\.1))
        var magics: Set<String> = []
        var mostCompressedBlocks = 0
        for ((name, input), stream) in zip(Self.inputs, streams) {
            let decoded = try LZFSEDecoder.decode(stream[...])
            #expect(decoded == input, "\(name): \(decoded.count) bytes decoded of \(input.count)")
            let blocks = try LZFSEInputs.blockMagics(stream)
            #expect(blocks.last == "bvx$", "\(name)")
            magics.formUnion(blocks)
            mostCompressedBlocks = max(mostCompressedBlocks, blocks.filter { $0 == "bvx2" }.count)
        }
        // What the inputs were chosen to reach: each kind of block the encoder writes, and a
        // stream of several LZFSE blocks whose matches may reach into the block before.
        #expect(magics == ["bvx-", "bvxn", "bvx2", "bvx$"])
        #expect(mostCompressedBlocks >= 2)
    }

    @Test(.enabled(if: LZFSEReference.testsEnabled, "needs python3 with lzfse (pip install lzfse)"))
    func streamsAppendOneAfterAnother() throws {
        try #require(LZFSEReference.isAvailable, "python3 with lzfse is required on CI")
        let parts = [LZFSEInputs.text(300, seed: 8), LZFSEInputs.text(20_000, seed: 9), LZFSEInputs.random(500, seed: 10)]
        let streams = try LZFSEReference.compress(parts)
        let joined = streams.reduce([], +) + Array("trailing bytes".utf8)
        var output: [UInt8] = Array("prefix".utf8)
        var offset = 0
        for stream in streams {
            let length = try LZFSEDecoder.decode(joined[offset...], appendingTo: &output)
            #expect(length == stream.count)
            offset += length
        }
        #expect(output == Array("prefix".utf8) + parts.reduce([], +))
        // The whole-stream decoder stops at the first `bvx$`.
        #expect(try LZFSEDecoder.decode(joined[...]) == parts[0])
    }

    /// `bvx1` blocks (frequencies as plain 16-bit words) are what `bvx2` blocks unpack to; the
    /// reference encoder never writes them, so its `bvx2` blocks are rewritten as `bvx1`.
    @Test(.enabled(if: LZFSEReference.testsEnabled, "needs python3 with lzfse (pip install lzfse)"))
    func unpackedHeadersDecodeAsThePackedOnes() throws {
        try #require(LZFSEReference.isAvailable, "python3 with lzfse is required on CI")
        let inputs = [LZFSEInputs.text(10_000, seed: 11), LZFSEInputs.noisyPixels(width: 128, height: 128, seed: 12), LZFSEInputs.text(3 << 20, seed: 13)]
        for (input, stream) in zip(inputs, try LZFSEReference.compress(inputs)) {
            let unpacked = try LZFSEStreamRewriter.unpackingHeaders(stream)
            #expect(unpacked != stream)
            #expect(try LZFSEInputs.blockMagics(unpacked).contains("bvx1"))
            #expect(try LZFSEDecoder.decode(unpacked[...]) == input)
        }
    }

    /// A stream of several blocks cut before its second block's magic: the second block's
    /// matches reach into the first one's output, which is now not there.
    @Test(.enabled(if: LZFSEReference.testsEnabled, "needs python3 with lzfse (pip install lzfse)"))
    func aStreamStartedMidwayHasMatchesReachingBeforeItsStart() throws {
        try #require(LZFSEReference.isAvailable, "python3 with lzfse is required on CI")
        let stream = try LZFSEReference.compress([LZFSEInputs.text(3 << 20, seed: 14)])[0]
        let second = try stream.withUnsafeBufferPointer { (input) throws(LZFSEError) in try LZFSEBlockHeader.read(input, at: 0, index: 0).end }
        #expect(throws: LZFSEError.self) { try LZFSEDecoder.decode(stream[second...]) }
        do {
            _ = try LZFSEDecoder.decode(stream[second...])
        } catch {
            guard case .matchDistanceOutOfRange(let block, let offset, _, _) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(block == 0 && offset == 0)
        }
    }

    /// Raw LZVN, as some containers store it: the payload of a reference `bvxn` block, whose
    /// 12-byte header is its magic, decoded size and payload size, little-endian.
    @Test(.enabled(if: LZFSEReference.testsEnabled, "needs python3 with lzfse (pip install lzfse)"))
    func theLZVNPayloadOfAReferenceBlockDecodesAlone() throws {
        try #require(LZFSEReference.isAvailable, "python3 with lzfse is required on CI")
        let inputs =
            [100, 300, 1_000, 2_500, 4_095].map { LZFSEInputs.text($0, seed: UInt64($0) + 100) }
            + [LZFSEInputs.pixels(width: 16, height: 15)]
        for (input, stream) in zip(inputs, try LZFSEReference.compress(inputs)) {
            try #require(Array(stream.prefix(4)) == Array("bvxn".utf8), "\(input.count) bytes")
            func word(_ offset: Int) -> Int { stream[offset..<(offset + 4)].reversed().reduce(0) { $0 << 8 | Int($1) } }
            #expect(word(4) == input.count)
            try #require(12 + word(8) + 4 == stream.count, "one block, then bvx$")
            let payload = stream[12..<(12 + word(8))]
            #expect(Array(stream[(12 + word(8))...]) == Array("bvx$".utf8))
            #expect(try LZVNDecoder.decode(payload, outputCount: input.count) == input)
            #expect(throws: LZFSEError.self) { try LZVNDecoder.decode(payload, outputCount: input.count + 1) }
            #expect(throws: LZFSEError.self) { try LZVNDecoder.decode(payload, outputCount: input.count - 1) }
        }
    }

    /// Damaged streams through both decoders: ours may refuse what the reference accepts (it
    /// checks more), but when both decode one, they decode the same bytes.
    @Test(.enabled(if: LZFSEReference.testsEnabled, "needs python3 with lzfse (pip install lzfse)"))
    func damagedStreamsDecodeAsTheReferenceDecodesThem() throws {
        try #require(LZFSEReference.isAvailable, "python3 with lzfse is required on CI")
        let inputs = [LZFSEInputs.text(2_000, seed: 15), LZFSEInputs.text(30_000, seed: 16), LZFSEInputs.pixels(width: 64, height: 64)]
        var random = SeededRandom(seed: 17)
        var damaged: [[UInt8]] = []
        for stream in try LZFSEReference.compress(inputs) {
            for _ in 0..<400 {
                var copy = stream
                for _ in 0...(random.next() % 3) {
                    let index = Int(random.next() % UInt64(copy.count))
                    copy[index] ^= UInt8(1 << (random.next() % 8))
                }
                damaged.append(copy)
            }
        }
        var bothDecoded = 0, onlyOurs = 0
        for (stream, reference) in zip(damaged, try LZFSEReference.decompress(damaged)) {
            let ours = Result { () throws(LZFSEError) in try LZFSEDecoder.decode(stream[...], limits: LZFSELimits(maxOutput: 1 << 20)) }
            switch (ours, reference) {
            case (.success(let mine), .success(let theirs)):
                #expect(mine == theirs)
                bothDecoded += 1
            case (.success, .failure):
                onlyOurs += 1
            default:
                break
            }
        }
        #expect(bothDecoded > 0, "no damaged stream was decoded by both")
        #expect(onlyOurs == 0, "\(onlyOurs) damaged streams decoded by ours and refused by the reference")
    }
}
