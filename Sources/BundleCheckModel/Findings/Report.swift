import BundleCheckFormats

/// Everything one run of bundlecheck found, across all its inputs.
public struct Report: Sendable {
    /// Bumped only on incompatible changes; additions keep version 1.
    public static let schemaVersion = 1

    public let toolVersion: String
    public let inputs: [InputReport]
    /// The configuration file the run used, as the user knows it; nil when it used the defaults.
    public let configurationFile: String?
    /// The ids of the rules the run checked, sorted; nil when the caller did not say. A release
    /// review reads them back, so that a rule checked on one side only finds nothing new or fixed.
    public let rulesRun: [String]?

    public init(toolVersion: String, inputs: [InputReport], configurationFile: String? = nil, rulesRun: [String]? = nil) {
        self.toolVersion = toolVersion
        self.inputs = inputs
        self.configurationFile = configurationFile
        self.rulesRun = rulesRun?.sorted()
    }

    /// Counts by severity of the findings that stand; those a baseline or the configuration
    /// suppressed are counted apart.
    public var summary: Summary {
        var summary = Summary()
        for finding in inputs.flatMap(\.findings) {
            if finding.suppressed {
                summary.suppressed += 1
                continue
            }
            switch finding.severity {
            case .error: summary.errors += 1
            case .warning: summary.warnings += 1
            case .note: summary.notes += 1
            }
        }
        return summary
    }

    public struct Summary: Sendable, Equatable {
        public var errors = 0
        public var warnings = 0
        public var notes = 0
        /// Findings a baseline or the configuration accepted: reported, but in none of the counts above.
        public var suppressed = 0
    }
}

/// What was found in one input given on the command line.
public struct InputReport: Sendable {
    /// The path as the user gave it; `standardInput` for a package piped in.
    public let path: String
    /// What an input read from standard input is called (`bundlecheck -`).
    public static let standardInput = "-"
    /// Whether the package was piped in: there is no file to point a CI annotation at.
    public var isStandardInput: Bool { path == Self.standardInput }
    /// What the input turned out to be; nil when it could not be opened.
    public let kind: InputKind?
    /// How it is stored; nil when it could not be opened.
    public let container: ContainerStorage?
    /// Size in bytes of the file, or of all files under the directory.
    public let size: UInt64
    /// Why the input could not be checked; nil when it was.
    public let error: BundleCheckError?
    /// Bundles sorted by path.
    public let bundles: [InspectedBundle]
    /// Findings sorted by bundle, file, key path and rule.
    public let findings: [Finding]
    /// The distribution the signing rules judged by; nil when the input could not be checked.
    public let distribution: DistributionAssumption?

    package init(
        path: String,
        kind: InputKind?,
        container: ContainerStorage?,
        size: UInt64,
        error: BundleCheckError?,
        bundles: [InspectedBundle],
        findings: [Finding],
        distribution: DistributionAssumption?
    ) {
        self.path = path
        self.kind = kind
        self.container = container
        self.size = size
        self.error = error
        self.bundles = bundles.sorted { $0.path < $1.path }
        self.findings = Finding.inReportOrder(findings)
        self.distribution = distribution
    }

    /// The same report for an input the user knows as `name` (`-` for standard input) that
    /// was read from the file at `path`.
    package func named(_ name: String) -> InputReport {
        InputReport(
            path: name, kind: kind, container: container, size: size, error: error?.naming(path, as: name),
            bundles: bundles, findings: findings, distribution: distribution
        )
    }
}

extension Finding {
    /// `findings` in the report's order (bundle, file, key path, rule, then the rest
    /// for a total order), each finding's key (its key path's text among
    /// them) built once rather than at every comparison.
    static func inReportOrder(_ findings: [Finding]) -> [Finding] {
        findings.map { ($0.reportOrderKey, $0) }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    private var reportOrderKey: (String, String, String, String, String, String) {
        (bundle ?? "", file ?? "", keyPath?.description ?? "", rule, fingerprint, message)
    }
}
