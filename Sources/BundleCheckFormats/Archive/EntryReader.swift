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
    /// Reads and throws away up to `count` bytes from the current position, fewer only at the
    /// end of the entry: how a reader that cannot seek skips, one forward pass through a buffer
    /// of at most 64 KiB.
    public func discard(_ count: UInt64) throws {
        guard count > 0 else { return }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Int(min(count, 64 << 10)), alignment: 16)
        defer { buffer.deallocate() }
        var left = count
        while left > 0 {
            let read = try self.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<Int(min(left, UInt64(buffer.count)))]))
            if read == 0 { return }
            left -= UInt64(read)
        }
    }

    /// Reads on to the end in chunks of at most `size` bytes, handing each to `body`, which
    /// returns false to stop early: `PackageContainer.stream` for a container with readers.
    public func forEachChunk(size: Int, _ body: (UnsafeRawBufferPointer) throws -> Bool) throws {
        precondition(size > 0, "chunk size must be positive")
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = try read(into: buffer)
            if count == 0 { return }
            guard try body(UnsafeRawBufferPointer(rebasing: buffer[..<count])) else { return }
        }
    }

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

/// An `EntryReader` over bytes already in memory: the fallback for containers that
/// hold their files in memory anyway, and for readers given a byte array (tests, fixtures,
/// fuzz harnesses, which also read as if it were a deflated zip entry that cannot seek).
package final class InMemoryEntryReader: EntryReader {
    /// The largest file `PackageContainer`'s default `openEntry` reads whole.
    static let containerFallbackLimit = 256 << 20

    package let canSeek: Bool
    private let bytes: [UInt8]
    private var position = 0

    package init(bytes: [UInt8], canSeek: Bool = true) {
        self.bytes = bytes
        self.canSeek = canSeek
    }

    package func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = min(buffer.count, bytes.count - position)
        guard count > 0, let base = buffer.baseAddress else { return 0 }
        bytes.withUnsafeBytes { source in
            base.copyMemory(from: source.baseAddress! + position, byteCount: count)
        }
        position += count
        return count
    }

    package func skip(_ count: UInt64) throws {
        position += Int(min(count, UInt64(bytes.count - position)))
    }
}
