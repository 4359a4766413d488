/// One entry of a `ZipArchiveReader`, opened for reading forward.
///
/// libzip 1.7.3 seeks only in stored entries, so the compression method in the
/// central directory decides how `skip` works: `zip_fseek` for a stored entry,
/// reading and discarding through a fixed buffer for a deflated one. The reader
/// keeps its archive alive, since the entry handle points into it.
final class ZipEntryReader: EntryReader {
    let canSeek: Bool
    private let archive: ZipArchiveReader
    private let file: OpaquePointer
    private let path: String
    /// The uncompressed size the central directory declares; libzip refuses seeks past it.
    private let size: UInt64
    private var position: UInt64 = 0

    /// Opens the entry at libzip `index` of `handle`, the archive's libzip handle.
    init(archive: ZipArchiveReader, handle: OpaquePointer, index: Int, path: String, size: UInt64, isStored: Bool) throws {
        self.archive = archive
        self.path = path
        self.size = size
        self.canSeek = isStored
        do throws(LibzipError) {
            file = try Libzip.openEntry(handle, index: index)
        } catch {
            throw archive.entryError(error, entry: path)
        }
    }

    deinit {
        Libzip.closeEntry(file)
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        do throws(LibzipError) {
            let count = try Libzip.read(file, into: buffer)
            position += UInt64(count)
            return count
        } catch {
            throw archive.entryError(error, entry: path)
        }
    }

    func skip(_ count: UInt64) throws {
        let remaining = size > position ? size - position : 0
        let distance = min(count, remaining)
        guard distance > 0 else { return }
        if canSeek, distance <= UInt64(Int64.max) {
            do throws(LibzipError) {
                try Libzip.seek(file, by: Int64(distance))
            } catch {
                throw archive.entryError(error, entry: path)
            }
            position += distance
        } else {
            try discard(distance)
        }
    }
}
