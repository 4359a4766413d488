import BundleCheckFormats

/// A triggering or non-triggering example of a rule file, run as a test.
public struct RuleExample: Sendable {
    public let name: String
    /// Whether the rule is expected to fire on this example.
    public let triggers: Bool
    /// The package description the fixture builder turns into a package.
    public let package: YAMLNode
    /// The exact findings of this rule expected (none for a non-triggering example).
    public let expectations: [ExampleExpectation]
    /// Line of the example in its rule file, so a failing example points at itself.
    public let line: Int

    public init(name: String, triggers: Bool, package: YAMLNode, expectations: [ExampleExpectation], line: Int) {
        self.name = name
        self.triggers = triggers
        self.package = package
        self.expectations = expectations
        self.line = line
    }
}

/// `{rule, bundle, keyPath, count}`: how many findings of `rule` at that bundle and key path.
public struct ExampleExpectation: Sendable, Hashable {
    public let rule: String
    /// Bundle path, or nil for archive-wide findings.
    public let bundle: String?
    public let keyPath: String?
    /// The finding's file, when the expectation names one (path rules).
    public let file: String?
    public let count: Int

    public init(rule: String, bundle: String?, keyPath: String?, file: String? = nil, count: Int) {
        self.rule = rule
        self.bundle = bundle
        self.keyPath = keyPath
        self.file = file
        self.count = count
    }
}
