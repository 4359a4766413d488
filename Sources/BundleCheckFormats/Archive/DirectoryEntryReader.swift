/// One file of a `DirectoryContainer`, opened for reading forward; `skip` is an `lseek`.
final class DirectoryEntryReader: EntryReader {
    let canSeek = true
    private let descriptor: Int32
    private let diskPath: String
    /// The size at opening: skips stop there, since file systems refuse huge offsets.
    private let size: UInt64
    private var position: UInt64 = 0

    /// Opens `diskPath`, which must still be a regular file.
    init(diskPath: String) throws {
        let opened: (descriptor: Int32, status: FileSystem.Status)
        do throws(FileSystem.Failure) {
            opened = try FileSystem.openFile(diskPath)
        } catch {
            throw BundleCheckError.unreadable(path: diskPath, reason: error.reason)
        }
        guard opened.status.type == .regular else {
            FileSystem.closeFile(opened.descriptor)
            throw BundleCheckError.unreadable(path: diskPath, reason: "no longer a regular file")
        }
        self.descriptor = opened.descriptor
        self.diskPath = diskPath
        self.size = opened.status.size
    }

    deinit {
        FileSystem.closeFile(descriptor)
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        do throws(FileSystem.Failure) {
            let count = try FileSystem.read(descriptor, into: buffer)
            position += UInt64(count)
            return count
        } catch {
            throw BundleCheckError.unreadable(path: diskPath, reason: error.reason)
        }
    }

    func skip(_ count: UInt64) throws {
        let (sum, overflow) = position.addingReportingOverflow(count)
        let target = overflow ? max(size, position) : min(sum, max(size, position))
        do throws(FileSystem.Failure) {
            try FileSystem.seek(descriptor, to: Int64(target))
        } catch {
            throw BundleCheckError.unreadable(path: diskPath, reason: error.reason)
        }
        position = target
    }
}
