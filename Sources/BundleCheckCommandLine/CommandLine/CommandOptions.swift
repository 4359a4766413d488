import BundleCheckFormats
import Foundation
import BundleCheckReports

/// The options of one check of packages, after parsing.
package struct CommandOptions: Sendable, Equatable {
    package var format: ReportFormat = .text
    package var outputPath: String?
    package var color: ColorChoice = .auto
    /// `--rules DIR`, in the order given: folders of rule files added to the shipped ones.
    package var rulePacks: [String] = []
    /// `--config FILE`; without it, `.bundlecheck.yml` in the working directory when there is one.
    package var configurationPath: String?
    /// `--baseline FILE`: findings it lists are suppressed.
    package var baselinePath: String?
    /// `--write-baseline FILE`: the run's findings are written there as a baseline.
    package var writeBaselinePath: String?
    /// `--distribution`: overrides the configuration's `distribution`.
    package var distribution: Distribution?
    /// `--now DATE`: the date expiry checks compare with, for reproducible runs.
    package var now: Date?
    /// `--verify-resources`: hash every file CodeResources lists (reads the whole package).
    package var verifiesResources = false
    package var inputs: [String] = []

    package init() {}
}
