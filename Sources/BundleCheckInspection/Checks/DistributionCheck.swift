import BundleCheckFormats
import BundleCheckModel

/// A check whose verdict depends on how the package ships (`profile-kind`, `get-task-allow`,
/// `aps-environment`, the expiry checks). It runs only when the input is judged for one of
/// `distributions` (`CheckContext.distribution`): never for an archive without a stated
/// distribution, whose export re-signs it.
protocol DistributionCheck: Check {
    /// The distributions this check has something to say about.
    var distributions: Set<Distribution> { get }

    func run(in context: CheckContext, for distribution: Distribution, as rule: RuleDefinition) -> [Finding]
}

extension DistributionCheck {
    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding] {
        guard let distribution = context.distribution.checked, distributions.contains(distribution) else { return [] }
        return run(in: context, for: distribution, as: rule)
    }
}

extension Set where Element == Distribution {
    /// Every distribution: checks that judge all of them, each by its own measure.
    static let all = Set(Distribution.allCases)
    /// Where the installed build keeps its own signature: the App Store re-signs what it is sent.
    static let installedAsSigned: Set<Distribution> = [.adHoc, .enterprise, .development]
}
