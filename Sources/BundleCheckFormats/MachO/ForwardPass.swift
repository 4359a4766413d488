/// Walks an `EntryReader` once from start to end, reading the parts asked for and
/// skipping the rest (a seek where the entry allows it).
///
/// Everything the Mach-O reader wants is requested in offset order: the header,
/// the load commands, then the ranges the load commands point at, slice after
/// slice. A request behind the current position is a bug or an overlap the parser
/// should have refused, and fails rather than reading backwards.
///
/// While an observer is set, every byte the pass goes over below the observer's end is
/// handed to it, skipped bytes included (those are then read instead of sought past):
/// that is how a slice's code pages are hashed in the same pass.
///
/// With a file digest, every byte of the file goes through it: nothing is sought past, and
/// `finishFileDigest` reads what the Mach-O reader had no use for after its last slice.
final class ForwardPass {
    /// The size the container declares; the stream may still end sooner.
    let size: UInt64
    private(set) var position: UInt64 = 0
    private let reader: any EntryReader
    private var observer: (hasher: CodePageHasher, end: UInt64)?
    /// The whole file's SHA-256 on its way (an SBOM names each executable by it).
    private let fileDigest: Digest?
    /// What skipping through observed bytes reads into, allocated on first use.
    private var skipBuffer: [UInt8] = []
    static let skipChunkSize = 64 << 10

    init(reader: any EntryReader, size: UInt64, digestingFile: Bool = false) throws(DigestError) {
        self.reader = reader
        self.size = size
        fileDigest = digestingFile ? try Digest(.sha256) : nil
    }

    /// The SHA-256 of every byte of the file, the rest read to its end first; nil without a
    /// file digest. A stream that ends before or goes on past the declared size is digested
    /// as it is: the digest is of the bytes the package holds.
    func finishFileDigest() throws -> [UInt8]? {
        guard let fileDigest else { return nil }
        if skipBuffer.isEmpty { skipBuffer = [UInt8](repeating: 0, count: Self.skipChunkSize) }
        while true {
            let read = try skipBuffer.withUnsafeMutableBytes { try reader.read(into: $0) }
            if read == 0 { break }
            try skipBuffer.withUnsafeBytes { try take(UnsafeRawBufferPointer(rebasing: $0[0..<read]), from: position) }
            position += UInt64(read)
        }
        return try fileDigest.finish()
    }

    /// Up to `count` bytes; fewer only at the end of the stream.
    func readAvailable(_ count: Int) throws -> [UInt8] {
        let bytes = try reader.read(upTo: count)
        try bytes.withUnsafeBytes { try take($0, from: position) }
        position += UInt64(bytes.count)
        return bytes
    }

    /// Hands every byte from the current position up to `end` to `hasher`, until `stopObserving`.
    func observe(with hasher: CodePageHasher, until end: UInt64) {
        observer = (hasher, end)
    }

    func stopObserving() {
        observer = nil
    }

    /// Exactly `count` bytes, or `MachOError.truncated` naming `part`.
    func read(_ count: Int, part: String) throws -> [UInt8] {
        let start = position
        let bytes = try readAvailable(count)
        guard bytes.count == count else {
            throw MachOError.truncated(part: part, end: start + UInt64(count))
        }
        return bytes
    }

    /// Moves forward to `offset`.
    func skip(to offset: UInt64, part: String) throws {
        guard offset >= position else {
            throw MachOError.rangeOutOfBounds(part: part, offset: offset, size: 0, sliceSize: size)
        }
        if fileDigest != nil, offset > position {
            try readObserved(upTo: min(offset, size), part: part)
        } else if let observer, position < observer.end, offset > position {
            try readObserved(upTo: min(offset, observer.end), part: part)
        }
        if offset > position {
            try reader.skip(offset - position)
            position = offset
        }
    }

    /// Reads (rather than seeks) up to `end`, for the observer or the file digest.
    private func readObserved(upTo end: UInt64, part: String) throws {
        if skipBuffer.isEmpty { skipBuffer = [UInt8](repeating: 0, count: Self.skipChunkSize) }
        while position < end {
            let count = Int(min(UInt64(skipBuffer.count), end - position))
            let read = try skipBuffer.withUnsafeMutableBytes { raw in
                try reader.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[0..<count]))
            }
            guard read > 0 else { throw MachOError.truncated(part: part, end: end) }
            try skipBuffer.withUnsafeBytes { try take(UnsafeRawBufferPointer(rebasing: $0[0..<read]), from: position) }
            position += UInt64(read)
        }
    }

    /// Bytes read at `start` go to the file digest, and to the observer below its end.
    private func take(_ bytes: UnsafeRawBufferPointer, from start: UInt64) throws {
        try fileDigest?.update(bytes)
        try observe(bytes, from: start)
    }

    /// The part of `bytes` (read at `start`) that lies below the observer's end goes to it.
    private func observe(_ bytes: UnsafeRawBufferPointer, from start: UInt64) throws {
        guard let observer, start < observer.end else { return }
        let count = Int(min(UInt64(bytes.count), observer.end - start))
        try observer.hasher.feed(UnsafeRawBufferPointer(rebasing: bytes[0..<count]))
    }

    /// Reads `request` whole: it must lie at or after the current position.
    func capture(_ request: ByteRangeRequest) throws -> [UInt8] {
        try skip(to: request.offset, part: request.purpose.partName)
        return try read(Int(request.length), part: request.purpose.partName)
    }

    /// Reads `request` in chunks of at most `chunkSize` bytes, handing each to `body`
    /// before reading the next, so a range of any size costs one chunk of memory.
    func stream(_ request: ByteRangeRequest, chunkSize: Int, _ body: (ArraySlice<UInt8>) throws -> Void) throws {
        try skip(to: request.offset, part: request.purpose.partName)
        var remaining = request.length
        var buffer = [UInt8](repeating: 0, count: Int(min(UInt64(chunkSize), request.length)))
        while remaining > 0 {
            let count = Int(min(UInt64(buffer.count), remaining))
            let start = position
            let filled = try buffer.withUnsafeMutableBytes { raw in
                var filled = 0
                while filled < count {
                    let read = try reader.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[filled..<count]))
                    if read == 0 { break }
                    filled += read
                }
                return filled
            }
            try buffer.withUnsafeBytes { try take(UnsafeRawBufferPointer(rebasing: $0[0..<filled]), from: start) }
            position += UInt64(filled)
            guard filled == count else {
                throw MachOError.truncated(part: request.purpose.partName, end: start + UInt64(count))
            }
            try body(buffer[0..<count])
            remaining -= UInt64(count)
        }
    }
}
