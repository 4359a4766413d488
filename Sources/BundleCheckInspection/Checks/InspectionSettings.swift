import BundleCheckFormats
import Foundation

/// What the checks of one run assume about the world: how the package will be
/// distributed, and what day it is (for expiry), fixed by `--now` for reproducible runs.
public struct InspectionSettings: Sendable {
    /// The distribution stated by `--distribution` or the configuration; nil when neither says.
    public var distribution: Distribution?
    public var now: Date

    /// What the distribution-dependent signing checks judge by: the stated one, else the App Store.
    public var checkedDistribution: Distribution { distribution ?? .appStore }

    public init(distribution: Distribution? = nil, now: Date = Date()) {
        self.distribution = distribution
        self.now = now
    }
}
