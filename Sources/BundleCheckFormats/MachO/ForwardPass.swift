/// Walks an `EntryReader` once from start to end, reading the parts asked for and
/// skipping the rest (a seek where the entry allows it).
///
/// Everything the Mach-O reader wants is requested in offset order: the header,
/// the load commands, then the ranges the load commands point at, slice after
/// slice. A request behind the current position is a bug or an overlap the parser
/// should have refused, and fails rather than reading backwards.
final class ForwardPass {
    /// The size the container declares; the stream may still end sooner.
    let size: UInt64
    private(set) var position: UInt64 = 0
    private let reader: any EntryReader

    init(reader: any EntryReader, size: UInt64) {
        self.reader = reader
        self.size = size
    }

    /// Up to `count` bytes; fewer only at the end of the stream.
    func readAvailable(_ count: Int) throws -> [UInt8] {
        let bytes = try reader.read(upTo: count)
        position += UInt64(bytes.count)
        return bytes
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
        if offset > position {
            try reader.skip(offset - position)
            position = offset
        }
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
            position += UInt64(filled)
            guard filled == count else {
                throw MachOError.truncated(part: request.purpose.partName, end: start + UInt64(count))
            }
            try body(buffer[0..<count])
            remaining -= UInt64(count)
        }
    }
}
