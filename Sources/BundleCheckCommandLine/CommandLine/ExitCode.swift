/// The process exit status; the worst across all inputs wins.
///
/// 64 and 73 are sysexits(3)'s EX_USAGE and EX_CANTCREAT, which CI scripts and shells know.
public enum ExitCode: Int32, Sendable, Comparable, CaseIterable {
    /// Every input was checked and no finding fails the run.
    case success = 0
    /// At least one finding fails the run (errors; warnings too with `--fail-on warning`).
    case findings = 1
    /// At least one input could not be checked.
    case inputFailure = 2
    /// The command line, or a file it names (configuration, rule pack, baseline), cannot be used.
    case usage = 64
    /// A report, baseline or other output file could not be written (EX_CANTCREAT): the run's
    /// result would be lost, so this outranks everything the inputs say.
    case cannotCreate = 73

    private var rank: Int {
        switch self {
        case .success: 0
        case .findings: 1
        case .inputFailure: 2
        case .cannotCreate: 3
        case .usage: 4
        }
    }

    public static func < (lhs: ExitCode, rhs: ExitCode) -> Bool {
        lhs.rank < rhs.rank
    }
}
