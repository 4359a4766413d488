/// Why bytes are not a pbzx payload that can be decoded; `description` is a lowercase phrase.
/// Chunks are counted from 0, offsets are those of the chunk's 16-byte header in the payload.
package enum PBZXError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The payload does not start with `pbzx`.
    case notPBZX
    /// The payload ends inside its 12-byte header (magic and chunk size).
    case truncatedHeader(available: Int)
    /// The header declares chunks of 0 bytes.
    case chunkSizeZero
    /// The header declares chunks larger than `PBZXLimits.maximumChunkSize`.
    case chunkSizeTooLarge(declared: UInt64, limit: UInt64)
    /// The payload ends inside a chunk's 16-byte header.
    case truncatedChunkHeader(chunk: Int, offset: UInt64, available: Int)
    /// A chunk declares more bytes than the header's chunk size.
    case chunkLargerThanChunkSize(chunk: Int, offset: UInt64, declared: UInt64, chunkSize: UInt64)
    /// A chunk's stored length is past `PBZXLimits.maximumStoredLength(chunkSize:)`.
    case storedLengthTooLarge(chunk: Int, offset: UInt64, length: UInt64, limit: UInt64)
    /// The payload ends inside a chunk's stored bytes.
    case truncatedChunk(chunk: Int, offset: UInt64, length: UInt64, available: UInt64)
    /// A chunk is neither stored raw (its length is not its size) nor an xz stream.
    case notXZ(chunk: Int, offset: UInt64)
    /// A chunk's xz stream asks for more memory than `PBZXLimits.xzMemoryLimit`.
    case xzNeedsTooMuchMemory(chunk: Int, offset: UInt64, limit: UInt64)
    /// A chunk's stored bytes end before its xz stream does.
    case xzTruncated(chunk: Int, offset: UInt64)
    /// liblzma refused a chunk's xz stream (corrupt data, a failed check, options it lacks).
    case xzFailed(chunk: Int, offset: UInt64, code: LZMA.Code)
    /// A chunk's xz stream ends before its stored bytes do (`unused` bytes after it).
    case xzEndsBeforeChunk(chunk: Int, offset: UInt64, unused: UInt64)
    /// A chunk's xz stream decodes to more bytes than the chunk declares.
    case decodesPastDeclaredSize(chunk: Int, offset: UInt64, declared: UInt64)
    /// A chunk's xz stream decodes to fewer bytes than the chunk declares.
    case decodesShort(chunk: Int, offset: UInt64, decoded: UInt64, declared: UInt64)
    /// Bytes follow the last chunk (the first one shorter than the chunk size).
    case dataAfterLastChunk(chunk: Int, offset: UInt64)
    /// The payload decodes to more than the caller's `maximumOutput`.
    case outputLimitExceeded(limit: UInt64)

    package var description: String {
        switch self {
        case .notPBZX:
            "not a pbzx payload (it does not start with \"pbzx\")"
        case .truncatedHeader(let available):
            "a truncated pbzx payload (\(available) bytes, fewer than its 12-byte header)"
        case .chunkSizeZero:
            "a malformed pbzx payload (its header declares chunks of 0 bytes)"
        case .chunkSizeTooLarge(let declared, let limit):
            "a pbzx payload of \(declared)-byte chunks, more than the \(limit) bundlecheck reads"
        case .truncatedChunkHeader(let chunk, let offset, let available):
            "a truncated pbzx payload (chunk \(chunk) at offset \(offset) has \(available) bytes of its 16-byte header)"
        case .chunkLargerThanChunkSize(let chunk, let offset, let declared, let chunkSize):
            "a malformed pbzx payload (chunk \(chunk) at offset \(offset) declares \(declared) bytes, more than the chunk size \(chunkSize))"
        case .storedLengthTooLarge(let chunk, let offset, let length, let limit):
            "a malformed pbzx payload (chunk \(chunk) at offset \(offset) is stored in \(length) bytes, more than the \(limit) its chunk size allows)"
        case .truncatedChunk(let chunk, let offset, let length, let available):
            "a truncated pbzx payload (chunk \(chunk) at offset \(offset) is stored in \(length) bytes, \(available) were read)"
        case .notXZ(let chunk, let offset):
            "a malformed pbzx payload (chunk \(chunk) at offset \(offset) is neither stored raw nor an xz stream)"
        case .xzNeedsTooMuchMemory(let chunk, let offset, let limit):
            "a pbzx payload whose chunk \(chunk) at offset \(offset) needs more than the \(limit) bytes of memory bundlecheck gives an xz stream"
        case .xzTruncated(let chunk, let offset):
            "a malformed pbzx payload (the xz stream of chunk \(chunk) at offset \(offset) is cut short)"
        case .xzFailed(let chunk, let offset, let code):
            "a malformed pbzx payload (chunk \(chunk) at offset \(offset): \(code))"
        case .xzEndsBeforeChunk(let chunk, let offset, let unused):
            "a malformed pbzx payload (the xz stream of chunk \(chunk) at offset \(offset) ends \(unused) bytes before the chunk)"
        case .decodesPastDeclaredSize(let chunk, let offset, let declared):
            "a malformed pbzx payload (chunk \(chunk) at offset \(offset) decodes to more than the \(declared) bytes it declares)"
        case .decodesShort(let chunk, let offset, let decoded, let declared):
            "a malformed pbzx payload (chunk \(chunk) at offset \(offset) decodes to \(decoded) bytes, not the \(declared) it declares)"
        case .dataAfterLastChunk(let chunk, let offset):
            "a malformed pbzx payload (bytes follow its last chunk, chunk \(chunk) at offset \(offset), which is shorter than the chunk size)"
        case .outputLimitExceeded(let limit):
            "a pbzx payload that decodes to more than \(limit) bytes"
        }
    }
}
