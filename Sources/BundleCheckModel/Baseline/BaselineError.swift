/// A `--baseline` file bundlecheck cannot use, worded in one place; a usage error (exit 64).
public enum BaselineError: Error, Sendable, Equatable, CustomStringConvertible {
    case notFound(file: String)
    case unreadable(file: String, reason: String)
    case notJSON(file: String, reason: String)
    /// Valid JSON, but not what `--write-baseline` writes: `location` is a JSON path (`$.findings[2].fingerprint`).
    case malformed(file: String, location: String, problem: String)
    /// A `schemaVersion` this bundlecheck does not read.
    case unsupportedVersion(file: String, version: String)

    public var description: String {
        switch self {
        case .notFound(let file):
            "\(file): no such baseline file; write one with --write-baseline"
        case .unreadable(let file, let reason):
            "\(file): the baseline cannot be read: \(reason)"
        case .notJSON(let file, let reason):
            "\(file): the baseline is not valid JSON: \(reason)"
        case .malformed(let file, let location, let problem):
            "\(file): not a bundlecheck baseline: \(location): \(problem)"
        case .unsupportedVersion(let file, let version):
            "\(file): baseline schemaVersion \(version) is not supported; this bundlecheck reads version \(Baseline.schemaVersion)"
        }
    }
}
