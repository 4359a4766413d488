/// Every built-in check, listed once: an exhaustive enum so none can be forgotten.
/// A rule file names one of these in its `check` field; a test fails when a case
/// has no rule file or a rule file names a check that is not here.
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
}
