import BundleCheckFormats
import BundleCheckModel
import BundleCheckReports
import BundleCheckReview
import Foundation

/// The options of `bundlecheck diff OLD NEW`, after parsing.
package struct DiffOptions: Sendable, Equatable {
    package var old: String
    package var new: String
    package var format: ReviewFormat = .text
    package var outputPath: String?
    /// `--report FORMAT=PATH`: the same review in more formats, each to its file.
    package var reports: [DiffReportRequest] = []
    package var color: ColorChoice = .auto
    package var rulePacks: [String] = []
    package var configurationPath: String?
    package var distribution: Distribution?
    package var failOn: FailureThreshold?
    package var now: Date?
    package var jobs: Int?
    /// `--old-build`: overrides the configuration's `diff: old-build`.
    package var oldBuild: OldBuildState?

    package init(old: String, new: String) {
        self.old = old
        self.new = new
    }
}

/// A review's `--report`.
package typealias DiffReportRequest = FormatRequest<ReviewFormat>
