/// The process exit status; the worst across all inputs wins.
public enum ExitCode: Int32, Sendable, Comparable, CaseIterable {
    /// Every input was checked and no error-severity finding was raised.
    case success = 0
    /// At least one error-severity finding.
    case findings = 1
    /// At least one input could not be checked (or the report could not be written).
    case inputFailure = 2
    /// The command line was wrong (sysexits' EX_USAGE).
    case usage = 64

    private var rank: Int {
        switch self {
        case .success: 0
        case .findings: 1
        case .inputFailure: 2
        case .usage: 3
        }
    }

    public static func < (lhs: ExitCode, rhs: ExitCode) -> Bool {
        lhs.rank < rhs.rank
    }
}
