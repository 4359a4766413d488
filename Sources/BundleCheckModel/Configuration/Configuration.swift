import BundleCheckFormats

/// What `.bundlecheck.yml` (or `--config FILE`) settles for a run:
///
///     rules:
///       junk-file: off               # disable a rule
///       ats-arbitrary-loads: error   # or run it at another severity: error | warning | note
///     fail-on: warning               # error (default) | warning
///     distribution: app-store        # app-store (default) | ad-hoc | development | enterprise
///
/// `ConfigurationLoader` reads and checks the file; this is the result.
public struct Configuration: Sendable, Equatable {
    /// Settings by rule id; a rule not named here runs at the severity of its rule file.
    public var rules: [String: RuleSetting]
    public var failOn: FailureThreshold
    /// The distribution the file states; nil when it says nothing, so `--distribution` and the
    /// kind of input can decide.
    public var statedDistribution: Distribution?
    /// The file this was read from, as the user knows it; nil for the defaults.
    public var file: String?

    public init(
        rules: [String: RuleSetting] = [:],
        failOn: FailureThreshold = .error,
        distribution: Distribution? = nil,
        file: String? = nil
    ) {
        self.rules = rules
        self.failOn = failOn
        self.statedDistribution = distribution
        self.file = file
    }

    /// The distribution the signing rules check for when nothing else is stated: the App Store.
    public var distribution: Distribution { statedDistribution ?? .appStore }

    /// No configuration file: every rule at its own severity, only errors fail, App Store distribution.
    public static let defaults = Configuration()

    /// The severity `rule` runs at, or nil when the configuration turns it off.
    public func severity(of rule: RuleDefinition) -> Severity? {
        switch rules[rule.id] {
        case nil: rule.severity
        case .off: nil
        case .severity(let severity): severity
        }
    }

    /// The rules to run: the catalogue's, minus those turned off, at the configured severities.
    public func effectiveRules(of catalogue: RuleCatalogue) -> [RuleDefinition] {
        catalogue.rules.compactMap { rule in
            guard let severity = severity(of: rule) else { return nil }
            return severity == rule.severity ? rule : rule.with(severity: severity)
        }
    }
}
