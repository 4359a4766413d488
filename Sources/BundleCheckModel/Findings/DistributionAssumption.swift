import BundleCheckFormats

/// Which distribution the distribution-dependent signing rules judged an input by, and whether
/// the user said so or it followed from the kind of input (`InspectionSettings.distribution(for:)`
/// decides).
public struct DistributionAssumption: Sendable, Hashable {
    /// The distribution those rules judged by; nil when they were skipped (an archive for which
    /// none was stated: its export re-signs it).
    public let checked: Distribution?
    /// True when `--distribution` or the configuration stated it.
    public let isStated: Bool

    public init(checked: Distribution?, isStated: Bool) {
        self.checked = checked
        self.isStated = isStated
    }
}
