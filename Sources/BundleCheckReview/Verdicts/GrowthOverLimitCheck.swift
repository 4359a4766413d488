import BundleCheckInspection
import BundleCheckModel

/// `growth-over-limit`: the package grew, uncompressed, by more than the configuration's
/// `diff: fail-on-growth` allows: download size and install size are what users pay for.
struct GrowthOverLimitCheck: ReleaseCheck {
    let name = ReleaseCheckName.growthOverLimit

    func run(_ comparison: ReleaseComparison, as rule: RuleDefinition) -> [Finding] {
        guard let limit = comparison.settings.failOnGrowth, let growth = comparison.packageSize?.growth, growth > 0, UInt64(growth) > limit else { return [] }
        let largest =
            comparison.packageSize?.grownFiles.first.map { "; the file that grew most is \($0.path) (+\(ByteSizeText.decimal(UInt64($0.growth))))" } ?? ""
        return [
            rule.finding(
                "the package grew by \(ByteSizeText.decimal(UInt64(growth))) uncompressed, more than the \(ByteSizeText.decimal(limit)) the configuration's diff: fail-on-growth allows\(largest)",
                at: FindingLocation()
            )
        ]
    }
}
