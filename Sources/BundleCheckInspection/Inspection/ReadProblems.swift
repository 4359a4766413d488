import BundleCheckFormats
import BundleCheckModel

/// Turns what a reader threw while reading one file of a bundle into the problem a finding
/// reports: damage in the zip entry is `zip-entry-corrupt` whatever the file was; everything
/// else is the problem of the file's own kind (`kind`), worded by the reader.
enum ReadProblems {
    static func problem(_ error: any Error, reading file: String, as kind: BundleReadProblem.Kind) -> BundleReadProblem {
        switch error {
        case BundleCheckError.corruptArchive(_, let reason):
            // The zip reader says `<entry>: <what libzip said>`; the finding names the entry itself.
            let prefix = file + ": "
            let detail = reason.hasPrefix(prefix) ? String(reason.dropFirst(prefix.count)) : reason
            return BundleReadProblem(kind: .zipEntryCorrupt, file: file, reason: detail)
        case BundleCheckError.malformedPropertyList(_, let reason, let line, let column):
            return BundleReadProblem(kind: kind, file: file, reason: reason, line: line, column: column)
        case BundleCheckError.entryTooLarge(_, let size, let limit):
            return BundleReadProblem(kind: kind, file: file, reason: "it is \(size) bytes, more than the \(limit) bytes bundlecheck reads for this file")
        case let error as MachOError:
            return BundleReadProblem(kind: kind, file: file, reason: error.description)
        case let error as ProvisioningProfileError:
            return BundleReadProblem(kind: kind, file: file, reason: error.reason)
        case let error as BundleCheckError:
            return BundleReadProblem(kind: kind, file: file, reason: error.description)
        default:
            return BundleReadProblem(kind: kind, file: file, reason: String(describing: error))
        }
    }
}
