import Foundation

/// Writes a report or baseline with open(2) and write(2), so a failure carries the system's
/// own reason (`Permission denied`, `No such file or directory`, `No space left on device`)
/// rather than Foundation's "the operation could not be completed". Not atomic on purpose:
/// the path may be a FIFO or `/dev/stdout`, which a rename would replace.
enum OutputFile {
    struct Failure: Error, CustomStringConvertible {
        let reason: String
        var description: String { reason }
    }

    static func write(_ text: String, to path: String) throws(Failure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failure(reason: String(cString: strerror(errno))) }
        var failure: Failure?
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = Failure(reason: String(cString: strerror(errno)))
                    return
                }
                offset += written
            }
        }
        // A full disk or a quota can surface only at close (NFS): that is a failed write too.
        if close(descriptor) != 0, failure == nil {
            failure = Failure(reason: String(cString: strerror(errno)))
        }
        if let failure { throw failure }
    }
}
