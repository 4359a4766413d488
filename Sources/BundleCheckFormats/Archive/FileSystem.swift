#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The only place in the archive layer that calls POSIX file functions
/// (`stat`, `open`, `read`, `opendir`), with `-1` / `NULL` results turned into
/// a thrown `FileSystem.Failure` carrying `errno`.
///
/// Descriptors and directory streams live for one call (`withFile`,
/// `entries(ofDirectory:)`) and are closed before it returns, except the one
/// `openFile` hands to `DirectoryEntryReader`, which closes it in `deinit`.
package enum FileSystem {
    package enum ItemType: Sendable, Equatable {
        case regular
        case directory
        case symbolicLink
        /// FIFO, socket or device: never opened, since reading a FIFO blocks.
        case other
    }

    package struct Status: Sendable, Equatable {
        package var type: ItemType
        package var size: UInt64
        /// The file's identity: two paths with the same device and inode are one file.
        package var device: UInt64 = 0
        package var inode: UInt64 = 0
    }

    /// A failed system call, by `errno`.
    package struct Failure: Error, Sendable, Equatable {
        let errno: Int32

        /// The system's wording in lowercase, e.g. `permission denied`.
        package var reason: String {
            systemReason.lowercased()
        }

        /// The system's wording as `strerror` gives it, e.g. `Permission denied`.
        package var systemReason: String {
            String(cString: strerror(errno))
        }

        /// The user-facing error for `path`: a missing path is `notFound`, anything else `unreadable`.
        package func bundleCheckError(path: String) -> BundleCheckError {
            switch errno {
            case ENOENT, ENOTDIR: .notFound(path: path)
            default: .unreadable(path: path, reason: reason)
            }
        }
    }

    /// `stat` (following a final symbolic link) or `lstat` (describing the link itself).
    package static func status(_ path: String, followingSymlinks: Bool) throws(Failure) -> Status {
        var info = stat()
        let result = followingSymlinks ? stat(path, &info) : lstat(path, &info)
        guard result == 0 else { throw Failure(errno: errno) }
        return Status(info)
    }

    /// Opens a file read-only, refusing a final symbolic link, runs `body` with the
    /// descriptor and the file's status at opening, then closes it.
    package static func withFile<Result>(_ path: String, _ body: (Int32, Status) throws -> Result) throws -> Result {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw Failure(errno: errno) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw Failure(errno: errno) }
        return try body(descriptor, Status(info))
    }

    /// Opens a file read-only like `withFile`, for a reader that keeps it open;
    /// the caller closes it with `closeFile`.
    package static func openFile(_ path: String) throws(Failure) -> (descriptor: Int32, status: Status) {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw Failure(errno: errno) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let failure = Failure(errno: errno)
            close(descriptor)
            throw failure
        }
        return (descriptor, Status(info))
    }

    package static func closeFile(_ descriptor: Int32) {
        close(descriptor)
    }

    /// Moves the file position to `offset` (`lseek` from the start); past the end
    /// is allowed, and reads there return 0.
    package static func seek(_ descriptor: Int32, to offset: Int64) throws(Failure) {
        guard lseek(descriptor, off_t(offset), SEEK_SET) >= 0 else { throw Failure(errno: errno) }
    }

    /// Reads up to `buffer.count` bytes; 0 at the end of the file.
    package static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(Failure) -> Int {
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return 0 }
        while true {
            #if canImport(Glibc)
                let count = Glibc.read(descriptor, base, buffer.count)
            #elseif canImport(Musl)
                let count = Musl.read(descriptor, base, buffer.count)
            #else
                let count = Darwin.read(descriptor, base, buffer.count)
            #endif
            if count >= 0 { return count }
            if errno != EINTR { throw Failure(errno: errno) }
        }
    }

    /// The whole file at `path`, following links, so that `/dev/null` and a pipe such as
    /// `/dev/fd/63` (`--config <(…)`) read as they do for other tools; nil when it holds more
    /// than `limit` bytes.
    package static func readWhole(_ path: String, limit: Int) throws(Failure) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(errno: errno) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = try read(descriptor, into: buffer)
            if count == 0 { return bytes }
            guard bytes.count + count <= limit else { return nil }
            bytes.append(contentsOf: buffer[..<count])
        }
    }

    /// Creates or truncates the file at `path` and writes `bytes` to it. Not atomic on purpose:
    /// the path may be a FIFO or `/dev/stdout`, which a rename would replace.
    package static func writeFile(_ path: String, bytes: [UInt8]) throws(Failure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failure(errno: errno) }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { raw in
                write(descriptor, raw.baseAddress! + written, raw.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                let failure = Failure(errno: errno)
                close(descriptor)
                throw failure
            }
            written += count
        }
        // A full disk or a quota can surface only at close (NFS): that is a failed write too.
        guard close(descriptor) == 0 else { throw Failure(errno: errno) }
    }

    /// The names in a directory, without `.` and `..`, in the order the file system gives them.
    ///
    /// A name that is not valid UTF-8 fails with `EILSEQ`: bundlecheck could not
    /// name it in a report nor open it again by that name.
    package static func entries(ofDirectory path: String) throws(Failure) -> [String] {
        guard let stream = opendir(path) else { throw Failure(errno: errno) }
        defer { closedir(stream) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 { throw Failure(errno: errno) }
                return names
            }
            let decoded = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(validatingCString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            guard let name = decoded else { throw Failure(errno: EILSEQ) }
            if name != "." && name != ".." {
                names.append(name)
            }
        }
    }

    /// The target a symbolic link holds (`readlink`), never followed; nil when it is not a link,
    /// cannot be read or is longer than `limit` bytes. Bytes that are not UTF-8 are replaced, as
    /// a zip's link targets are, so that such a link is still judged.
    package static func linkTarget(_ path: String, limit: Int) -> String? {
        var buffer = [CChar](repeating: 0, count: max(1, limit) + 1)
        let count = readlink(path, &buffer, buffer.count)
        guard count >= 0, count <= limit else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The canonical absolute path (`realpath`), or nil when it cannot be resolved.
    package static func canonicalPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(validatingCString: resolved)
    }
}

private extension FileSystem.Status {
    init(_ info: stat) {
        let type: FileSystem.ItemType =
            switch info.st_mode & S_IFMT {
            case S_IFREG: .regular
            case S_IFDIR: .directory
            case S_IFLNK: .symbolicLink
            default: .other
            }
        self.init(type: type, size: UInt64(max(0, info.st_size)), device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }
}
