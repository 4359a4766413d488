import Foundation

/// One zip archive read by several threads at once through one libzip handle.
///
/// A libzip handle serves one thread at a time, and a second handle costs the central
/// directory again (about 520 bytes an entry). Here every libzip call takes one lock, and a
/// deflated entry is read as stored, a chunk at a time under the lock, and inflated by the
/// thread that reads it (`RawDeflateEntryReader`): the workers loading a package's bundles
/// overlap the inflating and hashing of their executables, which is the costly part, while
/// the handle is only ever used by one of them at a time. Everything else (stored entries,
/// other methods) goes through libzip under the lock.
package final class SharedZipArchive: PackageContainer, StoredEntrySource, @unchecked Sendable {
    private let base: ZipArchiveReader
    private let lock = NSLock()

    /// `nil` unless `container` is a zip archive read through libzip.
    package init?(sharing container: any PackageContainer) {
        guard let zip = container as? ZipArchiveReader else { return nil }
        base = zip
    }

    package var storage: ContainerStorage { base.storage }
    package var byteCount: UInt64 { base.byteCount }
    package var files: ContainerFiles { base.files }
    package var storedSizes: [UInt64]? { base.storedSizes }
    package var folders: [String] { base.folders }
    package var duplicateNames: [String] { base.duplicateNames }
    package var symbolicLinks: [ContainerLink] { lock.withLock { base.symbolicLinks } }

    package func size(of path: String) throws -> UInt64 {
        try base.size(of: path)
    }

    /// Streams through `openEntry`, so `body` runs outside the lock.
    package func stream(_ path: String, chunkSize: Int, _ body: (UnsafeRawBufferPointer) throws -> Bool) throws {
        precondition(chunkSize > 0, "chunkSize must be positive")
        try openEntry(path).forEachChunk(size: chunkSize, body)
    }

    /// Deflated entries inflate on the reading thread; anything else is libzip's under the lock.
    package func openEntry(_ path: String) throws -> any EntryReader {
        try openInflating(path)
    }

    /// A reader of `path` that libzip inflates with zlib and checks, as it would read it alone:
    /// what `RawDeflateEntryReader`'s answers are compared with (the fuzz harness, tests).
    package func readerInflatedByLibzip(_ path: String) throws -> any EntryReader {
        try libzipReader(path)
    }

    /// Whether zlib refuses the entry for an incomplete Huffman code, which ISA-L decodes
    /// (`StoredEntrySource.zlibRefusesForAnIncompleteCode`): for the fuzz harness and tests.
    package func zlibRefusesForAnIncompleteCode(_ path: String) -> Bool {
        zlibRefusesForAnIncompleteCode(path, limit: 4 << 20)
    }

    // MARK: - StoredEntrySource, each call under the lock

    func storedEntry(_ path: String) throws -> (index: Int, stat: Libzip.EntryStat) {
        try lock.withLock { try base.storedEntry(path) }
    }

    // NSLock's withLock forgets a typed error: these lock by hand.
    func openRawEntry(index: Int) throws(LibzipError) -> OpaquePointer {
        lock.lock()
        defer { lock.unlock() }
        return try base.openRawEntry(index: index)
    }

    func readRaw(_ file: OpaquePointer, into buffer: UnsafeMutableRawBufferPointer) throws(LibzipError) -> Int {
        lock.lock()
        defer { lock.unlock() }
        return try Libzip.read(file, into: buffer)
    }

    func closeRaw(_ file: OpaquePointer) {
        lock.withLock { Libzip.closeEntry(file) }
    }

    /// Every call of the reader under the lock: for what `RawDeflateEntryReader` does not read
    /// itself, and what it hands over on a failure.
    func libzipReader(_ path: String) throws -> any EntryReader {
        LockedEntryReader(lock: lock, reader: try lock.withLock { try base.libzipReader(path) })
    }
}

/// A libzip entry reader shared archive's lock guards: reading, skipping and closing.
private final class LockedEntryReader: EntryReader {
    private let lock: NSLock
    private var reader: (any EntryReader)?

    init(lock: NSLock, reader: any EntryReader) {
        self.lock = lock
        self.reader = reader
    }

    deinit {
        // Closing the entry is a libzip call too.
        lock.withLock { reader = nil }
    }

    var canSeek: Bool { reader?.canSeek ?? false }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        try lock.withLock { try reader?.read(into: buffer) ?? 0 }
    }

    func skip(_ count: UInt64) throws {
        try lock.withLock { try reader?.skip(count) }
    }
}
