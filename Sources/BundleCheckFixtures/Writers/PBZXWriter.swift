import BundleCheckFormats

/// Writes pbzx payloads for fixtures as Apple's tools lay them out (`PBZXDecoder` describes the
/// format): the magic and the chunk size, then the bytes cut into chunks of that size, each
/// compressed into an xz stream of its own, or stored raw when xz does not make it smaller.
/// Apple's chunks are 16 MiB; tests pass small ones to get many chunks from few bytes.
public enum PBZXWriter {
    /// Apple's chunk size: 16 MiB, the 0x01000000 older readers take for a flag.
    public static let appleChunkSize = 16 << 20

    /// `bytes` as a pbzx payload of `chunkSize`-byte chunks, each xz-compressed at `preset`.
    /// Empty bytes give the header alone; bytes of a multiple of the chunk size end with a full
    /// chunk.
    public static func write(_ bytes: [UInt8], chunkSize: Int = appleChunkSize, preset: UInt32 = 6) throws -> [UInt8] {
        precondition(chunkSize > 0, "a pbzx chunk size is at least 1")
        var payload = header(chunkSize: UInt64(chunkSize))
        var offset = 0
        while offset < bytes.count {
            let piece = Array(bytes[offset..<min(offset + chunkSize, bytes.count)])
            payload += try chunk(piece, preset: preset)
            offset += piece.count
        }
        return payload
    }

    /// The 12-byte header: the magic and the chunk size, as it stands (hostile tests pass any).
    public static func header(chunkSize: UInt64) -> [UInt8] {
        Array("pbzx".utf8) + bigEndian(chunkSize)
    }

    /// One chunk of `piece`: xz-compressed, or raw when its xz stream is no shorter than it.
    public static func chunk(_ piece: [UInt8], preset: UInt32 = 6) throws -> [UInt8] {
        let compressed = try LZMA.compress(piece, preset: preset)
        return chunk(declaring: UInt64(piece.count), stored: compressed.count < piece.count ? compressed : piece)
    }

    /// A chunk written by hand: its header declaring `size` decoded bytes and the length of
    /// `stored`, then `stored` (an xz stream, raw bytes, or whatever a test needs).
    public static func chunk(declaring size: UInt64, stored: [UInt8], length: UInt64? = nil) -> [UInt8] {
        bigEndian(size) + bigEndian(length ?? UInt64(stored.count)) + stored
    }

    /// `bytes` as one xz stream at `preset`, for tests that build chunks by hand.
    public static func xz(_ bytes: [UInt8], preset: UInt32 = 6) throws -> [UInt8] {
        try LZMA.compress(bytes, preset: preset)
    }

    /// `value` as the eight big-endian bytes of a pbzx size.
    public static func bigEndian(_ value: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) }
    }
}
