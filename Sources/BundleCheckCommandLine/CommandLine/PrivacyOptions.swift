import BundleCheckFormats
import BundleCheckReports
import Foundation

/// The options of `bundlecheck privacy PACKAGE`, after parsing.
package struct PrivacyOptions: Sendable, Equatable {
    package var input: String
    package var format: PrivacyFormat = .text
    package var outputPath: String?
    package var rulePacks: [String] = []
    package var configurationPath: String?
    package var now: Date?
    package var jobs: Int?

    package init(input: String) {
        self.input = input
    }
}
