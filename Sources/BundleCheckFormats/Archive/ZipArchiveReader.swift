/// A zip archive (IPA, zipped `.xcarchive` or `.app`) read through libzip.
///
/// Opening reads the central directory once, without `ZIP_CHECKCONS`: that flag
/// seeks to every entry's local header, which costs one random read per entry
/// on a cold cache. Damage inside an entry (bad local header, CRC, deflate data)
/// is still reported, as `corruptArchive`, when that entry is read.
///
/// Folder entries (names ending in `/`) are not among `files`: they are in
/// `folders`, without the slash, so that an empty folder can be seen; every
/// other folder is derived from file paths. Names are kept as the archive gives them (libzip converts
/// CP437 names to UTF-8). When a name occurs twice, the first entry is the one
/// listed and read; the others are in `duplicatePaths`.
final class ZipArchiveReader: PackageContainer, StoredEntrySource {
    /// The archive's path, as given; errors name it.
    let path: String
    let byteCount: UInt64
    let storage = ContainerStorage.zip
    /// File entries in central-directory order. Their paths are libzip's own names, so whoever
    /// keeps this listing keeps the archive open (its memory and its file descriptor) too.
    let files: ContainerFiles
    /// Folder entries in central-directory order, without their trailing slash, each once.
    let folders: [String]
    /// Paths that occur more than once in the central directory, once each.
    let duplicatePaths: [String]
    var duplicateNames: [String] { duplicatePaths }
    /// Read on first use: link entries are rare, and their targets are tiny.
    private(set) lazy var symbolicLinks: [ContainerLink] = linkPaths.compactMap { path in
        (try? read(path, limit: limits.maxLinkTargetBytes)).map { ContainerLink(path: path, target: String(decoding: $0, as: UTF8.self)) }
    }
    /// Entries made from symbolic links, in listing order.
    private let linkPaths: [String]
    /// The caps this listing was read with.
    let limits: ContainerLimits

    /// The open archive; the listing's paths point into it as well.
    private let handle: LibzipArchiveHandle
    private var archive: OpaquePointer { handle.pointer }
    /// libzip index and storage of each file, by position in `files`.
    private let entries: [Entry]

    /// Opens the zip at `path` and reads its central directory.
    ///
    /// - Throws: `BundleCheckError.notFound`, `.unreadable`, `.emptyFile`,
    ///   `.notAPackage` (not a zip, or too many entries) or `.corruptArchive`.
    convenience init(path: String, limits: ContainerLimits = .standard) throws {
        let status: FileSystem.Status
        do throws(FileSystem.Failure) {
            status = try FileSystem.status(path, followingSymlinks: true)
        } catch {
            throw error.bundleCheckError(path: path)
        }
        try self.init(path: path, status: status, limits: limits)
    }

    /// Opens the zip whose file `PackageOpener` has already looked at.
    init(path: String, status: FileSystem.Status, limits: ContainerLimits = .standard) throws {
        guard status.type == .regular else {
            throw BundleCheckError.notAPackage(path: path, reason: "not a regular file")
        }
        guard status.size > 0 else { throw BundleCheckError.emptyFile(path: path) }

        let handle: LibzipArchiveHandle
        do throws(LibzipError) {
            handle = LibzipArchiveHandle(try Libzip.openForReading(path: path, checkConsistency: false))
        } catch {
            throw Self.openingError(error, path: path)
        }
        // A listing that fails lets go of the handle, which discards the archive.
        let listing: Listing
        do {
            listing = try Self.list(handle, path: path, limits: limits, borrowingNames: true)
        } catch is NameNeedsRepair {
            listing = try Self.list(handle, path: path, limits: limits, borrowingNames: false)
        }
        self.path = path
        self.limits = limits
        self.byteCount = status.size
        self.handle = handle
        self.files = listing.files
        self.folders = listing.folders
        self.duplicatePaths = listing.duplicates
        self.linkPaths = listing.links
        self.entries = listing.entries
    }

    func stream(_ path: String, chunkSize: Int, _ body: (UnsafeRawBufferPointer) throws -> Bool) throws {
        precondition(chunkSize > 0, "chunkSize must be positive")
        try openEntry(path).forEachChunk(size: chunkSize, body)
    }

    /// Opens `path` for reading forward: a deflated entry inflated by ISA-L (skipping by
    /// reading), any other read by libzip (a stored one can seek).
    func openEntry(_ path: String) throws -> any EntryReader {
        guard let position = files.position(of: path) else { throw BundleCheckError.missingEntry(file: path) }
        return entries[position].isDeflated ? try openInflating(path) : try libzipReader(path)
    }

    /// libzip's reader of `path`, which inflates with zlib: for entries ISA-L does not read, and
    /// for a `RawDeflateEntryReader` that gave way.
    func libzipReader(_ path: String) throws -> any EntryReader {
        guard let position = files.position(of: path) else { throw BundleCheckError.missingEntry(file: path) }
        let entry = entries[position]
        return try ZipEntryReader(
            archive: self,
            handle: archive,
            index: Int(entry.index),
            path: path,
            size: files.size(at: position),
            isStored: entry.isStored
        )
    }

    /// libzip's index of `path` and what the central directory states of it, for a reader that
    /// takes the entry's bytes as stored (`SharedZipArchive`).
    func storedEntry(_ path: String) throws -> (index: Int, stat: Libzip.EntryStat) {
        guard let index = entry(path)?.index else { throw BundleCheckError.missingEntry(file: path) }
        do throws(LibzipError) {
            return (Int(index), try Libzip.stat(archive, index: Int(index)))
        } catch {
            throw entryError(error, entry: path)
        }
    }

    /// Opens the entry at libzip `index` as stored (deflated bytes stay deflated); the caller
    /// closes it with `closeRaw`.
    func openRawEntry(index: Int) throws(LibzipError) -> OpaquePointer {
        try Libzip.openRawEntry(archive, index: index)
    }

    func readRaw(_ file: OpaquePointer, into buffer: UnsafeMutableRawBufferPointer) throws(LibzipError) -> Int {
        try Libzip.read(file, into: buffer)
    }

    func closeRaw(_ file: OpaquePointer) {
        Libzip.closeEntry(file)
    }

    var storedSizes: [UInt64]? {
        entries.map(\.storedSize)
    }

    /// The uncompressed size the central directory declares for `path`.
    func size(of path: String) throws -> UInt64 {
        guard let position = files.position(of: path) else { throw BundleCheckError.missingEntry(file: path) }
        return files.size(at: position)
    }

    // MARK: - Private

    private struct Entry {
        /// libzip's index; `ContainerLimits.maxZipEntries` keeps it within 32 bits.
        var index: UInt32
        /// Stored uncompressed, so that an `EntryReader` can seek in it.
        var isStored: Bool
        /// Deflated and not encrypted: ISA-L inflates it.
        var isDeflated: Bool
        /// The compressed size the central directory states.
        var storedSize: UInt64
    }

    private struct Listing {
        var files: ContainerFiles = []
        var folders: [String] = []
        var duplicates: [String] = []
        var links: [String] = []
        var entries: [Entry] = []
    }

    private func entry(_ path: String) -> Entry? {
        files.position(of: path).map { entries[$0] }
    }

    /// A name libzip took for UTF-8 that is not (an overlong form, a surrogate: libzip checks
    /// only the bit patterns), which a `String` repairs: pointing at its bytes would list a path
    /// no lookup finds, so the listing is made again with every name copied as repaired.
    private struct NameNeedsRepair: Error {}

    /// Reads the central directory. With `borrowingNames` the listing points at libzip's names,
    /// and throws `NameNeedsRepair` at the first one that is not valid UTF-8.
    private static func list(_ handle: LibzipArchiveHandle, path: String, limits: ContainerLimits, borrowingNames: Bool) throws -> Listing {
        let archive = handle.pointer
        var listing = Listing()
        do {
            let count = try Libzip.entryCount(archive)
            guard count <= min(limits.maxZipEntries, Int(UInt32.max)) else {
                throw BundleCheckError.notAPackage(
                    path: path,
                    reason: "\(count) zip entries is more than the \(limits.maxZipEntries) bundlecheck lists"
                )
            }
            // Paths point at the names libzip keeps for the open archive: a copy would double them.
            var files = borrowingNames ? ContainerFiles.Builder(borrowingFrom: handle) : ContainerFiles.Builder()
            let nameBytes = (0..<count).reduce(0) { $0 + Libzip.nameLength(archive, index: $1) }
            guard nameBytes <= limits.maxNameBytes else {
                throw BundleCheckError.notAPackage(
                    path: path,
                    reason: "its entry names take \(nameBytes) bytes, more than the \(limits.maxNameBytes) bundlecheck lists"
                )
            }
            files.reserveCapacity(count, bytes: nameBytes)
            var entries: [Entry] = []
            entries.reserveCapacity(count)
            // Links are rare: their names are kept with their place in the listing.
            var links: [(position: Int, name: String)] = []
            var folders = Set<Substring>()
            for index in 0..<count {
                let stat = try Libzip.stat(archive, index: index)
                if stat.name.hasSuffix("/") {
                    // `a//` is still the folder `a`; a bare `/` names no folder.
                    var name = Substring(stat.name)
                    while name.hasSuffix("/") { name = name.dropLast() }
                    if !name.isEmpty, folders.insert(name).inserted { listing.folders.append(String(name)) }
                    continue
                }
                if Libzip.isSymbolicLink(archive, index: index) { links.append((files.count, stat.name)) }
                if borrowingNames {
                    // `stat.name` is the name as a `String` made it, repaired where it was not UTF-8.
                    guard let name = Libzip.name(archive, index: index), stat.name.utf8.elementsEqual(name) else { throw NameNeedsRepair() }
                    files.append(borrowing: name, size: stat.size)
                } else {
                    files.append(path: stat.name, size: stat.size)
                }
                entries.append(
                    Entry(index: UInt32(truncatingIfNeeded: index), isStored: stat.isStored, isDeflated: stat.isPlainDeflate, storedSize: stat.compressedSize)
                )
            }
            // A repeated name: the first entry stays the one listed and read.
            let (unique, repeats) = files.build()
            if !repeats.isEmpty {
                var repeated = Set<String>()
                for position in repeats {
                    let name = try Libzip.stat(archive, index: Int(entries[position].index)).name
                    if repeated.insert(name).inserted { listing.duplicates.append(name) }
                }
                let dropped = Set(repeats)
                entries = entries.indices.filter { !dropped.contains($0) }.map { entries[$0] }
                links.removeAll { dropped.contains($0.position) }
            }
            listing.files = unique
            listing.entries = entries
            listing.links = links.map(\.name)
        } catch let error as LibzipError {
            throw BundleCheckError.corruptArchive(path: path, reason: error.lowercasedMessage)
        }
        return listing
    }

    private static func openingError(_ error: LibzipError, path: String) -> BundleCheckError {
        switch error.code {
        case .notAZip:
            // A file that starts like a zip but has no end record was cut short,
            // e.g. an interrupted download: say so rather than "not a zip".
            if startsWithLocalFileHeader(path) {
                return .corruptArchive(path: path, reason: "no end of central directory record, the file looks truncated")
            }
            return .notAPackage(path: path, reason: "not a zip archive")
        case .open where error.systemCode != 0, .read where error.systemCode != 0:
            return FileSystem.Failure(errno: error.systemCode).bundleCheckError(path: path)
        case .multiDisk, .encryptionNotSupported, .compressionNotSupported:
            return .notAPackage(path: path, reason: error.lowercasedMessage)
        case let code where code.meansDamagedArchive:
            return .corruptArchive(path: path, reason: error.lowercasedMessage)
        default:
            return .unreadable(path: path, reason: error.lowercasedMessage)
        }
    }

    /// Damage is reported against the archive, naming the entry; an entry that
    /// is intact but cannot be decoded (encrypted, LZMA) is unreadable by its own path.
    func entryError(_ error: LibzipError, entry: String) -> BundleCheckError {
        if error.code.meansDamagedArchive {
            return .corruptArchive(path: path, reason: "\(entry): \(error.lowercasedMessage)")
        }
        return .unreadable(path: entry, reason: error.lowercasedMessage)
    }

    /// Whether the file begins with `PK\u{3}\u{4}`, the signature of a zip's first local header.
    private static func startsWithLocalFileHeader(_ path: String) -> Bool {
        let signature: [UInt8] = [0x50, 0x4B, 0x03, 0x04]
        return
            (try? FileSystem.withFile(path) { descriptor, _ in
                var head = [UInt8](repeating: 0, count: 4)
                let count = try head.withUnsafeMutableBytes { try FileSystem.read(descriptor, into: $0) }
                return count == 4 && head == signature
            }) ?? false
    }
}
