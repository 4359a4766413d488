import BundleCheckFormats
import BundleCheckModel
import BundleCheckReports
import Foundation

/// Every value the arguments gave, as the option table stores them, before `validate`
/// knows which command they make and builds that command's options.
package struct GivenOptions: Sendable {
    /// `--format` as written: reports and the catalogue have different format types, and
    /// `--list-rules` may come after `--format`, so only `validate` can pick the type.
    package var format: String?
    package var outputPath: String?
    /// `--report FORMAT=PATH`, as written, in order.
    package var reports: [String] = []
    package var color: ColorChoice = .auto
    package var quiet = false
    package var rulePacks: [String] = []
    package var configurationPath: String?
    package var distribution: Distribution?
    /// `--fail-on`: overrides the configuration's `fail-on`.
    package var failOn: FailureThreshold?
    package var now: Date?
    package var verifiesResources = false
    /// `--jobs N`.
    package var jobs: Int?
    /// `--stdin-filename PATH`.
    package var standardInputName: String?
    package var baselinePath: String?
    package var writeBaselinePath: String?
    package var listRules = false
    /// `--explain ID`.
    package var explainID: String?
    /// `--old-build`, for `diff`.
    package var oldBuild: OldBuildState?
    /// Whether the first argument was the `diff` subcommand.
    package var isDiff = false
    /// `privacy` was the first word.
    package var isPrivacy = false
    /// Every argument that is not an option, in order.
    package var inputs: [String] = []

    package init() {}
}
