/// How bad a finding is. Errors fail the run (exit status 1); with `fail-on: warning`, warnings do too.
public enum Severity: String, Sendable, Hashable, CaseIterable, Comparable {
    case error
    case warning
    case note

    private var rank: Int {
        switch self {
        case .error: 0
        case .warning: 1
        case .note: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs.rank < rhs.rank
    }
}
