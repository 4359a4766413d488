import CLzma
import Testing

@testable import BundleCheckFormats

/// The liblzma wrapper: its codes are liblzma's, a stream round-trips, and the decoder stops at
/// the end of one stream, leaving whatever follows unconsumed.
@Suite struct LZMATests {
    @Test func eachCodeIsLiblzmas() {
        let pairs: [(LZMA.Code, lzma_ret)] = [
            (.ok, LZMA_OK), (.streamEnd, LZMA_STREAM_END), (.noCheck, LZMA_NO_CHECK), (.unsupportedCheck, LZMA_UNSUPPORTED_CHECK),
            (.getCheck, LZMA_GET_CHECK), (.memory, LZMA_MEM_ERROR), (.memoryLimit, LZMA_MEMLIMIT_ERROR), (.format, LZMA_FORMAT_ERROR),
            (.options, LZMA_OPTIONS_ERROR), (.data, LZMA_DATA_ERROR), (.buffer, LZMA_BUF_ERROR), (.program, LZMA_PROG_ERROR),
        ]
        for (code, c) in pairs {
            #expect(code.rawValue == c.rawValue, "\(code)")
        }
    }

    /// Decodes `bytes`, the whole input at once: the output, the input
    /// consumed, whether the stream ended.
    static func decodeOnce(_ bytes: [UInt8], capacity: Int = 1 << 20) throws -> (output: [UInt8], consumed: Int, ended: Bool) {
        let decoder = try LZMA.Decoder(memoryLimit: 64 << 20)
        let output = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 16)
        defer { output.deallocate() }
        let step = try bytes.withUnsafeBytes { input in try decoder.decode(input, into: output, inputEnds: true) }
        return (Array(output[..<step.produced]), step.consumed, step.ended)
    }

    @Test func aStreamRoundTripsAndWhatFollowsItIsLeft() throws {
        let bytes = PBZXTestSupport.text(50_000)
        let xz = try LZMA.compress(bytes, preset: 1)
        #expect(xz.starts(with: [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) && xz.count < bytes.count)
        let alone = try Self.decodeOnce(xz)
        #expect(alone.output == bytes && alone.consumed == xz.count && alone.ended)
        let followed = try Self.decodeOnce(xz + [0, 0, 0, 0] + xz)
        #expect(followed.output == bytes && followed.consumed == xz.count && followed.ended, "padding and a second stream are not read")
    }

    @Test func theCompressedBoundHoldsForIncompressibleBytes() throws {
        let bytes = PBZXTestSupport.random(100_000)
        let xz = try LZMA.compress(bytes, preset: 0)
        #expect(xz.count > bytes.count && xz.count <= LZMA.compressedBound(bytes.count))
    }

    @Test func failuresCarryLiblzmasCode() {
        #expect(throws: LZMA.Failure(code: .format)) { try Self.decodeOnce(Array("not xz at all".utf8)) }
        #expect(throws: LZMA.Failure(code: .options)) { try LZMA.compress([1, 2, 3], preset: 42) }
        #expect(LZMA.decoderMemoryUsage(preset: 6) < LZMA.decoderMemoryUsage(preset: 9))
    }
}
