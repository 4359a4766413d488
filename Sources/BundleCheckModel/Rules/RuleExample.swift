import BundleCheckFormats
import Foundation

/// A triggering or non-triggering example of a rule file, run as a test.
package struct RuleExample: Sendable {
    package let name: String
    /// Whether the rule is expected to fire on this example.
    package let triggers: Bool
    /// The distribution the example is checked for, as `--distribution` states it; nil states none.
    package let distribution: Distribution?
    /// The date the example is checked at, as `--now` fixes it; nil is the day the tests run.
    package let now: Date?
    /// The package description the fixture builder turns into a package.
    package let package: YAMLNode
    /// A release rule's previous build (`previous:`), which `package` is compared with; nil for
    /// the rules of one package.
    package let previous: YAMLNode?
    /// The configuration's `diff:` section for a release rule's example (`old-build`, `fail-on-new` …).
    package let review: ReviewConfiguration
    /// The settings of `.bundlecheck.yml` the example gives (`configuration:`); the defaults else.
    package let configuration: Configuration
    /// The exact findings of this rule expected (none for a non-triggering example).
    package let expectations: [ExampleExpectation]
    /// Line of the example in its rule file, so a failing example points at itself.
    package let line: Int

    package init(
        name: String, triggers: Bool, distribution: Distribution? = nil, now: Date? = nil,
        package: YAMLNode, previous: YAMLNode? = nil, review: ReviewConfiguration = ReviewConfiguration(), configuration: Configuration = Configuration(),
        expectations: [ExampleExpectation], line: Int
    ) {
        self.configuration = configuration
        self.name = name
        self.triggers = triggers
        self.distribution = distribution
        self.now = now
        self.package = package
        self.previous = previous
        self.review = review
        self.expectations = expectations
        self.line = line
    }
}

/// `{rule, bundle, keyPath, count}`: how many findings of `rule` at that bundle and key path.
package struct ExampleExpectation: Sendable, Hashable {
    package let rule: String
    /// Bundle path, or nil for archive-wide findings.
    package let bundle: String?
    package let keyPath: String?
    /// The finding's file, when the expectation names one (path rules).
    package let file: String?
    package let count: Int

    package init(rule: String, bundle: String?, keyPath: String?, file: String? = nil, count: Int) {
        self.rule = rule
        self.bundle = bundle
        self.keyPath = keyPath
        self.file = file
        self.count = count
    }
}
