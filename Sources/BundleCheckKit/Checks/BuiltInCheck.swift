/// Every built-in check, listed once: an exhaustive enum so none can be forgotten.
public enum BuiltInCheck: String, CaseIterable, Sendable {
    case versionMissing = "version-missing"
    case versionFormat = "version-format"
    case versionMismatch = "version-mismatch"
    case plistDuplicateKey = "plist-duplicate-key"

    public var implementation: any Check {
        switch self {
        case .versionMissing: VersionMissingCheck()
        case .versionFormat: VersionFormatCheck()
        case .versionMismatch: VersionMismatchCheck()
        case .plistDuplicateKey: PlistDuplicateKeyCheck()
        }
    }

    /// Runs every check over one package's bundles.
    public static func runAll(in context: CheckContext) -> [Finding] {
        allCases.flatMap { $0.implementation.run(in: context) }
    }
}
