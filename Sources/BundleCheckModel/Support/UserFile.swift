import Foundation

/// The small files a user points bundlecheck at (the configuration, a baseline, rule packs),
/// read whole; each reader words a failure in its own error type.
package enum UserFile {
    /// More than this is no configuration, baseline or rule file a person wrote.
    package static let sizeLimit = 16 << 20

    /// The file's bytes; `notFound` when there is nothing at `path`, `unreadable` with the
    /// system's reason (a folder, permission denied, an I/O error) or past `sizeLimit`
    /// otherwise. Read with read(2), so `/dev/null` (an empty configuration) and a pipe
    /// (`--config <(…)`) work as they do for other tools.
    package static func read<Failure: Error>(
        _ path: String,
        notFound: () -> Failure,
        unreadable: (_ reason: String) -> Failure
    ) throws(Failure) -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw notFound() }
        guard !isDirectory.boolValue else { throw unreadable("it is a folder") }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw unreadable(String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw unreadable(String(cString: strerror(errno)))
            }
            if count == 0 { return data }
            guard data.count + count <= sizeLimit else { throw unreadable("larger than \(sizeLimit >> 20) MiB") }
            data.append(contentsOf: buffer[..<count])
        }
    }
}
