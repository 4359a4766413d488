import Foundation
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckModel

/// `rule-packs`, `baseline` and `ignore:` as the loader reads them: paths resolved against the
/// file's folder, ignore entries checked field by field.
@Suite struct ConfigurationPathsAndIgnoresTests {
    static func load(_ text: String, file: String = "ci/.bundlecheck.yml", catalogue: RuleCatalogue = .shipped) throws -> Configuration {
        try ConfigurationLoader.load(bytes: Array(text.utf8), file: file, catalogue: catalogue)
    }

    @Test func relativePathsResolveAgainstTheFilesFolder() throws {
        let text = "rule-packs: [rules, ../shared/rules, /opt/rules]\nbaseline: bundlecheck-baseline.json\n"
        let nested = try Self.load(text, file: "ci/.bundlecheck.yml")
        #expect(nested.rulePacks == ["ci/rules", "ci/../shared/rules", "/opt/rules"])
        #expect(nested.baseline == "ci/bundlecheck-baseline.json")
        let here = try Self.load(text, file: ".bundlecheck.yml")
        #expect(here.rulePacks == ["rules", "../shared/rules", "/opt/rules"])
        #expect(here.baseline == "bundlecheck-baseline.json")
        let absolute = try Self.load(text, file: "/r/.bundlecheck.yml")
        #expect(absolute.baseline == "/r/bundlecheck-baseline.json")
        #expect(absolute.rulePacks.first == "/r/rules")
    }

    @Test func rulePacksAreReadBeforeTheRestIsChecked() throws {
        // The pack's rule is unknown to the shipped catalogue, yet its folder can be read first.
        let source = try ConfigurationLoader.parse(bytes: Array("rules:\n  no-readme: warning\nrule-packs:\n  - team\n".utf8), file: "ci/.bundlecheck.yml")
        #expect(try ConfigurationLoader.rulePacks(of: source) == ["ci/team"])
        #expect(throws: ConfigurationError.self) { try ConfigurationLoader.load(source, catalogue: .shipped) }
    }

    @Test func emptyListsAreAllowed() throws {
        let configuration = try Self.load("rule-packs: []\nignore:\n")
        #expect(configuration.rulePacks.isEmpty)
        #expect(configuration.ignores.isEmpty)
        #expect(configuration.baseline == nil)
    }

    @Test func ignoreEntriesKeepTheirOrderRuleGlobAndReason() throws {
        let configuration = try Self.load(
            """
            ignore:
              - rule: sdk-privacy-manifest-missing
                path: Payload/*.app/Frameworks/Vendor*.framework/**
                reason: VendorSDK ships without one (JIRA-1)
              - { rule: junk-file, path: "**/.DS_Store", reason: "harmless" }
            """)
        #expect(configuration.ignores.map(\.rule) == ["sdk-privacy-manifest-missing", "junk-file"])
        #expect(configuration.ignores.map(\.pathPattern) == ["Payload/*.app/Frameworks/Vendor*.framework/**", "**/.DS_Store"])
        #expect(configuration.ignores.map(\.reason) == ["VendorSDK ships without one (JIRA-1)", "harmless"])
    }

    @Test func ignoreRuleIdsMayNameRulesOfAPack() throws {
        let directory = try TemporaryDirectory()
        try directory.write(RulePackCommandTests.rule(id: "no-readme", glob: "**/README*"), to: "pack/no-readme.yml")
        let text = "ignore:\n  - {rule: no-readme, path: '**', reason: docs ship on purpose}\n"
        #expect(throws: ConfigurationError.self) { try Self.load(text) }
        let catalogue = try RuleCatalogue.shipped.adding(packAt: directory.path("pack"))
        #expect(try Self.load(text, catalogue: catalogue).ignores.map(\.rule) == ["no-readme"])
    }

    /// A broken setting, and what its message must start with: file, line and key.
    @Test(arguments: [
        (
            "ignore:\n  - rule: junk-file\n    path: '**'\n",
            "ci/.bundlecheck.yml:2: key 'ignore[0]': an ignore entry needs a reason: say why these findings are accepted"
        ),
        ("ignore:\n  - rule: junk-file\n    path: '**'\n    reason: '  '\n", "ci/.bundlecheck.yml:4: key 'ignore[0]': an ignore entry needs a reason"),
        (
            "ignore:\n  - {rule: junk-file, path: '**', reason: ok}\n  - {path: '**', reason: vendor}\n",
            "ci/.bundlecheck.yml:3: key 'ignore[1]': an ignore entry needs a rule (rule: …)"
        ),
        ("ignore:\n  - {rule: junk-file, reason: vendor}\n", "ci/.bundlecheck.yml:2: key 'ignore[0]': an ignore entry needs a path (path: …)"),
        (
            "ignore:\n  - rule: junk-fil\n    path: '**'\n    reason: x\n",
            "ci/.bundlecheck.yml:2: key 'ignore[0].rule': no rule has this id; did you mean junk-file?"
        ),
        ("ignore:\n  - rule: junk-file\n    path: 'a**'\n    reason: x\n", "ci/.bundlecheck.yml:3: key 'ignore[0].path': 'a**' is not a valid glob:"),
        (
            "ignore:\n  - rule: junk-file\n    path: /Payload/**\n    reason: x\n",
            "ci/.bundlecheck.yml:3: key 'ignore[0].path': '/Payload/**' is not a valid glob: the pattern starts with '/'"
        ),
        ("ignore:\n  - rule: junk-file\n    path: '[z-a]'\n    reason: x\n", "ci/.bundlecheck.yml:3: key 'ignore[0].path': '[z-a]' is not a valid glob"),
        (
            "ignore:\n  - rule: junk-file\n    path: '**'\n    reason: x\n    because: y\n",
            "ci/.bundlecheck.yml:5: key 'ignore[0].because': unknown key; expected one of: rule, path, reason, secret"
        ),
        ("ignore:\n  - {secret: 1a2b3c4d, reason: x}\n", "ci/.bundlecheck.yml:2: key 'ignore[0].secret': '1a2b3c4d' is not a secret's fingerprint"),
        (
            "ignore:\n  - {secret: sha256:1A2B3C4D, reason: x}\n",
            "ci/.bundlecheck.yml:2: key 'ignore[0].secret': 'sha256:1A2B3C4D' is not a secret's fingerprint"
        ),
        ("ignore:\n  - {secret: sha256:1a2b3c4d}\n", "ci/.bundlecheck.yml:2: key 'ignore[0]': an ignore entry needs a reason"),
        ("ignore:\n  - {path: '**', reason: x}\n", "ci/.bundlecheck.yml:2: key 'ignore[0]': an ignore entry needs a rule"),
        (
            "ignore:\n  - junk-file\n",
            "ci/.bundlecheck.yml:2: key 'ignore[0]': expected a mapping of rule, path and reason (or of secret and reason), found a scalar"
        ),
        ("ignore:\n  rule: junk-file\n", "ci/.bundlecheck.yml:2: key 'ignore': expected a list, found a mapping"),
        ("ignore:\n  - {rule: [junk-file], path: '**', reason: x}\n", "ci/.bundlecheck.yml:2: key 'ignore[0].rule': expected a single value, found a list"),
        ("rule-packs: ci/rules\n", "ci/.bundlecheck.yml:1: key 'rule-packs': expected a list, found a scalar"),
        ("rule-packs: [rules, '']\n", "ci/.bundlecheck.yml:1: key 'rule-packs[1]': expected a path, found an empty value"),
        ("\nbaseline: ''\n", "ci/.bundlecheck.yml:2: key 'baseline': expected a path, found an empty value"),
        ("baseline: [a.json]\n", "ci/.bundlecheck.yml:1: key 'baseline': expected a single value, found a list"),
        ("app-clip-digital-only: yes\n", "ci/.bundlecheck.yml:1: key 'app-clip-digital-only': 'yes'"),
        (
            "rule-pack: [rules]\n",
            "ci/.bundlecheck.yml:1: key 'rule-pack': unknown key; expected one of: rules, fail-on, distribution, profile-expiry-warning-days, app-clip-digital-only, icon-catalog-threshold, rule-packs, baseline, ignore"
        ),
        ("icon-catalog-threshold: lots\n", "ci/.bundlecheck.yml:1: key 'icon-catalog-threshold': 'lots' is not a size"),
        ("icon-catalog-threshold: [20 MB]\n", "ci/.bundlecheck.yml:1: key 'icon-catalog-threshold': expected a single value, found a list"),
    ])
    func mistakesNameFileLineAndKey(text: String, message: String) {
        do {
            _ = try Self.load(text)
            Issue.record("expected an error for \(text.debugDescription)")
        } catch {
            #expect(String(describing: error).hasPrefix(message), "\(error)")
        }
    }

    @Test func theIconCatalogThresholdIsASize() throws {
        #expect(try Self.load("fail-on: error\n").iconCatalogThreshold == 20_000_000)
        #expect(try Self.load("icon-catalog-threshold: 5 MiB\n").iconCatalogThreshold == 5 << 20)
        #expect(try Self.load("icon-catalog-threshold: 1500000\n").iconCatalogThreshold == 1_500_000)
    }

    @Test func aRuleExampleGivesOnlyTheSettingsChecksRead() throws {
        let reader = YAMLFieldReader(file: "Rules/x.yml")
        let node = try #require(try YAMLParser.parse(Array("{icon-catalog-threshold: 1 MB, app-clip-digital-only: true}".utf8), file: "Rules/x.yml"))
        let configuration = try ConfigurationLoader.exampleConfiguration(node, reader: reader, field: "examples[1].configuration")
        #expect(configuration.iconCatalogThreshold == 1_000_000 && configuration.appClipDigitalOnly)
        let other = try #require(try YAMLParser.parse(Array("{fail-on: warning}".utf8), file: "Rules/x.yml"))
        #expect(throws: YAMLLoadError.self) { try ConfigurationLoader.exampleConfiguration(other, reader: reader, field: "examples[1].configuration") }
    }

    @Test func anAppClipInvokedOnlyDigitallyIsSaidSo() throws {
        #expect(try Self.load("app-clip-digital-only: true\n").appClipDigitalOnly)
        #expect(try !Self.load("app-clip-digital-only: false\n").appClipDigitalOnly)
        #expect(try !Self.load("fail-on: error\n").appClipDigitalOnly)
    }

    // MARK: Matching

    static func finding(rule: String = "junk-file", bundle: String? = "Payload/A.app/Frameworks/VendorKit.framework", file: String? = nil) -> Finding {
        Finding(rule: rule, severity: .error, message: "m", bundle: bundle, file: file, keyPath: nil, line: nil, appleCodes: [])
    }

    @Test func anEntryMatchesItsRuleAndTheFindingsFileOrBundle() {
        let entry = IgnoreEntry(rule: "junk-file", path: Glob("Payload/*.app/Frameworks/Vendor*.framework/**"), reason: "vendor")
        #expect(entry.matches(Self.finding()))
        #expect(entry.matches(Self.finding(bundle: "Payload/A.app", file: "Payload/A.app/Frameworks/VendorKit.framework/.DS_Store")))
        #expect(!entry.matches(Self.finding(rule: "version-mismatch")))
        #expect(!entry.matches(Self.finding(bundle: "Payload/A.app/Frameworks/OurKit.framework")))
        #expect(!entry.matches(Self.finding(bundle: nil, file: nil)))
        // A finding about the whole package is matched as the empty path: only `**` takes it.
        #expect(IgnoreEntry(rule: "junk-file", path: Glob("**"), reason: "x").matches(Self.finding(bundle: nil, file: nil)))
    }

    @Test func ignoresSuppressWithTheFirstMatchingReasonAndLeaveTheRest() {
        let configuration = Configuration(ignores: [
            IgnoreEntry(rule: "junk-file", path: Glob("**/VendorKit.framework"), reason: "first"),
            IgnoreEntry(rule: "junk-file", path: Glob("**"), reason: "second"),
        ])
        let input = InputReport(
            path: "A.ipa", kind: .ipa, container: .zip, size: 1, error: nil, bundles: [],
            findings: [Self.finding(), Self.finding(bundle: "Payload/A.app"), Self.finding(rule: "version-mismatch")],
            distribution: nil
        )
        let applied = configuration.applyingIgnores(to: input)
        let reasons = Dictionary(uniqueKeysWithValues: applied.findings.map { ("\($0.rule) \($0.bundle ?? "")", $0.suppression) })
        #expect(reasons["junk-file Payload/A.app/Frameworks/VendorKit.framework"] == Suppression(kind: .configuration, reason: "first"))
        #expect(reasons["junk-file Payload/A.app"] == Suppression(kind: .configuration, reason: "second"))
        #expect(reasons["version-mismatch Payload/A.app/Frameworks/VendorKit.framework"] == .some(nil))
        #expect(Report(toolVersion: "1", inputs: [applied]).summary == Report.Summary(errors: 1, warnings: 0, notes: 0, suppressed: 2))
        // The baseline afterwards keeps the configuration's reason.
        let baselined = Baseline(findings: input.findings).applied(to: applied)
        #expect(baselined.findings.map(\.suppression?.kind) == applied.findings.map { $0.suppressed ? .configuration : .baseline })
    }

    /// README.md's example configuration is one the loader accepts, with every key.
    @Test func aSecretEntryAcceptsTheFindingsAboutThatSecretWhereverTheySit() throws {
        let entry = try #require(try Self.load("ignore:\n  - {secret: sha256:1a2b3c4d, reason: demo key}\n").ignores.first)
        func finding(_ rule: String, secret: String?, file: String) -> Finding {
            let plain = Finding(rule: rule, severity: .error, message: "m", bundle: "Payload/A.app", file: file, keyPath: nil, line: nil, appleCodes: [])
            return secret.map { plain.about(secret: $0) } ?? plain
        }
        #expect(entry.matches(finding("embedded-secret", secret: "sha256:1a2b3c4d", file: "Payload/A.app/config.json")))
        #expect(entry.matches(finding("possible-secret", secret: "sha256:1a2b3c4d", file: "Payload/A.app/Frameworks/K.framework/k.plist")))
        #expect(!entry.matches(finding("embedded-secret", secret: "sha256:00000000", file: "Payload/A.app/config.json")))
        #expect(!entry.matches(finding("junk-file", secret: nil, file: "Payload/A.app/config.json")))
        // With a rule and a path, both narrow it.
        let narrow = try #require(
            try Self.load("ignore:\n  - {secret: sha256:1a2b3c4d, rule: embedded-secret, path: '**/Debug/**', reason: x}\n").ignores.first)
        #expect(!narrow.matches(finding("embedded-secret", secret: "sha256:1a2b3c4d", file: "Payload/A.app/config.json")))
        #expect(narrow.matches(finding("embedded-secret", secret: "sha256:1a2b3c4d", file: "Payload/A.app/Debug/config.json")))
        #expect(!narrow.matches(finding("possible-secret", secret: "sha256:1a2b3c4d", file: "Payload/A.app/Debug/config.json")))
    }

    @Test func theReadmeExampleConfigurationLoads() throws {
        let readme = try String(contentsOfFile: RepositoryPaths.file("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "### Configuration").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```yaml\n").dropFirst().first?.components(separatedBy: "```").first)
        let configuration = try Self.load(block, file: ".bundlecheck.yml")
        #expect(configuration.rulePacks == ["ci/rules"])
        #expect(configuration.baseline == "bundlecheck-baseline.json")
        #expect(configuration.ignores.count == 3)
        #expect(configuration.ignores.last?.secret == "sha256:1a2b3c4d")
        #expect(configuration.ignores.allSatisfy { !$0.reason.isEmpty })
        #expect(!configuration.rules.isEmpty)
    }
}
