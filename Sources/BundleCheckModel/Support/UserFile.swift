import BundleCheckFormats
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
        let isFolder: Bool
        let bytes: [UInt8]?
        do throws(FileSystem.Failure) {
            isFolder = try FileSystem.status(path, followingSymlinks: true).type == .directory
            bytes = isFolder ? [] : try FileSystem.readWhole(path, limit: sizeLimit)
        } catch {
            if case .notFound = error.bundleCheckError(path: path) { throw notFound() }
            throw unreadable(error.systemReason)
        }
        guard !isFolder else { throw unreadable("it is a folder") }
        guard let bytes else { throw unreadable("larger than \(sizeLimit >> 20) MiB") }
        return Data(bytes)
    }
}
