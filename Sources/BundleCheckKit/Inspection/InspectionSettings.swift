import Foundation

/// What the checks of one run assume about the world: how the package will be
/// distributed, and what day it is (for expiry), fixed by `--now` for reproducible runs.
public struct InspectionSettings: Sendable {
    public var distribution: Distribution
    public var now: Date

    public init(distribution: Distribution = .appStore, now: Date = Date()) {
        self.distribution = distribution
        self.now = now
    }
}
