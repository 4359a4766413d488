import Foundation

/// The small files a user points bundlecheck at (the configuration, a baseline, rule packs),
/// read whole; each reader turns a failure into its own error wording.
package enum UserFile {
    package enum Failure: Error, Equatable {
        case notFound
        case isFolder
        /// Permission denied or an I/O error.
        case unreadable
    }

    package static func read(_ path: String) throws(Failure) -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .notFound }
        guard !isDirectory.boolValue else { throw .isFolder }
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable }
        return data
    }

    /// What the configuration and baseline readers say about a failure.
    package static func reason(_ failure: Failure) -> String {
        switch failure {
        case .notFound: "no such file"
        case .isFolder: "it is a folder"
        case .unreadable: "permission denied or I/O error"
        }
    }
}
