@testable import BundleCheckFormats

/// Wraps a reader and counts what goes through it, to show what one pass reads and skips.
final class CountingEntryReader: EntryReader {
    private let wrapped: any EntryReader
    private(set) var bytesRead: UInt64 = 0
    private(set) var bytesSkipped: UInt64 = 0

    init(_ wrapped: any EntryReader) {
        self.wrapped = wrapped
    }

    var canSeek: Bool { wrapped.canSeek }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = try wrapped.read(into: buffer)
        bytesRead += UInt64(count)
        return count
    }

    func skip(_ count: UInt64) throws {
        bytesSkipped += count
        try wrapped.skip(count)
    }
}
