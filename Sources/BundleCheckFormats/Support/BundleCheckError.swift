/// Every problem that stops bundlecheck from checking an input, worded in one place.
///
/// Each case names the file and what is wrong; `code` is the stable identifier
/// the JSON report carries in an input's `error`.
public enum BundleCheckError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path does not exist.
    case notFound(path: String)
    /// The path exists but cannot be read (permissions, I/O error).
    case unreadable(path: String, reason: String)
    /// A zero-byte file.
    case emptyFile(path: String)
    /// The file is not a zip archive, nor an `.app` / `.xcarchive` directory.
    case notAPackage(path: String, reason: String)
    /// A zip whose structure is damaged (truncated, bad central directory, CRC error).
    case corruptArchive(path: String, reason: String)
    /// A package without any `.app` bundle to check.
    case noApp(path: String)
    /// A property list that could not be parsed.
    case malformedPropertyList(file: String, reason: String, line: Int?, column: Int? = nil)
    /// An entry larger than bundlecheck will hold in memory for that purpose.
    case entryTooLarge(file: String, size: UInt64, limit: Int)
    /// An entry that the container does not hold.
    case missingEntry(file: String)
    /// A file bundlecheck was asked to write (a fixture zip) could not be written.
    case unwritable(path: String, reason: String)

    public var code: String {
        switch self {
        case .notFound: "not-found"
        case .unreadable: "unreadable"
        case .emptyFile: "empty-file"
        case .notAPackage: "not-a-package"
        case .corruptArchive: "corrupt-archive"
        case .noApp: "no-app"
        case .malformedPropertyList: "malformed-plist"
        case .entryTooLarge: "entry-too-large"
        case .missingEntry: "missing-entry"
        case .unwritable: "unwritable"
        }
    }

    public var description: String {
        switch self {
        case .notFound(let path):
            "\(path): no such file or directory"
        case .unreadable(let path, let reason):
            "\(path): cannot be read: \(reason)"
        case .emptyFile(let path):
            "\(path): the file is empty, not a zip archive"
        case .notAPackage(let path, let reason):
            "\(path): not an app package: \(reason)"
        case .corruptArchive(let path, let reason):
            "\(path): the zip archive is damaged: \(reason)"
        case .noApp(let path):
            "\(path): no .app bundle found (expected Payload/<Name>.app, Products/Applications/<Name>.app, a top-level <Name>.app, or in an installer package <Component>.pkg/Payload/<Name>.app)"
        case .malformedPropertyList(let file, let reason, let line, _):
            if let line {
                "\(file):\(line): malformed property list: \(reason)"
            } else {
                "\(file): malformed property list: \(reason)"
            }
        case .entryTooLarge(let file, let size, let limit):
            "\(file): \(size) bytes is more than the \(limit) bytes bundlecheck reads for this file"
        case .missingEntry(let file):
            "\(file): no such entry in the package"
        case .unwritable(let path, let reason):
            "\(path): cannot be written: \(reason)"
        }
    }

    /// The same error with the input called `name` where it says `path`: an input read from
    /// standard input is opened as a temporary file, which the user never named.
    package func naming(_ path: String, as name: String) -> BundleCheckError {
        func renamed(_ text: String) -> String { text == path ? name : text }
        return switch self {
        case .notFound(let text): .notFound(path: renamed(text))
        case .unreadable(let text, let reason): .unreadable(path: renamed(text), reason: reason)
        case .emptyFile(let text): .emptyFile(path: renamed(text))
        case .notAPackage(let text, let reason): .notAPackage(path: renamed(text), reason: reason)
        case .corruptArchive(let text, let reason): .corruptArchive(path: renamed(text), reason: reason)
        case .noApp(let text): .noApp(path: renamed(text))
        case .unwritable(let text, let reason): .unwritable(path: renamed(text), reason: reason)
        case .malformedPropertyList, .entryTooLarge, .missingEntry: self
        }
    }
}
