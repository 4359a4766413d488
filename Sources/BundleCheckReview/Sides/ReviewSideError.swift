/// A side of a review that cannot be compared, named by side and path: exit status 2.
public struct ReviewSideError: Error, Sendable, CustomStringConvertible {
    public let side: ReviewSide
    public let path: String
    public let problem: Problem

    public enum Problem: Error, Sendable, CustomStringConvertible {
        /// The package cannot be opened or checked (the check's own message).
        case package(String)
        /// The file cannot be read, or is too large to be a report.
        case unreadable(String)
        /// Not JSON (the parser's message with its line and column).
        case json(String)
        /// JSON, but not a bundlecheck report.
        case notReport(String)
        /// A bundlecheck report of a schema this version does not read.
        case schema(Int, supported: Int)
        /// A report of several packages, or of none.
        case inputCount(Int)
        /// A report of a package that could not be checked.
        case inputError(String)
        case shape(RecordShapeError)

        public var description: String {
            switch self {
            case .package(let message): message
            case .unreadable(let reason): "cannot be read: \(reason)"
            case .json(let message): "is not valid JSON: \(message)"
            case .notReport(let reason): "is not a bundlecheck JSON report: \(reason)"
            case .schema(let version, let supported):
                "is a bundlecheck report of schema version \(version), which this bundlecheck does not read (it reads 1 to \(supported)); compare it with the bundlecheck that wrote it"
            case .inputCount(let count):
                "is a report of \(count) packages; diff compares one package with another: write each one's report on its own (bundlecheck --format json PACKAGE)"
            case .inputError(let message): "is the report of a package that could not be checked: \(message)"
            case .shape(let error): "is not a report bundlecheck wrote: \(error)"
            }
        }
    }

    public var description: String {
        switch problem {
        case .package(let message): "\(side.label) \(message)"
        default: "\(side.label) \(path) \(problem)"
        }
    }
}
