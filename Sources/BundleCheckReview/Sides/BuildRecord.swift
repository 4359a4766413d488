import BundleCheckFormats

/// One side of a review as it was recorded: the bundles and findings of one package's JSON
/// report, whether the report was written earlier or just now from the package itself.
///
/// Everything the review compares is read from the report's JSON, so that a package and its
/// own report are one and the same record (a diff of the two is empty by construction).
public struct BuildRecord: Sendable {
    /// Where the side came from: a package checked for this review, or a report read back.
    public enum Source: String, Sendable, Hashable {
        case package
        case report
    }

    /// The path given on the command line.
    public let path: String
    public let source: Source
    /// The report's `schemaVersion` and the bundlecheck version that wrote it.
    public let schemaVersion: Int
    public let toolVersion: String?
    /// The path the report names its input by (the package's path when it was checked).
    public let inputPath: String
    /// `ipa`, `xcarchive`, `app`, `pkg`…; nil when the report could not tell.
    public let inputKind: String?
    public let bundles: [BundleRecord]
    public let findings: [FindingRecord]
    /// The ids of the rules that ran; nil when the report predates the field (not recorded).
    public let rulesRun: Set<String>?

    package init(
        path: String, source: Source, schemaVersion: Int, toolVersion: String?, inputPath: String, inputKind: String?,
        bundles: [BundleRecord], findings: [FindingRecord], rulesRun: Set<String>?
    ) {
        self.path = path
        self.source = source
        self.schemaVersion = schemaVersion
        self.toolVersion = toolVersion
        self.inputPath = inputPath
        self.inputKind = inputKind
        self.bundles = bundles
        self.findings = findings
        self.rulesRun = rulesRun
    }

    /// The top-level apps (an IPA's one app, a Mac package's apps), which versions are judged by.
    public var apps: [BundleRecord] { bundles.filter { $0.parent == nil && $0.kind == "app" } }

    public func bundle(at path: String) -> BundleRecord? { bundles.first { $0.path == path } }
}

/// A finding as a report recorded it: enough to tell new from fixed and to show it.
public struct FindingRecord: Sendable, Hashable {
    public let rule: String
    public let severity: String
    public let message: String
    public let bundle: String?
    public let appleCodes: [String]
    public let fingerprint: String
    public let suppressed: Bool

    package init(rule: String, severity: String, message: String, bundle: String?, appleCodes: [String], fingerprint: String, suppressed: Bool) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.bundle = bundle
        self.appleCodes = appleCodes
        self.fingerprint = fingerprint
        self.suppressed = suppressed
    }
}
