import BundleCheckFormats
import Foundation
import BundleCheckModel
import BundleCheckReports

/// The options of one `bundlecheck` invocation, after parsing.
public struct CommandOptions: Sendable, Equatable {
    public var format: ReportFormat = .text
    public var outputPath: String?
    public var color: ColorChoice = .auto
    /// `--rules DIR`, in the order given: folders of rule files added to the shipped ones.
    public var rulePacks: [String] = []
    /// `--config FILE`; without it, `.bundlecheck.yml` in the working directory when there is one.
    public var configurationPath: String?
    /// `--baseline FILE`: findings it lists are suppressed.
    public var baselinePath: String?
    /// `--write-baseline FILE`: the run's findings are written there as a baseline.
    public var writeBaselinePath: String?
    /// `--distribution`: overrides the configuration's `distribution`.
    public var distribution: Distribution?
    /// `--now DATE`: the date expiry checks compare with, for reproducible runs.
    public var now: Date?
    public var inputs: [String] = []

    public init() {}
}
