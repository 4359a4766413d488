import Foundation

/// The small files a user points bundlecheck at (the configuration, a baseline, rule packs),
/// read whole; each reader words a failure in its own error type.
package enum UserFile {
    /// The file's bytes; `notFound` when there is nothing at `path`, `unreadable` with the
    /// reason (a folder, permission denied or an I/O error) otherwise.
    package static func read<Failure: Error>(
        _ path: String,
        notFound: () -> Failure,
        unreadable: (_ reason: String) -> Failure
    ) throws(Failure) -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw notFound() }
        guard !isDirectory.boolValue else { throw unreadable("it is a folder") }
        guard let data = FileManager.default.contents(atPath: path) else { throw unreadable("permission denied or I/O error") }
        return data
    }
}
