import BundleCheckModel
import Foundation

/// An input of `-`: the package piped in on standard input (`curl … | bundlecheck -`).
///
/// A zip's central directory sits at its end and libzip seeks, so the stream is copied to a
/// temporary file (in `TMPDIR`) chunk by chunk and read from there; the file is removed when
/// the check is done. This is the one place bundlecheck writes a package to disk, because a
/// pipe cannot be read any other way.
struct StandardInputPackage: Sendable {
    /// What the report calls the input.
    static let name = InputReport.standardInput
    /// Copied in pieces of this size, so a large package never sits in memory whole.
    static let chunkSize = 1 << 20

    /// The temporary file holding the package.
    let path: String

    /// Copies everything `input` yields into a new temporary file, readable by this user only.
    static func spool(from input: FileHandle, temporaryDirectory: URL = FileManager.default.temporaryDirectory) throws -> StandardInputPackage {
        let path = temporaryDirectory.appendingPathComponent("bundlecheck-stdin-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)").path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw SpoolFailure(path: path, reason: String(cString: strerror(errno))) }
        let output = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            while let chunk = try input.read(upToCount: chunkSize), !chunk.isEmpty {
                try output.write(contentsOf: chunk)
            }
            try output.close()
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            throw SpoolFailure(path: path, reason: "\(error)")
        }
        return StandardInputPackage(path: path)
    }

    /// Why the copy failed, with the temporary file's path, so a `TMPDIR` without room or
    /// permission is named.
    struct SpoolFailure: Error, CustomStringConvertible {
        let path: String
        let reason: String
        var description: String { "\(path): \(reason)" }
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Standard input that could not be copied: the report the input gets instead of a check.
struct StandardInputFailure: Error {
    let report: InputReport
}
