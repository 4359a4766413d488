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

/// One `--report FORMAT=PATH` of a review.
package struct DiffReportRequest: Sendable, Equatable {
    package let format: ReviewFormat
    package let path: String

    package init(parsing text: String) throws(UsageError) {
        let choices = ReviewFormat.allCases.map { $0.rawValue + "=<file>" }
        guard let equals = text.firstIndex(of: "="), let format = ReviewFormat(rawValue: String(text[..<equals])),
              text.index(after: equals) < text.endIndex
        else { throw .invalidValue(option: "--report", value: text, choices: choices) }
        self.format = format
        self.path = String(text[text.index(after: equals)...])
    }
}
