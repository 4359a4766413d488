import Foundation

/// One file per fuzzing process that holds the current input, for the readers that open a path
/// (libzip, the package inspector). It lives in /dev/shm when there is one, so each input costs a
/// write to memory rather than to disk, and is removed when the process exits normally.
public enum InputFile {
    public static let path: String = {
        let folder = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        let path = folder + "/bundlecheck-fuzz-\(getpid()).ipa"
        atexit { _ = unlink(InputFile.path) }
        return path
    }()

    /// Replaces the file's contents with `bytes` and gives its path.
    public static func holding(_ bytes: [UInt8]) -> String {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        precondition(descriptor >= 0, "cannot write the fuzz input to \(path)")
        defer { close(descriptor) }
        var written = 0
        bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                precondition(count > 0, "cannot write the fuzz input to \(path)")
                written += count
            }
        }
        return path
    }
}
