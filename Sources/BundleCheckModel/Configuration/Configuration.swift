import BundleCheckFormats

/// What `.bundlecheck.yml` (or `--config FILE`) settles for a run:
///
///     rules:
///       junk-file: off               # disable a rule
///       possible-secret: on          # run a rule that is off by default (`default: off`)
///       ats-arbitrary-loads: error   # or run it at another severity: error | warning | note
///     fail-on: warning               # error (default) | warning
///     distribution: app-store        # app-store | ad-hoc | development | enterprise
///     profile-expiry-warning-days: 30  # profile-expiring warns this many days ahead
///     icon-catalog-threshold: 20 MB  # icon-catalog-bloat notes an Assets.car's icons past this
///     rule-packs: [ci/rules]         # folders of rule files, like --rules
///     baseline: bundlecheck-baseline.json  # like --baseline
///     ignore:                        # accepted findings, by rule and path, with a reason
///       - { rule: junk-file, path: "Payload/*.app/Frameworks/Vendor*.framework/**", reason: vendor SDK }
///     help-url: https://example.com/bundlecheck/rules#   # a rule's help is this + its id
///     diff:                          # bundlecheck diff (ReviewConfiguration)
///       fail-on-new: [entitlements]
///
/// `ConfigurationLoader` reads and checks the file; this is the result. Paths in it are
/// already resolved against the file's folder.
public struct Configuration: Sendable, Equatable {
    /// Settings by rule id; a rule not named here runs at the severity of its rule file.
    public var rules: [String: RuleSetting]
    public var failOn: FailureThreshold
    /// The distribution the file states; nil when it says nothing, so `--distribution` and the
    /// kind of input can decide.
    public var statedDistribution: Distribution?
    /// How many days before a profile expires `profile-expiring` warns.
    public var profileExpiryWarningDays: Int
    /// Whether the App Clip is invoked only digitally (websites, Spotlight; no App Clip code, QR
    /// code or NFC tag), which lets an iOS 17 clip be as large as Apple's digital-only limit.
    public var appClipDigitalOnly: Bool
    /// The bytes of icon renditions in one `Assets.car` past which `icon-catalog-bloat` notes them.
    public var iconCatalogThreshold: UInt64
    /// Folders of rule files the run adds to the shipped rules, before any `--rules` ones.
    public var rulePacks: [String]
    /// The baseline file; `--baseline` overrides it.
    public var baseline: String?
    /// Findings accepted by rule and path, in the file's order (the first match gives the reason).
    public var ignores: [IgnoreEntry]
    /// Where each rule's documentation is: the rule id is appended (`…/Rules/README.md#` gives
    /// the catalogue's heading). SARIF's `helpUri` and `--explain`'s `helpURL` use it; nil, none.
    public var helpURL: String?
    /// The settings of `bundlecheck diff`.
    public var review: ReviewConfiguration
    /// The file this was read from, as the user knows it; nil for the defaults.
    public var file: String?

    public init(
        rules: [String: RuleSetting] = [:],
        failOn: FailureThreshold = .error,
        distribution: Distribution? = nil,
        profileExpiryWarningDays: Int = Configuration.defaultProfileExpiryWarningDays,
        appClipDigitalOnly: Bool = false,
        iconCatalogThreshold: UInt64 = Configuration.defaultIconCatalogThreshold,
        rulePacks: [String] = [],
        baseline: String? = nil,
        ignores: [IgnoreEntry] = [],
        helpURL: String? = nil,
        review: ReviewConfiguration = ReviewConfiguration(),
        file: String? = nil
    ) {
        self.rules = rules
        self.failOn = failOn
        self.statedDistribution = distribution
        self.profileExpiryWarningDays = profileExpiryWarningDays
        self.appClipDigitalOnly = appClipDigitalOnly
        self.iconCatalogThreshold = iconCatalogThreshold
        self.rulePacks = rulePacks
        self.baseline = baseline
        self.ignores = ignores
        self.helpURL = helpURL
        self.review = review
        self.file = file
    }

    /// The distribution the signing rules check an IPA or app for when nothing else is stated:
    /// the App Store. (An archive is checked for none unless one is stated.)
    public var distribution: Distribution { statedDistribution ?? .appStore }

    /// A month: time to renew a profile before testers' installs stop launching.
    public static let defaultProfileExpiryWarningDays = 30

    /// 20 MB: an app icon with its fallbacks takes a few MB; several alternate icons compiled
    /// with theirs took one app's catalog from 71 to 300 MB (Apollo-Reborn#206).
    public static let defaultIconCatalogThreshold: UInt64 = 20_000_000

    /// No configuration file: every rule at its own severity, only errors fail, no stated
    /// distribution, profile expiry warned 30 days ahead.
    public static let defaults = Configuration()

    /// The severity `rule` runs at, or nil when the configuration turns it off.
    public func severity(of rule: RuleDefinition) -> Severity? {
        switch rules[rule.id] {
        case nil: rule.runsByDefault ? rule.severity : nil
        case .on: rule.severity
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

/// The configuration's `fail-on`: the least severe finding that makes the exit status 1.
public enum FailureThreshold: String, Sendable, Hashable, CaseIterable {
    /// Only error-severity findings fail the run (the default).
    case error
    /// Warnings fail the run too; notes never do.
    case warning

    public func fails(on severity: Severity) -> Bool {
        switch (self, severity) {
        case (_, .error), (.warning, .warning): true
        case (.error, .warning), (_, .note): false
        }
    }
}

/// What the configuration says about one rule: turn it off, or run it at another severity.
public enum RuleSetting: Sendable, Hashable, CustomStringConvertible {
    /// Runs at its rule file's severity: turns on a rule that is off by default (`default: off`).
    case on
    case off
    case severity(Severity)

    /// Every value the configuration accepts, in the order messages list them.
    static let choices = ["on", "off"] + Severity.allCases.map(\.rawValue)

    /// `on`, `off`, `error`, `warning` or `note`; nil for anything else.
    init?(configurationValue text: String) {
        if text == "on" {
            self = .on
        } else if text == "off" {
            self = .off
        } else if let severity = Severity(rawValue: text) {
            self = .severity(severity)
        } else {
            return nil
        }
    }

    /// As written in the configuration and shown by `--list-rules`.
    public var description: String {
        switch self {
        case .on: "on"
        case .off: "off"
        case .severity(let severity): severity.rawValue
        }
    }
}
