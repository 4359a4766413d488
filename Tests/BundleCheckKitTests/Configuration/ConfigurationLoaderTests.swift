import Testing

@testable import BundleCheckFormats
@testable import BundleCheckModel

@Suite struct ConfigurationLoaderTests {
    static func load(_ text: String, catalogue: RuleCatalogue = .shipped) throws -> Configuration {
        try ConfigurationLoader.load(bytes: Array(text.utf8), file: "ci/.bundlecheck.yml", catalogue: catalogue)
    }

    @Test func everySettingIsRead() throws {
        let configuration = try Self.load(
            """
            # Rules this team has decided on.
            rules:
              junk-file: off
              ats-arbitrary-loads: error
              version-format: note
            fail-on: warning
            distribution: enterprise
            profile-expiry-warning-days: 14
            """)
        #expect(configuration.rules == ["junk-file": .off, "ats-arbitrary-loads": .severity(.error), "version-format": .severity(.note)])
        #expect(configuration.failOn == .warning)
        #expect(configuration.distribution == .enterprise)
        #expect(configuration.profileExpiryWarningDays == 14)
        #expect(configuration.file == "ci/.bundlecheck.yml")
    }

    @Test func anEmptyFileOrEmptyRulesKeepTheDefaults() throws {
        for text in ["", "# nothing yet\n", "rules:\n  # junk-file: off\n"] {
            let configuration = try Self.load(text)
            #expect(configuration.rules.isEmpty)
            #expect(configuration.failOn == .error)
            #expect(configuration.distribution == .appStore)
            #expect(configuration.statedDistribution == nil)
            #expect(configuration.profileExpiryWarningDays == 30)
        }
    }

    @Test(arguments: [("0", 0), ("7", 7), ("365", 365), ("'30'", 30)])
    func profileExpiryWarningDaysTakesAWholeNumber(text: String, days: Int) throws {
        #expect(try Self.load("profile-expiry-warning-days: \(text)").profileExpiryWarningDays == days)
    }

    @Test(arguments: Distribution.allCases)
    func everyDistributionIsAccepted(distribution: Distribution) throws {
        #expect(try Self.load("distribution: \(distribution.rawValue)").distribution == distribution)
    }

    /// A broken configuration, and what its message must start with: file, line and key.
    @Test(arguments: [
        ("fail_on: warning", "ci/.bundlecheck.yml:1: key 'fail_on': unknown key; expected one of: rules, fail-on, distribution, profile-expiry-warning-days"),
        ("rules:\n  junk-fil: off", "ci/.bundlecheck.yml:2: key 'rules.junk-fil': no rule has this id; did you mean junk-file?"),
        ("rules:\n  no-such-thing-at-all: off", "ci/.bundlecheck.yml:2: key 'rules.no-such-thing-at-all': no rule has this id; 'bundlecheck --list-rules'"),
        ("rules:\n  junk-file: disabled", "ci/.bundlecheck.yml:2: key 'rules.junk-file': 'disabled' is not one of: on, off, error, warning, note"),
        ("rules:\n  junk-file: no", "ci/.bundlecheck.yml:2: key 'rules.junk-file': 'no' is not one of"),
        ("\n\nfail-on: note", "ci/.bundlecheck.yml:3: key 'fail-on': 'note' is not one of: error, warning"),
        ("\nprofile-expiry-warning-days: -1", "ci/.bundlecheck.yml:2: key 'profile-expiry-warning-days': '-1' is not a whole number of days (0 or more)"),
        ("profile-expiry-warning-days: soon", "ci/.bundlecheck.yml:1: key 'profile-expiry-warning-days': 'soon' is not a whole number of days"),
        ("profile-expiry-warning-days: 1.5", "ci/.bundlecheck.yml:1: key 'profile-expiry-warning-days': '1.5' is not a whole number of days"),
        ("profile-expiry-warning-days: +3", "ci/.bundlecheck.yml:1: key 'profile-expiry-warning-days': '+3' is not a whole number of days"),
        ("profile-expiry-warning-days: 99999999999999999999", "ci/.bundlecheck.yml:1: key 'profile-expiry-warning-days': '99999999999999999999' is not"),
        ("profile-expiry-warning-days: ''", "ci/.bundlecheck.yml:1: key 'profile-expiry-warning-days': '' is not a whole number of days"),
        ("profile-expiry-warning-days: [30]", "ci/.bundlecheck.yml:1: key 'profile-expiry-warning-days': expected a single value, found a list"),
        (
            "profile-expiry-warning-day: 30",
            "ci/.bundlecheck.yml:1: key 'profile-expiry-warning-day': unknown key; expected one of: rules, fail-on, distribution, profile-expiry-warning-days"
        ),
        ("distribution: testflight", "ci/.bundlecheck.yml:1: key 'distribution': 'testflight' is not one of: app-store, ad-hoc, development, enterprise"),
        ("rules: [junk-file]", "ci/.bundlecheck.yml:1: key 'rules': expected a mapping of rule ids to on, off, error, warning or note, found a list"),
        ("fail-on: [warning]", "ci/.bundlecheck.yml:1: key 'fail-on': expected a single value, found a list"),
        ("- rules", "ci/.bundlecheck.yml:1: expected a mapping of settings"),
        ("rules:\n  junk-file: &a off", "ci/.bundlecheck.yml:2:14: anchors and aliases are not allowed"),
        ("fail-on: error\nfail-on: warning", "ci/.bundlecheck.yml:2:1: duplicate key \"fail-on\" on lines 1 and 2"),
    ])
    func mistakesNameFileLineAndKey(text: String, message: String) {
        do {
            _ = try Self.load(text)
            Issue.record("expected an error for \(text.debugDescription)")
        } catch {
            #expect(String(describing: error).hasPrefix(message), "\(error)")
        }
    }

    @Test func ruleIdsOfUserPacksAreKnownOnceThePackIsLoaded() throws {
        let directory = try TemporaryDirectory()
        try directory.write(RulePackCommandTests.rule(id: "no-readme", glob: "**/README*"), to: "pack/no-readme.yml")
        let text = "rules:\n  no-readme: warning\n"
        #expect(throws: ConfigurationError.self) { try Self.load(text) }
        let catalogue = try RuleCatalogue.shipped.adding(packAt: directory.path("pack"))
        #expect(try Self.load(text, catalogue: catalogue).rules == ["no-readme": .severity(.warning)])
    }

    @Test func aRuleOffByDefaultRunsWhenTheConfigurationNamesIt() throws {
        #expect(!Configuration.defaults.effectiveRules(of: .shipped).contains { $0.id == "possible-secret" })
        let on = try Self.load("rules:\n  possible-secret: on\n").effectiveRules(of: .shipped)
        #expect(on.first { $0.id == "possible-secret" }?.severity == .note)
        let warned = try Self.load("rules:\n  possible-secret: warning\n").effectiveRules(of: .shipped)
        #expect(warned.first { $0.id == "possible-secret" }?.severity == .warning)
        // `on` leaves a rule that runs anyway as it is.
        #expect(try Self.load("rules:\n  junk-file: on\n").effectiveRules(of: .shipped).first { $0.id == "junk-file" }?.severity == .warning)
    }

    @Test func effectiveRulesLeaveOutDisabledOnesAndChangeSeverities() throws {
        let configuration = try Self.load("rules:\n  junk-file: off\n  ats-arbitrary-loads: error\n")
        let rules = configuration.effectiveRules(of: .shipped)
        // junk-file turned off, and the rules that are off by default (possible-secret) left out.
        let offByDefault = RuleCatalogue.shipped.rules.filter { !$0.runsByDefault }.map(\.id)
        #expect(offByDefault == ["possible-secret"])
        #expect(rules.count == RuleCatalogue.shipped.rules.count - 1 - offByDefault.count)
        #expect(!rules.contains { $0.id == "junk-file" })
        #expect(rules.first { $0.id == "ats-arbitrary-loads" }?.severity == .error)
        #expect(rules.first { $0.id == "version-mismatch" }?.severity == .error)
    }

    @Test func failOnWarningFailsOnWarningsButNeverOnNotes() {
        #expect(FailureThreshold.error.fails(on: .error))
        #expect(!FailureThreshold.error.fails(on: .warning))
        #expect(FailureThreshold.warning.fails(on: .warning))
        #expect(!FailureThreshold.warning.fails(on: .note))
    }

    @Test func resolvingWithoutAFileGivesTheDefaults() throws {
        let directory = try TemporaryDirectory()
        let configuration = try ConfigurationLoader.resolve(explicitPath: nil, workingDirectory: directory.url.path, catalogue: .shipped)
        #expect(configuration == .defaults)
    }

    @Test func anExplicitFileMustExist() throws {
        let directory = try TemporaryDirectory()
        let missing = directory.path("missing.yml")
        #expect(throws: ConfigurationError.notFound(file: missing)) {
            try ConfigurationLoader.resolve(explicitPath: missing, workingDirectory: nil, catalogue: .shipped)
        }
    }
}
