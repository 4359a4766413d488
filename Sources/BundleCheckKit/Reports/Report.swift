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

    public var summary: Summary {
        var summary = Summary()
        for finding in inputs.flatMap(\.findings) {
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
    }
}
