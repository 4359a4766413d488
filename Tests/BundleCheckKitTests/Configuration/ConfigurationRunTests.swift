import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckModel

/// The configuration of real projects through `BundleCheckCommand.main`: found from a
/// subfolder of a repository, naming rule packs and a baseline by paths relative to itself,
/// and accepting vendor findings with a reason that the JSON, SARIF and text reports show.
@Suite struct ConfigurationRunTests {
    /// Junk at the app's root and in a vendor folder: two junk-file findings.
    static let app = FixtureBundle.app("Notes", bundleIdentifier: "com.example.notes")
        .adding(file: ".DS_Store", contents: [0])
        .adding(file: "Vendor/.DS_Store", contents: [0])

    static let vendorJunk = "Payload/Notes.app/Vendor/.DS_Store"
    static let reason = "VendorKit's resources ship as the vendor built them (JIRA-12)"

    /// A repository (`repo/.git`) holding the package under `build/`.
    static func repository() throws -> (directory: TemporaryDirectory, package: String) {
        let directory = try TemporaryDirectory()
        _ = try directory.folder("repo/.git")
        _ = try directory.folder("repo/build")
        let package = try BundleCheckCommandTests.writePackage(.ipa(app), in: directory, name: "repo/build/Notes.ipa")
        return (directory, package)
    }

    /// junk-file as an error, so that what is not suppressed fails the run; and off, the warning
    /// of the announced April 2027 SDK floor that the fixture's Xcode 26.1 build gets until then,
    /// which is not what these tests count.
    static let strict = "rules:\n  junk-file: error\n  sdk-floor-upcoming: off\n"
    static let ignoreVendor =
        strict + """
            ignore:
              - rule: junk-file
                path: Payload/*.app/Vendor/**
                reason: \(reason)

            """

    @Test func aFileAtTheRepositoryRootConfiguresARunFromASubfolder() throws {
        let (directory, package) = try Self.repository()
        let build = directory.path("repo/build")
        #expect(CapturingConsole.run([package], workingDirectory: build).0 == .success)
        let file = try directory.write(Self.strict, to: "repo/.bundlecheck.yml")
        let (status, console) = CapturingConsole.run(["--format", "json", package], workingDirectory: build)
        #expect(status == .findings)
        let report = try ReportJSON(console.output)
        #expect(report.root["configurationFile"] as? String == file)
        #expect(report.summary("errors") == 2)
        let text = CapturingConsole.run([package], workingDirectory: build).1.output
        #expect(text.contains("configuration: \(file)\n"), "\(text)")
    }

    @Test func aFileAboveTheRepositoryRootIsNotRead() throws {
        let (directory, package) = try Self.repository()
        try directory.write(Self.strict, to: ".bundlecheck.yml")
        let (status, console) = CapturingConsole.run(["--format", "json", package], workingDirectory: directory.path("repo/build"))
        #expect(status == .success)
        #expect(try ReportJSON(console.output).root["configurationFile"] is NSNull)
    }

    @Test func anIgnoredFindingStaysInTheJSONWithItsReasonAndDoesNotFail() throws {
        let (directory, package) = try Self.repository()
        try directory.write(Self.ignoreVendor, to: "repo/.bundlecheck.yml")
        let (status, console) = CapturingConsole.run(["--format", "json", package], workingDirectory: directory.path("repo/build"))
        // The app's own junk still fails the run; the vendor's is accepted.
        #expect(status == .findings)
        let report = try ReportJSON(console.output)
        let findings = report.findings("junk-file")
        #expect(findings.count == 2)
        let vendor = try #require(findings.first { $0["file"] as? String == Self.vendorJunk })
        #expect(vendor["suppressed"] as? Bool == true)
        let suppression = try #require(vendor["suppression"] as? [String: Any])
        #expect(suppression["kind"] as? String == "configuration")
        #expect(suppression["reason"] as? String == Self.reason)
        let own = try #require(findings.first { $0["file"] as? String != Self.vendorJunk })
        #expect(own["suppressed"] as? Bool == false)
        #expect(own["suppression"] is NSNull)
        #expect(report.summary("errors") == 1)
        #expect(report.summary("suppressed") == 1)
    }

    @Test func whenEveryFindingIsIgnoredTheRunPasses() throws {
        let (directory, package) = try Self.repository()
        try directory.write(Self.strict + "ignore:\n  - {rule: junk-file, path: '**', reason: we zip by hand for now}\n", to: "repo/.bundlecheck.yml")
        let (status, console) = CapturingConsole.run([package], workingDirectory: directory.path("repo/build"))
        #expect(status == .success)
        #expect(console.output.contains("0 errors, 0 warnings, 0 notes; 2 findings suppressed by the configuration\n"), "\(console.output)")
        #expect(!console.output.contains("error[junk-file]"))
    }

    @Test func sarifCarriesTheReasonAsAnExternalSuppression() throws {
        let (directory, package) = try Self.repository()
        try directory.write(Self.ignoreVendor, to: "repo/.bundlecheck.yml")
        let (_, console) = CapturingConsole.run(["--format", "sarif", package], workingDirectory: directory.path("repo/build"))
        let sarif = try #require(try JSONSerialization.jsonObject(with: Data(console.output.utf8)) as? [String: Any])
        let runs = try #require(sarif["runs"] as? [[String: Any]])
        let results = runs.flatMap { $0["results"] as? [[String: Any]] ?? [] }.filter { $0["ruleId"] as? String == "junk-file" }
        #expect(results.count == 2)
        let suppressed = results.filter { $0["suppressions"] != nil }
        #expect(suppressed.count == 1)
        let suppressions = try #require(suppressed.first?["suppressions"] as? [[String: Any]])
        #expect(suppressions.count == 1)
        #expect(suppressions.first?["kind"] as? String == "external")
        #expect(suppressions.first?["status"] as? String == "accepted")
        #expect(suppressions.first?["justification"] as? String == Self.reason)
        #expect((suppressed.first?["message"] as? [String: Any])?["text"].map { "\($0)" }?.contains("Vendor") == true)
    }

    @Test func textAndJUnitSayWhoSuppressed() throws {
        let (directory, package) = try Self.repository()
        try directory.write(Self.ignoreVendor, to: "repo/.bundlecheck.yml")
        let build = directory.path("repo/build")
        let text = CapturingConsole.run([package], workingDirectory: build).1.output
        #expect(text.contains("1 error, 0 warnings, 0 notes; 1 finding suppressed by the configuration\n"), "\(text)")
        let junit = CapturingConsole.run(["--format", "junit", package], workingDirectory: build).1.output
        #expect(junit.contains("suppressed by the configuration (\(Self.reason)): error:"), "\(junit)")
    }

    // MARK: Rule packs

    @Test func theFilesRulePacksAndRulesOptionsAddUp() throws {
        let directory = try TemporaryDirectory()
        let app = FixtureBundle.app("Notes", bundleIdentifier: "com.example.notes")
            .adding(file: "README.md", contents: Array("read me".utf8))
            .adding(file: "NOTES.txt", contents: Array("notes".utf8))
        let package = try BundleCheckCommandTests.writePackage(.ipa(app), in: directory, name: "Notes.ipa")
        try directory.write(RulePackCommandTests.rule(id: "no-readme", glob: "**/README*"), to: "ci/team/no-readme.yml")
        try directory.write(RulePackCommandTests.rule(id: "no-notes", glob: "**/NOTES*"), to: "extra/no-notes.yml")
        // The pack is named relative to the file's folder (ci/), and its rule can be configured.
        let config = try directory.write("rule-packs: [team]\nrules:\n  no-readme: warning\n", to: "ci/bundlecheck.yml")
        let (status, console) = CapturingConsole.run(["--config", config, "--rules", directory.path("extra"), "--format", "json", package])
        #expect(status == .findings, "\(console.error)")
        let report = try ReportJSON(console.output)
        #expect(report.findings("no-readme").first?["severity"] as? String == "warning")
        #expect(report.findings("no-notes").first?["severity"] as? String == "error")
        // Naming the same pack again on the command line does not define its rules twice.
        let again = CapturingConsole.run(["--config", config, "--rules", directory.path("ci/team"), "--format", "json", package])
        #expect(again.0 == .success, "\(again.1.error)")
        #expect(try ReportJSON(again.1.output).findings("no-readme").count == 1)
    }

    @Test func aMissingRulePackOfTheFileIsAUsageErrorNamingTheResolvedFolder() throws {
        let (directory, package) = try Self.repository()
        try directory.write("rule-packs: [ci/rules]\n", to: "repo/.bundlecheck.yml")
        let (status, console) = CapturingConsole.run([package], workingDirectory: directory.path("repo/build"))
        #expect(status == .usage)
        #expect(console.error.hasPrefix("bundlecheck: error: \(directory.path("repo/ci/rules"))"), "\(console.error)")
        #expect(console.error.contains("no such folder of rule files (named by "), "\(console.error)")
        #expect(console.error.contains(".bundlecheck.yml:1, rule-packs)"), "\(console.error)")
    }

    @Test func anIgnoreEntryWithoutAReasonIsAUsageErrorNamingTheLine() throws {
        let (directory, package) = try Self.repository()
        let file = try directory.write("fail-on: warning\nignore:\n  - rule: junk-file\n    path: '**'\n", to: "repo/.bundlecheck.yml")
        let (status, console) = CapturingConsole.run([package], workingDirectory: directory.path("repo/build"))
        #expect(status == .usage)
        #expect(console.output.isEmpty)
        #expect(console.error.hasPrefix("bundlecheck: error: \(file):3: key 'ignore[0]': an ignore entry needs a reason"), "\(console.error)")
    }

    // MARK: Baseline

    @Test func theFilesBaselineSuppressesAndBaselineOverridesIt() throws {
        let (directory, package) = try Self.repository()
        let build = directory.path("repo/build")
        try directory.write(Self.strict + "baseline: ci/accepted.json\n", to: "repo/.bundlecheck.yml")
        // The baseline does not exist yet: writing it must not need it.
        let accepted = directory.path("repo/ci/accepted.json")
        _ = try directory.folder("repo/ci")
        let (written, writing) = CapturingConsole.run(["--write-baseline", accepted, package], workingDirectory: build)
        #expect(written == .success, "\(writing.error)")

        let (status, console) = CapturingConsole.run(["--format", "json", package], workingDirectory: build)
        #expect(status == .success, "\(console.error)")
        let report = try ReportJSON(console.output)
        #expect(report.summary("suppressed") == 2)
        #expect(report.findings.allSatisfy { ($0["suppression"] as? [String: Any])?["kind"] as? String == "baseline" })

        let empty = try directory.write("{\"schemaVersion\": 1, \"findings\": []}\n", to: "empty.json")
        let (overridden, _) = CapturingConsole.run(["--baseline", empty, package], workingDirectory: build)
        #expect(overridden == .findings)
    }

    @Test func aMissingBaselineOfTheFileIsAUsageErrorNamingTheResolvedPath() throws {
        let (directory, package) = try Self.repository()
        try directory.write("baseline: ci/accepted.json\n", to: "repo/.bundlecheck.yml")
        let (status, console) = CapturingConsole.run([package], workingDirectory: directory.path("repo/build"))
        #expect(status == .usage)
        #expect(console.error.hasPrefix("bundlecheck: error: \(directory.path("repo/ci/accepted.json")): no such baseline file"), "\(console.error)")
    }

    @Test func aWrittenBaselineLeavesOutWhatTheConfigurationIgnores() throws {
        let (directory, package) = try Self.repository()
        let build = directory.path("repo/build")
        try directory.write(Self.ignoreVendor, to: "repo/.bundlecheck.yml")
        let baseline = directory.path("baseline.json")
        #expect(CapturingConsole.run(["--write-baseline", baseline, package], workingDirectory: build).0 == .success)
        let file = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: baseline))) as? [String: Any])
        #expect((file["findings"] as? [Any])?.count == 1)
        // Both together: the configuration's reason wins over the baseline's.
        let (status, console) = CapturingConsole.run(["--baseline", baseline, "--format", "json", package], workingDirectory: build)
        #expect(status == .success)
        let kinds = try ReportJSON(console.output).findings("junk-file").compactMap { ($0["suppression"] as? [String: Any])?["kind"] as? String }
        #expect(kinds.sorted() == ["baseline", "configuration"])
        let text = CapturingConsole.run(["--baseline", baseline, package], workingDirectory: build).1.output
        #expect(text.contains("; 2 findings suppressed: 1 by the baseline, 1 by the configuration\n"), "\(text)")
    }
}
