import BundleCheckFormats

/// Which distribution the distribution-dependent signing rules judged an input by, and why:
/// the user said so, the package's signature names it, or it followed from the kind of input
/// (`InspectionSettings.distribution(for:)` decides).
public struct DistributionAssumption: Sendable, Hashable {
    /// The distribution those rules judged by; nil when they were skipped (an archive for which
    /// none was stated: its export re-signs it).
    public let checked: Distribution?
    public let basis: Basis

    /// Why `checked` was chosen.
    public enum Basis: Sendable, Hashable {
        /// `--distribution` or the configuration stated it.
        case stated
        /// The package's signature names it: `Developer ID Application certificate`, `Mac App
        /// Store profile`, as the report says it.
        case signature(String)
        /// The kind of input decides: its platform's App Store, or none for an archive.
        case inputKind
    }

    public init(checked: Distribution?, basis: Basis) {
        self.checked = checked
        self.basis = basis
    }

    /// True when `--distribution` or the configuration stated it.
    public var isStated: Bool { basis == .stated }

    /// What the signature showed, when it chose the distribution.
    public var signatureEvidence: String? {
        if case .signature(let evidence) = basis { return evidence }
        return nil
    }
}
