import BundleCheckFormats
import BundleCheckModel
import BundleCheckReports
import Foundation

/// The options of one check of packages, after parsing.
package struct CommandOptions: Sendable, Equatable {
    package var format: ReportFormat = .text
    package var outputPath: String?
    /// `--report FORMAT=PATH`: more reports of the same run, each written to its file.
    package var reports: [ReportRequest] = []
    package var color: ColorChoice = .auto
    /// `--quiet`: the text report lists findings and the verdict, not the bundles.
    package var quiet = false
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
    /// `--fail-on`: overrides the configuration's `fail-on`.
    package var failOn: FailureThreshold?
    /// `--now DATE`: the date expiry checks compare with, for reproducible runs.
    package var now: Date?
    /// `--verify-resources`: hash every file CodeResources lists (reads the whole package).
    package var verifiesResources = false
    /// `--jobs`: inputs checked at once; nil for `ProcessorBudget.defaultJobs()`.
    package var jobs: Int?
    /// `--stdin-filename`: what the reports call the package piped in as `-`; nil for `-`.
    package var standardInputName: String?
    package var inputs: [String] = []

    package init() {}
}

/// One `--report FORMAT=PATH`: the run's result in another format, written to a file; the
/// format is one the command writes (a check's `ReportFormat`, a review's `ReviewFormat`).
package struct FormatRequest<Format: RawRepresentable & CaseIterable & Sendable & Equatable>: Sendable, Equatable where Format.RawValue == String {
    package let format: Format
    package let path: String

    /// Reads `sarif=bundlecheck.sarif`; the format is one of `Format`'s, the path not empty.
    package init(parsing text: String) throws(UsageError) {
        let choices = Format.allCases.map { $0.rawValue + "=<file>" }
        guard let equals = text.firstIndex(of: "="), let format = Format(rawValue: String(text[..<equals])),
            text.index(after: equals) < text.endIndex
        else { throw .invalidValue(option: "--report", value: text, choices: choices) }
        self.format = format
        self.path = String(text[text.index(after: equals)...])
    }
}

/// A check's `--report`.
package typealias ReportRequest = FormatRequest<ReportFormat>
