/// The configuration's `fail-on`: the least severe finding that makes the exit status 1.
public enum FailureThreshold: String, Sendable, Hashable, CaseIterable {
    /// Only error-severity findings fail the run (the default).
    case error
    /// Warnings fail the run too; notes never do.
    case warning

    public func fails(on severity: Severity) -> Bool {
        switch (self, severity) {
        case (_, .error), (.warning, .warning): true
        case (.error, .warning), (_, .note): false
        }
    }
}
