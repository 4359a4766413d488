import CLibarchive

/// libarchive, reading forward: the only place in bundlecheck that calls `archive_*`.
///
/// Two kinds of reader, each with only what an installer package needs enabled: the xar
/// archive itself (format xar, no filters: its members' own encodings are the xar reader's),
/// and a component's payload (format cpio, filters gzip and xz, or none when the bytes come
/// already inflated, from a pbzx payload). A payload reader pulls its bytes from a closure,
/// which reads the xar reader's current member: nothing is written anywhere.
final class LibarchiveReader {
    /// One entry's header, as libarchive read it.
    struct Entry: Sendable, Equatable {
        enum Kind: Sendable, Equatable {
            case file, folder, symbolicLink, other
        }

        /// The name as stored (a payload's start with `./`).
        let path: String
        let kind: Kind
        /// The declared size; 0 when the header states none.
        let size: UInt64
        let permissions: UInt16
        /// A symbolic link's target, as written.
        let linkTarget: String?
        /// Another entry of the same archive this one is a hard link to.
        let hardLinkTarget: String?
    }

    /// Why libarchive stopped, in its words.
    struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    private let archive: OpaquePointer
    /// The closure a payload reader pulls from, kept alive and reachable from the C callback.
    private var source: Unmanaged<PullSource>?
    private let entry: OpaquePointer
    /// The xar reader parses its table of contents with libxml2 and then tears libxml2 down.
    private let mayTearDownLibxml2: Bool

    /// libarchive's two handles; the public initialisers enable what their kind reads.
    private init(mayTearDownLibxml2: Bool) throws(Failure) {
        guard let archive = archive_read_new() else { throw Failure(message: "libarchive could not start (out of memory)") }
        guard let entry = archive_entry_new() else {
            archive_read_free(archive)
            throw Failure(message: "libarchive could not start (out of memory)")
        }
        self.archive = archive
        self.entry = entry
        self.mayTearDownLibxml2 = mayTearDownLibxml2
    }

    /// A reader of the xar archive at `path` (opened by libarchive itself, 64 KiB at a time).
    convenience init(xarAt path: String) throws(Failure) {
        try self.init(mayTearDownLibxml2: true)
        archive_read_support_format_xar(archive)
        let status = Libxml2GlobalState.whileTornDown { archive_read_open_filename(archive, path, 64 << 10) }
        guard status == ARCHIVE_OK else {
            throw Failure(message: lastError)
        }
    }

    /// A reader of a cpio stream that `read` hands over, gzip'd or xz'd unless `isInflated`.
    convenience init(cpioReading read: @escaping (UnsafeMutableRawBufferPointer) throws -> Int, isInflated: Bool) throws(Failure) {
        try self.init(mayTearDownLibxml2: false)
        archive_read_support_format_cpio(archive)
        if !isInflated {
            archive_read_support_filter_gzip(archive)
            archive_read_support_filter_xz(archive)
        }
        let box = Unmanaged.passRetained(PullSource(read: read))
        source = box
        let status = archive_read_open(
            archive, box.toOpaque(), nil,
            { _, clientData, buffer in
                guard let clientData, let buffer else { return -1 }
                let source = Unmanaged<PullSource>.fromOpaque(clientData).takeUnretainedValue()
                return source.next(buffer)
            }, nil)
        guard status == ARCHIVE_OK else {
            throw Failure(message: box.takeUnretainedValue().failure.map { String(describing: $0) } ?? lastError)
        }
    }

    deinit {
        archive_read_free(archive)
        archive_entry_free(entry)
        source?.release()
    }

    /// The next entry's header; nil at the end of the archive.
    func next() throws -> Entry? {
        let status =
            mayTearDownLibxml2
            ? Libxml2GlobalState.whileTornDown { archive_read_next_header2(archive, entry) }
            : archive_read_next_header2(archive, entry)
        if status == ARCHIVE_EOF { return nil }
        try check(status)
        let type = archive_entry_filetype(entry)
        let kind: Entry.Kind =
            switch type & 0o170000 {
            case 0o100000: .file
            case 0o040000: .folder
            case 0o120000: .symbolicLink
            default: .other
            }
        return Entry(
            path: archive_entry_pathname(entry).map { String(cString: $0) } ?? "",
            kind: kind,
            size: archive_entry_size_is_set(entry) != 0 ? UInt64(max(0, archive_entry_size(entry))) : 0,
            permissions: UInt16(truncatingIfNeeded: archive_entry_perm(entry)),
            linkTarget: archive_entry_symlink(entry).map { String(cString: $0) },
            hardLinkTarget: archive_entry_hardlink(entry).map { String(cString: $0) }
        )
    }

    /// Reads the current entry's data; 0 at its end.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return 0 }
        let count = archive_read_data(archive, base, buffer.count)
        if count < 0 { try check(Int32(count)) }
        return max(0, count)
    }

    /// Skips the rest of the current entry's data.
    func skip() throws {
        try check(archive_read_data_skip(archive))
    }

    private func check(_ status: Int32) throws {
        guard status < ARCHIVE_OK else { return }
        // A payload's source may have failed for a reason of its own, which libarchive only saw as -1.
        if let failure = source?.takeUnretainedValue().failure { throw failure }
        // ARCHIVE_WARN and worse: libarchive's warnings here are damaged headers or data.
        throw Failure(message: lastError)
    }

    private var lastError: String {
        archive_error_string(archive).map { String(cString: $0) } ?? "libarchive failed (\(archive_errno(archive)))"
    }

    /// The buffer libarchive's read callback hands back: filled by the closure, 64 KiB at a
    /// time, and valid until the next call, as libarchive requires.
    private final class PullSource {
        let read: (UnsafeMutableRawBufferPointer) throws -> Int
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 16)
        var failure: (any Error)?

        init(read: @escaping (UnsafeMutableRawBufferPointer) throws -> Int) {
            self.read = read
        }

        deinit { buffer.deallocate() }

        func next(_ handOver: UnsafeMutablePointer<UnsafeRawPointer?>) -> Int {
            do {
                let count = try read(buffer)
                handOver.pointee = UnsafeRawPointer(buffer.baseAddress)
                return count
            } catch {
                failure = error
                return -1
            }
        }
    }
}
