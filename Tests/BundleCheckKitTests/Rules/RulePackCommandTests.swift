import BundleCheckFixtures
import Foundation
import Testing

/// `--rules DIR`: a user's pack added to the shipped rules, and its mistakes refused.
@Suite struct RulePackCommandTests {
    /// A declarative path rule, as a user would write it.
    static func rule(id: String, glob: String, severity: String = "error") -> String {
        """
        # A team's own rule.
        id: \(id)
        title: Nothing matching \(glob) ships
        severity: \(severity)
        category: team
        rationale: Our release process adds this itself.
        fix: Remove it from the target.
        scope: archive
        match:
          path:
            glob: "\(glob)"
        message: "{file} must not ship"
        """
    }

    @Test(.enabled(if: RepositoryPaths.corpusTestsEnabled, "needs ../shared/corpus"))
    func aPackInATemporaryFolderFlagsAPatternInACorpusPackage() throws {
        let ipa = try #require(RepositoryPaths.corpusOrSkip("sentry-cli/DemoApp.ipa"))
        let directory = try TemporaryDirectory()
        try directory.write(Self.rule(id: "no-embedded-profile", glob: "**/embedded.mobileprovision"), to: "pack/signing/no-embedded-profile.yml")

        let without = try ReportJSON(CapturingConsole.run(["--format", "json", ipa]).1.output)
        #expect(without.findings("no-embedded-profile").isEmpty)

        let (status, console) = CapturingConsole.run(["--rules=\(directory.path("pack"))", "--format", "json", ipa])
        #expect(status == .findings)
        let findings = try ReportJSON(console.output).findings("no-embedded-profile")
        #expect(findings.count == 1)
        #expect(findings.first?["file"] as? String == "Payload/DemoApp.app/embedded.mobileprovision")
        #expect(findings.first?["message"] as? String == "Payload/DemoApp.app/embedded.mobileprovision must not ship")
        #expect(findings.first?["severity"] as? String == "error")
    }

    @Test func packsAddTheirRulesInTheOrderGiven() throws {
        let directory = try TemporaryDirectory()
        try directory.write(Self.rule(id: "no-readme", glob: "**/README*"), to: "a/no-readme.yml")
        try directory.write(Self.rule(id: "no-notes", glob: "**/NOTES*", severity: "warning"), to: "b/no-notes.yml")
        let app = FixtureBundle.app("Notes", bundleIdentifier: "com.example.notes")
            .adding(file: "README.md", contents: Array("hi".utf8))
            .adding(file: "NOTES.txt", contents: Array("hi".utf8))
        let package = try BundleCheckCommandTests.writePackage(.ipa(app), in: directory, name: "Notes.ipa")
        let (status, console) = CapturingConsole.run(["--rules", directory.path("a"), "--rules", directory.path("b"), "--format", "json", package])
        #expect(status == .findings)
        let report = try ReportJSON(console.output)
        #expect(report.findings("no-readme").count == 1)
        #expect(report.findings("no-notes").count == 1)
    }

    /// A pack with one mistake, and what the message must say after `error: <file>:`.
    @Test(arguments: [
        ("severity: error", "severity: fatal", 4, "key 'severity': 'fatal' is not one of: error, warning, note"),
        ("    glob: \"**/README*\"", "    globs: \"**/README*\"", 11, "key 'match.path.globs': unknown key"),
        ("id: no-readme", "id: no_readme", 2, "key 'id': 'no_readme' is not a rule id"),
        // A missing field is reported where the rule's mapping starts.
        ("category: team\n", "", 2, "key 'category': missing required key"),
    ])
    func aPackWithAMistakeIsAUsageErrorNamingFileLineAndField(original: String, replacement: String, line: Int, message: String) throws {
        let directory = try TemporaryDirectory()
        let text = Self.rule(id: "no-readme", glob: "**/README*").replacingOccurrences(of: original, with: replacement)
        #expect(text != Self.rule(id: "no-readme", glob: "**/README*"))
        let file = try directory.write(text, to: "pack/no-readme.yml")
        let package = try BundleCheckCommandTests.writePackage(.ipa(BundleCheckCommandTests.clean), in: directory, name: "Clean.ipa")
        let (status, console) = CapturingConsole.run(["--rules", directory.path("pack"), package])
        #expect(status == .usage)
        #expect(console.output.isEmpty)
        #expect(console.error.hasPrefix("bundlecheck: error: \(file):\(line): \(message)"), "\(console.error)")
        // The command line was fine; the pack is at fault, so no usage banner follows.
        #expect(!console.error.contains("Usage:"))
    }

    @Test func aPackWithABrokenExampleIsAUsageErrorAsItLoads() throws {
        // Built-in rules' examples wait until asked for; a pack's are checked before any package.
        let directory = try TemporaryDirectory()
        let text = Self.rule(id: "no-readme", glob: "**/README*") + "\nexamples:\n  - name: a README\n    triggers: maybe\n"
        let file = try directory.write(text, to: "pack/no-readme.yml")
        let package = try BundleCheckCommandTests.writePackage(.ipa(BundleCheckCommandTests.clean), in: directory, name: "Clean.ipa")
        let (status, console) = CapturingConsole.run(["--rules", directory.path("pack"), package])
        #expect(status == .usage)
        #expect(console.output.isEmpty)
        let line = try #require(text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("triggers: maybe") }) + 1
        #expect(console.error.hasPrefix("bundlecheck: error: \(file):\(line): key 'examples[0].triggers'"), "\(console.error)")
    }

    @Test func anIdCollidingWithAShippedRuleIsAUsageErrorAtTheIdLine() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(Self.rule(id: "junk-file", glob: "**/.DS_Store"), to: "pack/junk-file.yml")
        let (status, console) = CapturingConsole.run(["--rules", directory.path("pack"), "--list-rules"])
        #expect(status == .usage)
        #expect(
            console.error.hasPrefix("bundlecheck: error: \(file):2: key 'id': 'junk-file' is already the built-in rule; pick another id"), "\(console.error)")
    }

    @Test func anIdCollidingWithAnotherPackIsAUsageError() throws {
        let directory = try TemporaryDirectory()
        let first = try directory.write(Self.rule(id: "no-readme", glob: "**/README*"), to: "a/no-readme.yml")
        let second = try directory.write(Self.rule(id: "no-readme", glob: "**/README.md"), to: "b/nested/no-readme.yml")
        let (status, console) = CapturingConsole.run(["--list-rules", "--rules", directory.path("a"), "--rules", directory.path("b")])
        #expect(status == .usage)
        #expect(console.error.hasPrefix("bundlecheck: error: \(second):2: key 'id': 'no-readme' is already the rule in \(first)"), "\(console.error)")
    }

    /// A team's rule run by a built-in check under its own id: its apple-codes must define what
    /// the check reports (`version-missing` picks by `version` and `short-version`).
    static func versionRule(_ codes: String) -> String {
        """
        id: team-versions
        title: Our apps set both versions
        severity: warning
        category: team
        \(codes)
        rationale: Our release notes quote them.
        fix: Set them in the target.
        scope:
          kinds: [app]
        check: version-missing
        """
    }

    @Test func aPackRuleMustDefineTheAppleCodesItsBuiltInCheckPicksAmong() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(Self.versionRule("apple-codes: [ITMS-90056, ITMS-90057]"), to: "pack/team-versions.yml")
        let (status, console) = CapturingConsole.run(["--rules", directory.path("pack"), "--list-rules"])
        #expect(status == .usage)
        #expect(
            console.error.hasPrefix(
                "bundlecheck: error: \(file):5: key 'apple-codes': the check 'version-missing' picks its Apple code by the key 'short-version', which apple-codes does not define; write apple-codes as a mapping with the keys short-version, version, each to its code"
            ), "\(console.error)")

        try directory.write(Self.versionRule("apple-codes: {version: ITMS-90056, short-version: ITMS-90057}"), to: "pack/team-versions.yml")
        let (fixed, listing) = CapturingConsole.run(["--rules", directory.path("pack"), "--list-rules"])
        #expect(fixed == .success, "\(listing.error)")
        #expect(listing.output.split(separator: "\n").contains { $0.hasPrefix("team-versions") && $0.contains("ITMS-90056, ITMS-90057") }, "\(listing.output)")
    }

    @Test func aMissingPackFolderIsAUsageError() throws {
        let directory = try TemporaryDirectory()
        let missing = directory.path("nope")
        let (status, console) = CapturingConsole.run(["--rules", missing, "--list-rules"])
        #expect(status == .usage)
        #expect(console.error.hasPrefix("bundlecheck: error: \(missing): no such folder of rule files"), "\(console.error)")
    }
}
