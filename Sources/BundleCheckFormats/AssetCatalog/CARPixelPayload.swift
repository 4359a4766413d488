/// A bitmap's compressed pixels: the payload of a rendition whose pixel format is a bitmap's.
///
/// The tag `CELM` (in the file `MLEC`), a version, the compression (`CARCompression`) and a
/// 32-bit length. Versions 0 and 2 (2 from Xcode 12 on) hold one stream of `length` bytes for
/// the whole bitmap; versions 1 and 3 hold `length` chunks instead, each the tag `CBCK` (in the
/// file `KCBC`), 8 bytes of 0, the number of rows it holds and its stream's length, then the
/// stream. Every chunk of the corpus decodes to its rows × the row bytes (property 1007), and
/// the rows add up to the bitmap's height: 3 chunks of 160 rows for an 800×480 image, 341, 341,
/// 341 and 1 for 1024 rows. What bit 1 of the version means is not known; it changes nothing
/// the corpus shows.
package struct CARPixelPayload: Sendable, Hashable {
    package let version: UInt32
    package let compression: CARCompression
    package let chunks: [Chunk]

    package struct Chunk: Sendable, Hashable {
        /// The rows the chunk holds; nil for the one stream of an unchunked payload.
        package let rows: UInt32?
        /// Where the stream starts in the rendition's block.
        package let offset: Int
        package let bytes: ArraySlice<UInt8>
    }

    package var isChunked: Bool { version & 1 != 0 }

    static let headerLength = 16
    static let chunkHeaderLength = 20

    static func read(_ bytes: CARBytes, at start: Int, limits: AssetCatalogLimits) throws(AssetCatalogError) -> CARPixelPayload {
        try bytes.requireTag("CELM", at: start)
        let version = try bytes.uint32(at: start + 4)
        guard version <= 3 else { throw .unsupportedVersion(part: "pixel payload", block: bytes.block, version: version) }
        let compression = CARCompression(rawValue: try bytes.uint32(at: start + 8))
        let length = try bytes.uint32(at: start + 12)
        var offset = start + headerLength
        var chunks: [Chunk] = []
        if version & 1 == 0 {
            chunks.append(Chunk(rows: nil, offset: offset, bytes: try bytes.slice(at: offset, count: try size(length, bytes, offset))))
            offset += Int(length)
        } else {
            guard UInt64(length) <= UInt64(limits.maxChunks) else { throw .tooManyChunks(block: bytes.block, count: length, limit: limits.maxChunks) }
            for index in 0..<Int(length) {
                let chunk = CARBytes(bytes.bytes, block: bytes.block, part: "pixel chunk \(index)")
                try chunk.requireTag("CBCK", at: offset)
                let rows = try chunk.uint32(at: offset + 12)
                let streamLength = try chunk.uint32(at: offset + 16)
                let stream = offset + chunkHeaderLength
                chunks.append(Chunk(rows: rows, offset: stream, bytes: try chunk.slice(at: stream, count: try size(streamLength, chunk, stream))))
                offset = stream + Int(streamLength)
            }
        }
        guard offset == bytes.count else {
            throw .payloadLengthMismatch(block: bytes.block, declared: UInt32(clamping: offset - start), available: bytes.count - start)
        }
        return CARPixelPayload(version: version, compression: compression, chunks: chunks)
    }

    /// `length` as an `Int` when that many bytes lie in `bytes` from `offset`.
    private static func size(_ length: UInt32, _ bytes: CARBytes, _ offset: Int) throws(AssetCatalogError) -> Int {
        guard UInt64(length) <= UInt64(max(0, bytes.count - offset)) else {
            throw .truncated(part: bytes.part, block: bytes.block, needed: offset + Int(length), available: bytes.count)
        }
        return Int(length)
    }
}
