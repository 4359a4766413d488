import BundleCheckModel

/// A release review of two recorded builds: what `bundlecheck diff` computes before it writes
/// a report. The release rules run only when the two sides are different builds.
public enum ReleaseReview {
    /// Compares `old` with `new` and runs the release rules among `rules` (others are ignored);
    /// a verdict an `ignore:` entry of `configuration` matches is suppressed, with its reason.
    public static func compare(
        _ old: BuildRecord, _ new: BuildRecord, rules: [RuleDefinition], settings: ReviewConfiguration, configuration: Configuration = Configuration()
    ) -> ReleaseDiff {
        let threshold = Int64(clamping: settings.growthThreshold)
        let (bundles, packageSize, findings) = ReleaseDiffer.compare(old, new, growthThreshold: threshold)
        let isSameBuild = ReleaseDiffer.isSameBuild(bundles)
        var verdicts: [Finding] = []
        if !isSameBuild {
            let comparison = ReleaseComparison(old: old, new: new, bundles: bundles, packageSize: packageSize, settings: settings)
            for rule in rules where rule.scope.isRelease {
                guard case .builtIn(let name) = rule.implementation, let check = ReleaseChecks.named(name) else { continue }
                verdicts += check.run(comparison, as: rule)
            }
        }
        return ReleaseDiff(
            old: old, new: new, bundles: bundles, packageSize: packageSize, findings: findings,
            verdicts: configuration.applyingIgnores(to: verdicts), oldBuild: settings.oldBuild, isSameBuild: isSameBuild
        )
    }
}
