/// Reads one file of a container from start to end, with the option to jump ahead.
///
/// Readers such as the Mach-O reader want a few byte ranges of a large file:
/// they read what they need and `skip` the rest. Where the storage allows it
/// (`canSeek`: a file on disk, a zip entry stored uncompressed) skipping costs
/// nothing; otherwise (a deflated zip entry) it reads and discards, which is
/// still one forward pass and holds only a fixed buffer.
///
/// A reader is used from one thread at a time and never goes backwards.
public protocol EntryReader: AnyObject {
    /// Whether `skip` moves without reading the skipped bytes.
    var canSeek: Bool { get }
    /// Reads up to `buffer.count` bytes at the current position; 0 at the end.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
    /// Moves forward by `count` bytes. Skipping past the end stops at the end,
    /// where `read` returns 0.
    func skip(_ count: UInt64) throws
}

extension EntryReader {
    /// Up to `count` bytes from the current position; fewer only at the end of the entry.
    public func read(upTo count: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        try bytes.withUnsafeMutableBytes { buffer in
            while filled < count {
                let read = try self.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
                if read == 0 { break }
                filled += read
            }
        }
        bytes.removeLast(count - filled)
        return bytes
    }
}
