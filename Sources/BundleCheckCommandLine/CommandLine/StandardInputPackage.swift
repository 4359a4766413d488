import Foundation
import BundleCheckModel

/// An input of `-`: the package piped in on standard input (`curl … | bundlecheck -`).
///
/// A zip's central directory sits at its end and libzip seeks, so the stream is copied to a
/// temporary file (in `TMPDIR`) chunk by chunk and read from there; the file is removed when
/// the check is done. This is the one place bundlecheck writes a package to disk, because a
/// pipe cannot be read any other way.
struct StandardInputPackage: Sendable {
    /// What the report calls the input.
    static let name = "-"
    /// Copied in pieces of this size, so a large package never sits in memory whole.
    static let chunkSize = 1 << 20

    /// The temporary file holding the package.
    let path: String

    /// Copies everything `input` yields into a new temporary file.
    static func spool(from input: FileHandle, temporaryDirectory: URL = FileManager.default.temporaryDirectory) throws -> StandardInputPackage {
        let url = temporaryDirectory.appendingPathComponent("bundlecheck-stdin-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        do {
            let output = try FileHandle(forWritingTo: url)
            defer { try? output.close() }
            while let chunk = try input.read(upToCount: chunkSize), !chunk.isEmpty {
                try output.write(contentsOf: chunk)
            }
        } catch {
            try? FileManager.default.removeItem(at: url)
            throw error
        }
        return StandardInputPackage(path: url.path)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Standard input that could not be copied: the report the input gets instead of a check.
struct StandardInputFailure: Error {
    let report: InputReport
}
