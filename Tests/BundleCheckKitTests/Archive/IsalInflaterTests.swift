import Testing

@testable import BundleCheckFormats

/// ISA-L's inflate, fed and drained in pieces of every size, gives back what zlib deflated; a
/// stream cut short never ends, and damaged data throws. ISA-L's CRC-32 is zlib's.
@Suite struct IsalInflaterTests {
    /// Text with incompressible stretches, so the stream has Huffman and stored blocks.
    static let original: [UInt8] = {
        var bytes: [UInt8] = []
        for part in 0..<12 {
            bytes += Array((0..<500).map { "entry \($0) of part \(part), with a little text\n" }.joined().utf8)
            bytes += ArchiveTestSupport.bytes(count: 5_000, seed: UInt64(part))
        }
        return bytes
    }()

    /// Raw deflate (RFC 1951): zlib's stream without its 2-byte header and Adler-32 trailer.
    static func rawDeflate(_ bytes: [UInt8]) throws -> [UInt8] {
        let wrapped = try ZlibCompressor.compress(bytes, format: .zlib)
        return Array(wrapped[2..<(wrapped.count - 4)])
    }

    /// Inflates `deflated` giving `inputPiece` bytes and room for `outputPiece` at a time: the
    /// bytes out, and whether the stream said it ended.
    static func inflate(_ deflated: [UInt8], inputPiece: Int, outputPiece: Int) throws -> (bytes: [UInt8], ended: Bool) {
        let inflater = try #require(IsalInflater())
        var output: [UInt8] = []
        var offset = 0
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: outputPiece, alignment: 16)
        defer { buffer.deallocate() }
        var idle = 0
        while idle < 3 {
            let end = min(deflated.count, offset + inputPiece)
            let step = try deflated[offset..<end].withUnsafeBytes { try inflater.inflate($0, into: buffer) }
            offset += step.consumed
            output += buffer[..<step.produced]
            if step.ended { return (output, true) }
            idle = step.consumed == 0 && step.produced == 0 ? idle + 1 : 0
        }
        return (output, false)
    }

    @Test(arguments: [(1, 1), (7, 13), (4_096, 4_096), (65_536, 1 << 20), (1 << 20, 100)])
    func piecesOfEverySizeGiveTheOriginal(inputPiece: Int, outputPiece: Int) throws {
        let result = try Self.inflate(try Self.rawDeflate(Self.original), inputPiece: inputPiece, outputPiece: outputPiece)
        #expect(result.ended)
        #expect(result.bytes == Self.original)
    }

    @Test func anEmptyStreamEndsAtOnce() throws {
        let result = try Self.inflate(try Self.rawDeflate([]), inputPiece: 64, outputPiece: 64)
        #expect(result.ended)
        #expect(result.bytes.isEmpty)
    }

    @Test func aStreamCutShortNeverEnds() throws {
        let deflated = try Self.rawDeflate(Self.original)
        let result = try Self.inflate(Array(deflated.dropLast(200)), inputPiece: 4_096, outputPiece: 65_536)
        #expect(!result.ended)
        #expect(result.bytes.count < Self.original.count)
        #expect(Array(Self.original.prefix(result.bytes.count)) == result.bytes, "what came out is the start of the original")
    }

    @Test func aReservedBlockTypeThrows() throws {
        // BFINAL 1, BTYPE 11: a block type RFC 1951 reserves.
        #expect(throws: IsalInflater.Failure.self) {
            _ = try Self.inflate([0x07, 0x00, 0x00, 0x00], inputPiece: 4, outputPiece: 64)
        }
    }

    @Test func aDistanceBeforeTheStartThrows() throws {
        // A fixed-Huffman block whose first symbol is a match (length 3, distance 1) with nothing
        // written yet: zlib's "invalid distance too far back".
        #expect(throws: IsalInflater.Failure.self) {
            _ = try Self.inflate([0x03, 0x02, 0x00, 0x00], inputPiece: 4, outputPiece: 64)
        }
    }

    @Test(arguments: [0, 1, 15, 16, 63, 64, 1_000, 65_537])
    func theCRCIsZlibs(count: Int) throws {
        let bytes = ArchiveTestSupport.bytes(count: count, seed: UInt64(count))
        // zlib writes the CRC-32 of the data into a gzip member's trailer, little-endian.
        let gzip = try ZlibCompressor.compress(bytes, format: .gzip)
        let trailer = gzip[(gzip.count - 8)..<(gzip.count - 4)].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        #expect(CRC32.checksum(bytes) == trailer)
        // Carried over pieces as a zip entry's is.
        let split = count / 3
        let carried = bytes.withUnsafeBytes { whole in
            CRC32.update(CRC32.update(0, UnsafeRawBufferPointer(rebasing: whole[..<split])), UnsafeRawBufferPointer(rebasing: whole[split...]))
        }
        #expect(carried == trailer)
    }

    @Test func theCheckValueOfTheCatalogue() {
        // The check value of CRC-32/ISO-HDLC in the catalogue of parametrised CRCs.
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
    }
}
