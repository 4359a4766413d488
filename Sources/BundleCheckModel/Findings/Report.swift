/// Everything one run of bundlecheck found, across all its inputs.
public struct Report: Sendable {
    /// Bumped only on incompatible changes; additions keep version 1.
    public static let schemaVersion = 1

    public let toolVersion: String
    public let inputs: [InputReport]

    public init(toolVersion: String, inputs: [InputReport]) {
        self.toolVersion = toolVersion
        self.inputs = inputs
    }

    /// Counts by severity of the findings that stand; those a baseline suppressed are counted apart.
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
        /// Findings listed in the baseline: reported, but in none of the counts above.
        public var suppressed = 0
    }
}
