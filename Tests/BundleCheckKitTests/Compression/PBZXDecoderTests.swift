import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats

/// pbzx payloads as `PBZXWriter` writes them (Apple's layout) decode to the bytes written,
/// whatever the chunking, however the source hands the payload out and however much each read asks for.
@Suite struct PBZXDecoderTests {
    typealias Support = PBZXTestSupport
    static let small = 64 << 10

    @Test func anEmptyPayloadIsTheHeaderAloneAndDecodesToNothing() throws {
        let payload = try PBZXWriter.write([], chunkSize: Self.small)
        #expect(payload == PBZXWriter.header(chunkSize: UInt64(Self.small)))
        #expect(Support.decode(payload) == .success([]))
        // A last chunk of 0 bytes (stored raw: its length is its size) ends a payload too.
        #expect(Support.decode(payload + PBZXWriter.chunk(declaring: 0, stored: [])) == .success([]))
    }

    @Test func oneShortChunkIsOneXZStream() throws {
        let bytes = Support.text(1_000)
        let payload = try PBZXWriter.write(bytes, chunkSize: Self.small)
        let chunks = Support.chunks(of: payload)
        #expect(chunks.count == 1 && chunks[0].declared == 1_000 && chunks[0].stored < 1_000)
        #expect(payload[28..<34].elementsEqual([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]), "the chunk is an xz stream")
        #expect(Support.decode(payload) == .success(bytes))
    }

    @Test func manyChunksDecodeInOrder() throws {
        let bytes = Support.text(16 * Self.small + 123)
        let payload = try PBZXWriter.write(bytes, chunkSize: Self.small)
        let chunks = Support.chunks(of: payload)
        #expect(chunks.count == 17)
        #expect(chunks.dropLast().allSatisfy { $0.declared == UInt64(Self.small) } && chunks.last?.declared == 123)
        #expect(Support.decode(payload) == .success(bytes))
    }

    @Test func incompressibleChunksAreStoredRawAndDecode() throws {
        let bytes = Support.random(3 * Self.small + 500)
        let payload = try PBZXWriter.write(bytes, chunkSize: Self.small)
        let chunks = Support.chunks(of: payload)
        #expect(chunks.count == 4 && chunks.allSatisfy { $0.stored == $0.declared }, "xz makes random bytes larger: every chunk is raw")
        #expect(payload.count == 12 + 4 * 16 + bytes.count)
        #expect(Support.decode(payload) == .success(bytes))
    }

    @Test func anXZChunkLongerThanItsDataIsReadToo() throws {
        // Apple stores such a chunk raw; another writer may not, and it is still a valid chunk.
        let bytes = Support.random(Self.small)
        let xz = try PBZXWriter.xz(bytes)
        #expect(xz.count > bytes.count)
        let payload = PBZXWriter.header(chunkSize: UInt64(Self.small)) + PBZXWriter.chunk(declaring: UInt64(Self.small), stored: xz)
        #expect(Support.decode(payload) == .success(bytes))
    }

    @Test func aRawChunkThatLooksLikeXZIsRaw() throws {
        // A cpio archive may hold an .xz file at a chunk's start: the lengths decide, not the bytes.
        let bytes = try PBZXWriter.xz(Support.random(100))
        let payload = PBZXWriter.header(chunkSize: UInt64(Self.small)) + PBZXWriter.chunk(declaring: UInt64(bytes.count), stored: bytes)
        #expect(Support.decode(payload) == .success(bytes))
    }

    @Test func anExactMultipleOfTheChunkSizeEndsWithAFullChunk() throws {
        let bytes = Support.text(4 * Self.small)
        let payload = try PBZXWriter.write(bytes, chunkSize: Self.small)
        #expect(Support.chunks(of: payload).map(\.declared) == Array(repeating: UInt64(Self.small), count: 4))
        #expect(Support.decode(payload) == .success(bytes))
    }

    @Test func applesSixteenMiBChunksCarryTheBitOlderReadersTakeForMoreChunks() throws {
        let block = Support.text(1 << 16)
        let bytes = Array(repeatElement(block, count: 256).joined()) + block.prefix(1_000)
        let payload = try PBZXWriter.write(bytes, preset: 0)
        #expect(payload[4..<12].elementsEqual([0, 0, 0, 0, 0x01, 0, 0, 0]))
        let chunks = Support.chunks(of: payload)
        #expect(chunks.map { $0.declared & 0x0100_0000 != 0 } == [true, false])
        #expect(Support.decode(payload) == .success(bytes))
    }

    @Test(arguments: [1, 2, 15, 16, 17, 4_096])
    func aSourceHandingOutAFewBytesAtATimeDecodesTheSame(pieceSize: Int) throws {
        let bytes = Support.text(5 * Self.small + 77) + Support.random(Self.small + 3)
        let payload = try PBZXWriter.write(bytes, chunkSize: Self.small)
        #expect(Support.decode(payload, pieceSize: pieceSize, readSizes: [1, 4_096, 7, 100_000]) == .success(bytes))
    }

    @Test func readsOfOneByteDecodeTheSame() throws {
        let bytes = Support.text(Self.small + 10) + Support.random(100)
        let payload = try PBZXWriter.write(bytes, chunkSize: Self.small)
        #expect(Support.decode(payload, readSizes: [1]) == .success(bytes))
    }

    @Test func anEmptyBufferReadsNothingAndTheEndStaysTheEnd() throws {
        let decoder = PBZXDecoder(bytes: try PBZXWriter.write(Support.text(10), chunkSize: Self.small))
        #expect(try decoder.read(into: UnsafeMutableRawBufferPointer(start: nil, count: 0)) == 0)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64, alignment: 1)
        defer { buffer.deallocate() }
        #expect(try decoder.read(into: buffer) == 10)
        #expect(try decoder.read(into: buffer) == 0)
        #expect(try decoder.read(into: buffer) == 0)
        #expect(decoder.chunkSize == UInt64(Self.small) && decoder.chunksRead == 1 && decoder.decodedCount == 10)
    }

    @Test func theMagicTellsAPayloadApart() throws {
        #expect(PBZXDecoder.startsLikePBZX(Array("pbzx".utf8)))
        #expect(PBZXDecoder.startsLikePBZX(try PBZXWriter.write(Support.text(100))))
        #expect(!PBZXDecoder.startsLikePBZX(Array("pbz".utf8)))
        #expect(!PBZXDecoder.startsLikePBZX([]))
        #expect(!PBZXDecoder.startsLikePBZX([0x1F, 0x8B, 0x08, 0x00]), "a gzip'd cpio payload")
        #expect(!PBZXDecoder.startsLikePBZX(Array("070707".utf8)), "a bare cpio payload")
    }

    /// Chunks compressed by the real `xz` (single-block, fastest preset, and several blocks per
    /// stream as its threaded mode writes them), framed by hand; and the writer's own chunks
    /// read back by `xz`.
    @Test(.enabled(if: ExternalTool.isInstalled("xz"), "xz is not installed (apt-get install xz-utils)"))
    func chunksCompressedByTheXZCommandDecode() throws {
        let directory = try TemporaryDirectory()
        let bytes = Support.text(3 * Self.small + 999)
        let options = [["--format=xz"], ["--format=xz", "-0"], ["--format=xz", "-T2", "--block-size=16KiB"], ["--format=xz", "--check=sha256", "-9e"]]
        for (index, chosen) in options.enumerated() {
            var payload = PBZXWriter.header(chunkSize: UInt64(Self.small))
            for (piece, start) in stride(from: 0, to: bytes.count, by: Self.small).enumerated() {
                let pieceBytes = Array(bytes[start..<min(start + Self.small, bytes.count)])
                let path = directory.path("piece-\(index)-\(piece)")
                try Data(pieceBytes).write(to: URL(fileURLWithPath: path))
                let run = try ExternalTool.run(["xz"] + chosen + ["-k", path])
                #expect(run.status == 0, "\(run.output)")
                let xz = Array(try Data(contentsOf: URL(fileURLWithPath: path + ".xz")))
                payload += PBZXWriter.chunk(declaring: UInt64(pieceBytes.count), stored: xz)
            }
            #expect(Support.decode(payload, pieceSize: 333) == .success(bytes), "xz \(chosen.joined(separator: " "))")
        }

        // The other way: what the writer's xz chunks hold, concatenated, is the bytes to `xz -d`.
        let payload = try PBZXWriter.write(bytes, chunkSize: Self.small)
        var streams: [UInt8] = []
        var offset = 12
        for chunk in Support.chunks(of: payload) {
            streams += payload[(offset + 16)..<(offset + 16 + Int(chunk.stored))]
            offset += 16 + Int(chunk.stored)
        }
        try Data(streams).write(to: URL(fileURLWithPath: directory.path("streams.xz")))
        let run = try ExternalTool.run(["xz", "-d", "-k", directory.path("streams.xz")])
        #expect(run.status == 0, "\(run.output)")
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: directory.path("streams")))) == bytes)
    }
}
