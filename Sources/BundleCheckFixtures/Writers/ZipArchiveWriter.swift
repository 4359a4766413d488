import BundleCheckFormats

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a zip archive through libzip, for the fixture builder and tests.
///
/// Identical calls give byte-identical archives: every entry carries
/// `fixedModificationTime`, written straight into the MS-DOS date and time
/// fields (no time-zone conversion), Unix permissions, and no extra fields
/// (libzip adds none for in-memory sources). Deflate output depends on the
/// zlib version, so "identical" holds on one machine, not across machines.
///
/// Entries are written in the order they are added. Contents are copied at
/// `add` and held in memory until `close`.
public final class ZipArchiveWriter {
    /// 2020-01-01T00:00:00Z, as seconds since 1970: the modification time of every entry.
    public static let fixedModificationTime = 1_577_836_800

    /// Where the archive is written.
    public let path: String
    private var archive: OpaquePointer?
    private var entryCount = 0

    /// Starts an archive at `path`; nothing is written, and an existing file is kept, until `close`.
    public init(path: String) throws {
        self.path = path
        do throws(LibzipError) {
            archive = try Libzip.create(path: path)
        } catch {
            throw BundleCheckError.unwritable(path: path, reason: error.lowercasedMessage)
        }
    }

    deinit {
        if let archive {
            Libzip.discard(archive)
        }
    }

    /// Adds a file entry.
    ///
    /// - Parameters:
    ///   - path: the entry name, `/`-separated, e.g. `Payload/X.app/Info.plist`.
    ///   - permissions: Unix permission bits stored in the external attributes.
    ///   - isSymbolicLink: stored as a link (`S_IFLNK`), whose target is `contents`, as `zip -y` does.
    public func add(
        path entryPath: String, contents: [UInt8], compression: ZipCompression = .deflate, permissions: UInt16 = 0o644,
        isSymbolicLink: Bool = false
    ) throws {
        let archive = try openArchive()
        do throws(LibzipError) {
            let index = try Libzip.addFile(archive, name: entryPath, contents: contents)
            try Libzip.setCompression(archive, index: index, method: compression)
            let type: UInt32 = isSymbolicLink ? 0o120000 : 0o100000
            try setMetadata(archive, index: index, mode: type | UInt32(permissions & 0o7777))
        } catch {
            throw BundleCheckError.unwritable(path: path, reason: "\(entryPath): \(error.lowercasedMessage)")
        }
        entryCount += 1
    }

    /// Adds a folder entry; `path` gets a trailing `/` if it has none.
    public func addDirectory(path entryPath: String, permissions: UInt16 = 0o755) throws {
        let archive = try openArchive()
        let name = entryPath.hasSuffix("/") ? entryPath : entryPath + "/"
        do throws(LibzipError) {
            let index = try Libzip.addDirectory(archive, name: name)
            try setMetadata(archive, index: index, mode: 0o040000 | UInt32(permissions & 0o7777))
        } catch {
            throw BundleCheckError.unwritable(path: path, reason: "\(name): \(error.lowercasedMessage)")
        }
        entryCount += 1
    }

    /// Writes the archive. An archive without entries is written as the 22-byte
    /// empty zip (libzip would delete the file instead).
    public func close() throws {
        let archive = try openArchive()
        self.archive = nil
        if entryCount == 0 {
            Libzip.discard(archive)
            do throws(FileSystem.Failure) {
                try FileSystem.writeFile(path, bytes: Self.emptyArchive)
            } catch {
                throw BundleCheckError.unwritable(path: path, reason: error.reason)
            }
            return
        }
        do throws(LibzipError) {
            try Libzip.close(archive)
        } catch {
            throw BundleCheckError.unwritable(path: path, reason: error.lowercasedMessage)
        }
    }

    // MARK: - Private

    /// An end-of-central-directory record and nothing else.
    private static let emptyArchive: [UInt8] = [0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18)

    /// `fixedModificationTime` as MS-DOS (time, date) fields, in UTC.
    private static let dosDateTime: (time: UInt16, date: UInt16) = {
        var seconds = time_t(fixedModificationTime)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let time = UInt16(parts.tm_hour) << 11 | UInt16(parts.tm_min) << 5 | UInt16(parts.tm_sec / 2)
        let date = UInt16(parts.tm_year + 1900 - 1980) << 9 | UInt16(parts.tm_mon + 1) << 5 | UInt16(parts.tm_mday)
        return (time, date)
    }()

    private func openArchive() throws -> OpaquePointer {
        guard let archive else {
            throw BundleCheckError.unwritable(path: path, reason: "the archive is already closed")
        }
        return archive
    }

    private func setMetadata(_ archive: OpaquePointer, index: Int, mode: UInt32) throws(LibzipError) {
        try Libzip.setModificationTime(archive, index: index, dosTime: Self.dosDateTime.time, dosDate: Self.dosDateTime.date)
        try Libzip.setUnixMode(archive, index: index, mode: mode)
    }
}
