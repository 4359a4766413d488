import CLibzip

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The only place in bundlecheck that calls libzip.
///
/// Each function is one libzip call (or two that always go together), with
/// libzip's `NULL` / `-1` results turned into a thrown `LibzipError` by one
/// helper per kind of handle. Handles are plain `OpaquePointer`s here; the
/// classes that own them (`ZipArchiveReader`, `ZipArchiveWriter`, `ZipEntryReader`)
/// free them in `deinit`. An entry opened by `openEntry` or `openRawEntry` is closed by its
/// owner with `closeEntry`.
package enum Libzip {
    /// What the central directory states about one entry.
    package struct EntryStat: Sendable, Equatable {
        var name: String
        var size: UInt64
        var compressedSize: UInt64
        var compressionMethod: UInt16
        /// The CRC-32 of the uncompressed bytes; nil when the central directory gives none.
        var crc: UInt32? = nil
        var isEncrypted = false

        /// Method 0 (`ZIP_CM_STORE`): the only kind of entry libzip 1.7.3 can seek in.
        var isStored: Bool {
            compressionMethod == UInt16(ZIP_CM_STORE)
        }

        /// Method 8 (`ZIP_CM_DEFLATE`), unencrypted: what `RawDeflateEntryReader` inflates itself.
        var isPlainDeflate: Bool {
            compressionMethod == UInt16(ZIP_CM_DEFLATE) && !isEncrypted
        }
    }

    /// The linked libzip's version, e.g. `1.7.3`.
    static var version: String {
        String(cString: zip_libzip_version())
    }

    // MARK: - Reading

    /// Opens an archive read-only and reads its central directory.
    ///
    /// - Parameter checkConsistency: `ZIP_CHECKCONS`, which also compares every
    ///   local header with the central directory (one seek and read per entry).
    package static func openForReading(path: String, checkConsistency: Bool) throws(LibzipError) -> OpaquePointer {
        try open(path: path, flags: ZIP_RDONLY | (checkConsistency ? ZIP_CHECKCONS : 0))
    }

    /// Number of entries in the central directory, folder entries included.
    package static func entryCount(_ archive: OpaquePointer) throws(LibzipError) -> Int {
        let count = zip_get_num_entries(archive, 0)
        guard count >= 0 else { throw error(of: archive) }
        return Int(count)
    }

    /// The length in bytes of the entry's name as `stat` gives it (0 when libzip has none),
    /// without making a `String`: for sizing a buffer that will hold every name.
    package static func nameLength(_ archive: OpaquePointer, index: Int) -> Int {
        name(archive, index: index)?.count ?? 0
    }

    /// The name of the entry at `index` as libzip keeps it (UTF-8: a name that is not is taken
    /// as CP437 and converted), up to its first NUL, without copying: the bytes stay valid until
    /// the archive is discarded, and are the ones `stat` names.
    package static func name(_ archive: OpaquePointer, index: Int) -> UnsafeBufferPointer<UInt8>? {
        guard let name = zip_get_name(archive, UInt64(index), 0) else { return nil }
        return UnsafeBufferPointer(start: UnsafeRawPointer(name).assumingMemoryBound(to: UInt8.self), count: strlen(name))
    }

    /// Whether the entry was zipped from a symbolic link: made on a Unix system, with `S_IFLNK` in
    /// the file mode that the high 16 bits of its external attributes hold.
    package static func isSymbolicLink(_ archive: OpaquePointer, index: Int) -> Bool {
        var system: UInt8 = 0
        var attributes: UInt32 = 0
        guard zip_file_get_external_attributes(archive, UInt64(index), 0, &system, &attributes) == 0,
            system == UInt8(ZIP_OPSYS_UNIX)
        else { return false }
        return (attributes >> 16) & 0o170000 == 0o120000
    }

    /// Name, size and compression of the entry at `index`, as the central directory states them.
    package static func stat(_ archive: OpaquePointer, index: Int) throws(LibzipError) -> EntryStat {
        var stat = zip_stat_t()
        zip_stat_init(&stat)
        guard zip_stat_index(archive, UInt64(index), 0, &stat) == 0 else { throw error(of: archive) }
        let required = ZIP_STAT_NAME | ZIP_STAT_SIZE
        guard stat.valid & UInt64(required) == UInt64(required), let name = stat.name else {
            throw LibzipError(code: .inconsistent, systemCode: 0, message: "entry \(index) has no name or size")
        }
        return EntryStat(
            name: String(cString: name),
            size: stat.size,
            compressedSize: stat.valid & UInt64(ZIP_STAT_COMP_SIZE) != 0 ? stat.comp_size : 0,
            compressionMethod: stat.valid & UInt64(ZIP_STAT_COMP_METHOD) != 0 ? stat.comp_method : 0,
            crc: stat.valid & UInt64(ZIP_STAT_CRC) != 0 ? stat.crc : nil,
            isEncrypted: stat.valid & UInt64(ZIP_STAT_ENCRYPTION_METHOD) != 0 && stat.encryption_method != UInt16(ZIP_EM_NONE)
        )
    }

    /// Opens the entry at `index` for reading; the caller closes it with `closeEntry`.
    package static func openEntry(_ archive: OpaquePointer, index: Int) throws(LibzipError) -> OpaquePointer {
        guard let file = zip_fopen_index(archive, UInt64(index), 0) else { throw error(of: archive) }
        return file
    }

    /// Opens the entry at `index` for reading its bytes as stored (`ZIP_FL_COMPRESSED`): deflated
    /// data comes out deflated, and nothing is checked against the CRC. The caller closes it.
    package static func openRawEntry(_ archive: OpaquePointer, index: Int) throws(LibzipError) -> OpaquePointer {
        guard let file = zip_fopen_index(archive, UInt64(index), zip_flags_t(ZIP_FL_COMPRESSED)) else { throw error(of: archive) }
        return file
    }

    package static func closeEntry(_ file: OpaquePointer) {
        zip_fclose(file)
    }

    /// Moves forward by `count` bytes in a stored entry (`zip_fseek` from the current position).
    /// libzip refuses to seek in compressed entries and past the entry's end.
    package static func seek(_ file: OpaquePointer, by count: Int64) throws(LibzipError) {
        guard zip_fseek(file, count, SEEK_CUR) == 0 else { throw error(ofEntry: file) }
    }

    /// Reads up to `buffer.count` uncompressed bytes; 0 at the end of the entry.
    ///
    /// The CRC is checked when the end is reached, so a damaged entry fails on its last read.
    package static func read(_ file: OpaquePointer, into buffer: UnsafeMutableRawBufferPointer) throws(LibzipError) -> Int {
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return 0 }
        let count = zip_fread(file, base, UInt64(buffer.count))
        guard count >= 0 else { throw error(ofEntry: file) }
        return Int(count)
    }

    /// Frees an archive without writing anything (reading, or abandoning a write).
    package static func discard(_ archive: OpaquePointer) {
        zip_discard(archive)
    }

    // MARK: - Writing

    /// Creates an archive at `path`, replacing any file there when `close` succeeds.
    package static func create(path: String) throws(LibzipError) -> OpaquePointer {
        try open(path: path, flags: ZIP_CREATE | ZIP_TRUNCATE)
    }

    /// Adds a file entry whose bytes are copied into memory that libzip frees
    /// after writing (`zip_source_buffer` with `freep` = 1). Returns its index.
    package static func addFile(_ archive: OpaquePointer, name: String, contents: [UInt8]) throws(LibzipError) -> Int {
        let copy: UnsafeMutableRawPointer?
        if contents.isEmpty {
            copy = nil
        } else {
            guard let memory = malloc(contents.count) else {
                throw LibzipError(code: .memory, systemCode: 0, message: "Malloc failure")
            }
            contents.withUnsafeBytes { memory.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
            copy = memory
        }
        guard let source = zip_source_buffer(archive, copy, UInt64(contents.count), copy == nil ? 0 : 1) else {
            free(copy)
            throw error(of: archive)
        }
        let index = zip_file_add(archive, name, source, ZIP_FL_ENC_UTF_8)
        guard index >= 0 else {
            zip_source_free(source)
            throw error(of: archive)
        }
        return Int(index)
    }

    /// Adds a folder entry (`name` ending in `/`). Returns its index.
    package static func addDirectory(_ archive: OpaquePointer, name: String) throws(LibzipError) -> Int {
        let index = zip_dir_add(archive, name, ZIP_FL_ENC_UTF_8)
        guard index >= 0 else { throw error(of: archive) }
        return Int(index)
    }

    /// Sets the compression method (`ZIP_CM_STORE`, `ZIP_CM_DEFLATE`) at zlib's default level.
    package static func setCompression(_ archive: OpaquePointer, index: Int, method: ZipCompression) throws(LibzipError) {
        let cMethod =
            switch method {
            case .stored: ZIP_CM_STORE
            case .deflate: ZIP_CM_DEFLATE
            }
        guard zip_set_file_compression(archive, UInt64(index), cMethod, 0) == 0 else { throw error(of: archive) }
    }

    /// Sets the MS-DOS date and time fields as given, with no time-zone conversion
    /// (`zip_file_set_mtime` would convert through the local time zone).
    package static func setModificationTime(_ archive: OpaquePointer, index: Int, dosTime: UInt16, dosDate: UInt16) throws(LibzipError) {
        guard zip_file_set_dostime(archive, UInt64(index), dosTime, dosDate, 0) == 0 else { throw error(of: archive) }
    }

    /// Marks the entry as made on Unix with the given `st_mode` (type and permission bits).
    package static func setUnixMode(_ archive: OpaquePointer, index: Int, mode: UInt32) throws(LibzipError) {
        let attributes = mode << 16
        guard zip_file_set_external_attributes(archive, UInt64(index), 0, UInt8(ZIP_OPSYS_UNIX), attributes) == 0 else {
            throw error(of: archive)
        }
    }

    /// Writes the archive and frees it. On failure nothing is written and the
    /// handle is freed all the same.
    package static func close(_ archive: OpaquePointer) throws(LibzipError) {
        guard zip_close(archive) == 0 else {
            let failure = error(of: archive)
            zip_discard(archive)
            throw failure
        }
    }

    // MARK: - Errors

    /// Opens through a file source so that a failure keeps `errno` as well as libzip's code.
    private static func open(path: String, flags: Int32) throws(LibzipError) -> OpaquePointer {
        var failure = zip_error_t()
        zip_error_init(&failure)
        defer { zip_error_fini(&failure) }
        guard let source = zip_source_file_create(path, 0, -1, &failure) else {
            throw LibzipError(&failure)
        }
        guard let archive = zip_open_from_source(source, flags, &failure) else {
            zip_source_free(source)
            throw LibzipError(&failure)
        }
        return archive
    }

    private static func error(of archive: OpaquePointer) -> LibzipError {
        LibzipError(zip_get_error(archive))
    }

    private static func error(ofEntry file: OpaquePointer) -> LibzipError {
        LibzipError(zip_file_get_error(file))
    }

    /// libzip's text for a bare code, e.g. `Not a zip archive`.
    package static func message(for code: LibzipErrorCode) -> String {
        var failure = zip_error_t()
        zip_error_init_with_code(&failure, code.rawValue)
        defer { zip_error_fini(&failure) }
        return String(cString: zip_error_strerror(&failure))
    }
}

private extension LibzipError {
    init(_ failure: UnsafeMutablePointer<zip_error_t>) {
        self.init(
            code: LibzipErrorCode(rawValue: zip_error_code_zip(failure)),
            systemCode: zip_error_code_system(failure),
            message: String(cString: zip_error_strerror(failure))
        )
    }
}

/// How `ZipArchiveWriter` stores one entry.
public enum ZipCompression: String, Sendable, Hashable, CaseIterable {
    /// Method 0: the bytes as they are.
    case stored
    /// Method 8: deflate at zlib's default level.
    case deflate
}
