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

/// Which rules depend on how the package ships, for reports outside this layer.
package enum DistributionDependence {
    /// Whether `rule` had nothing to say about an input judged for `distribution` (nil: none,
    /// an archive whose export re-signs it) because its check depends on how the package ships:
    /// reports that list passing rules (JUnit) show it as skipped, not passed.
    package static func isSkipped(_ rule: RuleDefinition, judgedFor distribution: Distribution?) -> Bool {
        guard case .builtIn(let name) = rule.implementation,
            let check = BuiltInCheck(rawValue: name)?.implementation as? any DistributionCheck
        else { return false }
        guard let distribution else { return true }
        return !check.distributions.contains(distribution)
    }
}

extension Set where Element == Distribution {
    /// Every distribution: checks that judge all of them, each by its own measure.
    static let all = Set(Distribution.allCases)
    /// Where the installed build keeps its own signature: the App Store re-signs what it is sent.
    /// Developer ID is not among them: a timestamped Developer ID signature stays valid after its
    /// certificate expires, so expiry is no verdict there.
    static let installedAsSigned: Set<Distribution> = [.adHoc, .enterprise, .development]
}
