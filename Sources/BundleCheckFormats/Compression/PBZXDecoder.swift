/// A pbzx payload (the `Payload` of a macOS installer package as Apple's tools write it, a cpio
/// archive underneath) decoded forward, a read at a time, in bounded memory: a 64 KiB buffer of
/// stored bytes and liblzma's state for one chunk, whatever the chunks declare.
///
/// The format, as unxip (saagarjha/unxip) and unpbzx (zhangyoufu/unpbzx) read it and as
/// PHPdev32's pbzx (NiklasRosenstein/pbzx) agrees for Apple's 16 MiB chunks: big-endian
/// throughout; the magic `pbzx` and the chunk size (16 MiB, 0x01000000, which older readers
/// take for a flag meaning "more chunks follow"); then chunks, each its decoded size, its stored
/// length and that many bytes. A chunk whose stored length equals its decoded size is stored
/// raw (Apple does so when xz does not make it smaller); any other is one whole xz stream. Every
/// chunk but the last decodes to the chunk size; the last is shorter (so its 0x01000000 bit is
/// clear), or full when the payload is an exact multiple of the chunk size, and then the payload
/// ends after it.
///
/// The decoder trusts no size: a chunk larger than the chunk size, a stored length past its
/// cap (`PBZXLimits`), an xz stream that decodes to more or less than its chunk declares or that
/// ends before its stored bytes do, bytes after the last chunk and a payload that ends early each
/// throw a `PBZXError` naming the chunk and its offset, before any byte past the fault is read.
/// Decoded bytes are handed out as they come, so a read may return bytes of a chunk whose end
/// later proves bad. Errors of the source are passed on as they are.
package final class PBZXDecoder {
    /// Reads up to the buffer's size of the payload's bytes into it and says how many it read;
    /// 0 only at the end.
    package typealias Source = (UnsafeMutableRawBufferPointer) throws -> Int

    package static let magic: [UInt8] = Array("pbzx".utf8)
    /// The magic and the chunk size.
    static let headerLength = 12
    /// A chunk's decoded size and stored length.
    static let chunkHeaderLength = 16
    /// Stored bytes of an xz chunk are read this many at a time.
    static let inputPieceSize = 64 << 10

    /// Whether `prefix` (the first bytes of a payload, any number) starts as a pbzx payload does.
    package static func startsLikePBZX(_ prefix: [UInt8]) -> Bool {
        prefix.starts(with: magic)
    }

    private let source: Source
    private let limits: PBZXLimits
    private let maximumOutput: UInt64?

    /// The chunk size the header declares, once the first read has read it.
    package private(set) var chunkSize: UInt64 = 0
    /// Chunks whose header has been read.
    package private(set) var chunksRead = 0
    /// Bytes decoded so far.
    package private(set) var decodedCount: UInt64 = 0

    private enum State {
        case header
        /// Expecting a chunk's header, or the end (after the header or a full chunk).
        case chunkHeader
        case raw(left: UInt64, declared: UInt64)
        /// `stored`: stored bytes not yet read from the source; `left`: declared bytes not yet decoded.
        case xz(stored: UInt64, left: UInt64, declared: UInt64)
        /// After a chunk shorter than the chunk size: the source must be at its end.
        case lastChunkRead
        case finished
        case failed(any Error)
    }

    private var state = State.header
    /// The current chunk's number, length and offset, for errors.
    private var chunk = -1
    private var chunkOffset: UInt64 = 0
    private var storedLength: UInt64 = 0
    /// Bytes read from the source so far.
    private var sourceOffset: UInt64 = 0
    /// A chunk's header; a byte of it is also where an xz stream that should have ended is
    /// decoded to, to see whether it goes on.
    private let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkHeaderLength, alignment: 8)
    /// Made at the first xz chunk, and reused for every other.
    private var xzDecoder: LZMA.Decoder?
    private var input = UnsafeMutableRawBufferPointer(start: nil, count: 0)
    /// The part of `input` read and not yet decoded.
    private var inputStart = 0
    private var inputEnd = 0
    /// Calls to liblzma in a row that did nothing: a guard against looping on a stream that
    /// neither moves nor fails.
    private var stalls = 0

    /// A decoder of the payload `source` hands out. Past `maximumOutput` decoded bytes (when
    /// given) reading throws `outputLimitExceeded`.
    package init(limits: PBZXLimits = .standard, maximumOutput: UInt64? = nil, source: @escaping Source) {
        self.source = source
        self.limits = limits
        self.maximumOutput = maximumOutput
    }

    /// A decoder of `bytes` handed out at most `pieceSize` at a time (tests and the fuzz
    /// harness read payloads so, in pieces of every size).
    package convenience init(bytes: [UInt8], pieceSize: Int = .max, limits: PBZXLimits = .standard, maximumOutput: UInt64? = nil) {
        var offset = 0
        self.init(limits: limits, maximumOutput: maximumOutput) { buffer in
            let count = min(buffer.count, pieceSize, bytes.count - offset)
            guard count > 0 else { return 0 }
            bytes.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<(offset + count)])) }
            offset += count
            return count
        }
    }

    deinit {
        scratch.deallocate()
        input.deallocate()
    }

    /// Decodes into `buffer` and says how many bytes it wrote: 0 at the end of the payload
    /// (or when `buffer` is empty), otherwise at least 1. After an error, every read throws it again.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard !buffer.isEmpty else { return 0 }
        do {
            while true {
                switch state {
                case .header:
                    try readHeader()
                case .chunkHeader:
                    try readChunkHeader()
                case .raw(let left, let declared):
                    if left == 0 {
                        endChunk(declared: declared)
                        continue
                    }
                    let count = try readSource(into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<Int(min(UInt64(buffer.count), left))]))
                    guard count > 0 else { throw truncatedChunk(storedLeft: left) }
                    state = .raw(left: left - UInt64(count), declared: declared)
                    try addDecoded(count)
                    return count
                case .xz(let stored, let left, let declared):
                    let count = try decode(into: buffer, stored: stored, left: left, declared: declared)
                    if count > 0 { return count }
                case .lastChunkRead:
                    guard try readSource(into: UnsafeMutableRawBufferPointer(rebasing: scratch[..<1])) == 0 else {
                        throw PBZXError.dataAfterLastChunk(chunk: chunk, offset: chunkOffset)
                    }
                    state = .finished
                case .finished:
                    return 0
                case .failed(let error):
                    throw error
                }
            }
        } catch {
            state = .failed(error)
            throw error
        }
    }

    /// Reads until `buffer` is full or the source ends; how many bytes it read.
    private func readSource(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = try source(buffer)
        precondition(count >= 0 && count <= buffer.count, "a pbzx source read \(count) bytes into a buffer of \(buffer.count)")
        sourceOffset += UInt64(count)
        return count
    }

    private func readFully(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        var filled = 0
        while filled < buffer.count {
            let count = try readSource(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            if count == 0 { break }
            filled += count
        }
        return filled
    }

    private static func bigEndian(_ bytes: UnsafeMutableRawBufferPointer, at offset: Int) -> UInt64 {
        bytes[offset..<(offset + 8)].reduce(0) { $0 << 8 | UInt64($1) }
    }

    private func readHeader() throws {
        let header = UnsafeMutableRawBufferPointer(rebasing: scratch[..<Self.headerLength])
        let count = try readFully(into: header)
        guard header[..<min(count, Self.magic.count)].elementsEqual(Self.magic.prefix(count)) else { throw PBZXError.notPBZX }
        guard count == Self.headerLength else { throw PBZXError.truncatedHeader(available: count) }
        chunkSize = Self.bigEndian(header, at: Self.magic.count)
        guard chunkSize > 0 else { throw PBZXError.chunkSizeZero }
        guard chunkSize <= limits.maximumChunkSize else {
            throw PBZXError.chunkSizeTooLarge(declared: chunkSize, limit: limits.maximumChunkSize)
        }
        state = .chunkHeader
    }

    private func readChunkHeader() throws {
        let offset = sourceOffset
        let count = try readFully(into: scratch)
        guard count > 0 else {
            state = .finished
            return
        }
        chunk += 1
        chunksRead += 1
        chunkOffset = offset
        guard count == Self.chunkHeaderLength else {
            throw PBZXError.truncatedChunkHeader(chunk: chunk, offset: offset, available: count)
        }
        let declared = Self.bigEndian(scratch, at: 0)
        storedLength = Self.bigEndian(scratch, at: 8)
        guard declared <= chunkSize else {
            throw PBZXError.chunkLargerThanChunkSize(chunk: chunk, offset: offset, declared: declared, chunkSize: chunkSize)
        }
        let limit = limits.maximumStoredLength(chunkSize: chunkSize)
        guard storedLength <= limit else {
            throw PBZXError.storedLengthTooLarge(chunk: chunk, offset: offset, length: storedLength, limit: limit)
        }
        if storedLength == declared {
            state = .raw(left: storedLength, declared: declared)
            return
        }
        if let xzDecoder {
            try xz { () throws(LZMA.Failure) in try xzDecoder.restart() }
        } else {
            xzDecoder = try xz { () throws(LZMA.Failure) in try LZMA.Decoder(memoryLimit: limits.xzMemoryLimit) }
            input = .allocate(byteCount: Self.inputPieceSize, alignment: 16)
        }
        inputStart = 0
        inputEnd = 0
        stalls = 0
        state = .xz(stored: storedLength, left: declared, declared: declared)
    }

    /// After a chunk of `declared` bytes: another chunk or the end may follow a full one, only
    /// the end a shorter one.
    private func endChunk(declared: UInt64) {
        state = declared < chunkSize ? .lastChunkRead : .chunkHeader
    }

    /// One step of an xz chunk's stream into `buffer`: the bytes it decoded, 0 when it only
    /// read, consumed stored bytes or ended the chunk.
    private func decode(into buffer: UnsafeMutableRawBufferPointer, stored: UInt64, left: UInt64, declared: UInt64) throws -> Int {
        guard let xzDecoder else { preconditionFailure("an xz chunk without its decoder") }
        var stored = stored
        if inputStart == inputEnd, stored > 0 {
            let count = try readSource(into: UnsafeMutableRawBufferPointer(rebasing: input[..<Int(min(UInt64(input.count), stored))]))
            guard count > 0 else { throw truncatedChunk(storedLeft: stored) }
            inputStart = 0
            inputEnd = count
            stored -= UInt64(count)
        }
        // Once the declared bytes are out, a byte of room is left to catch a stream that goes on.
        let output =
            left == 0
            ? UnsafeMutableRawBufferPointer(rebasing: scratch[..<1])
            : UnsafeMutableRawBufferPointer(rebasing: buffer[..<Int(min(UInt64(buffer.count), left))])
        let pending = UnsafeRawBufferPointer(rebasing: input[inputStart..<inputEnd])
        let inputEnds = stored == 0
        let step = try xz { () throws(LZMA.Failure) in try xzDecoder.decode(pending, into: output, inputEnds: inputEnds) }
        inputStart += step.consumed
        if left == 0, step.produced > 0 {
            throw PBZXError.decodesPastDeclaredSize(chunk: chunk, offset: chunkOffset, declared: declared)
        }
        let left = left - UInt64(step.produced)
        // Counted before the end is judged, so that which error a payload gets does not depend
        // on how the reads cut its bytes.
        try addDecoded(step.produced)
        if step.ended {
            let unused = UInt64(inputEnd - inputStart) + stored
            guard unused == 0 else { throw PBZXError.xzEndsBeforeChunk(chunk: chunk, offset: chunkOffset, unused: unused) }
            guard left == 0 else {
                throw PBZXError.decodesShort(chunk: chunk, offset: chunkOffset, decoded: declared - left, declared: declared)
            }
            endChunk(declared: declared)
        } else {
            // liblzma fails a stream that cannot go on by its second call without progress;
            // a third is never made.
            stalls = step.consumed == 0 && step.produced == 0 ? stalls + 1 : 0
            guard stalls < 3 else { throw PBZXError.xzTruncated(chunk: chunk, offset: chunkOffset) }
            state = .xz(stored: stored, left: left, declared: declared)
        }
        return step.produced
    }

    /// Runs a liblzma call, its failure named as a `PBZXError` of the current chunk.
    private func xz<T>(_ call: () throws(LZMA.Failure) -> T) throws(PBZXError) -> T {
        do {
            return try call()
        } catch {
            switch error.code {
            case .format: throw .notXZ(chunk: chunk, offset: chunkOffset)
            case .memoryLimit: throw .xzNeedsTooMuchMemory(chunk: chunk, offset: chunkOffset, limit: limits.xzMemoryLimit)
            case .buffer: throw .xzTruncated(chunk: chunk, offset: chunkOffset)
            default: throw .xzFailed(chunk: chunk, offset: chunkOffset, code: error.code)
            }
        }
    }

    private func truncatedChunk(storedLeft: UInt64) -> PBZXError {
        .truncatedChunk(chunk: chunk, offset: chunkOffset, length: storedLength, available: storedLength - storedLeft)
    }

    private func addDecoded(_ count: Int) throws(PBZXError) {
        decodedCount += UInt64(count)
        if let maximumOutput, decodedCount > maximumOutput { throw .outputLimitExceeded(limit: maximumOutput) }
    }
}
