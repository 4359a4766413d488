import Foundation
import Testing

@testable import BundleCheckModel
@testable import BundleCheckReports

/// `--list-rules` and `--explain`: the catalogue, as packs and configuration make it.
@Suite struct CatalogueCommandTests {
    static let shippedIDs = RuleCatalogue.shipped.rules.map(\.id)

    @Test func listRulesPrintsOneAlignedLinePerRuleUnderAHeader() throws {
        let (status, console) = CapturingConsole.run(["--list-rules"])
        #expect(status == .success)
        #expect(console.error.isEmpty)
        let lines = console.output.split(separator: "\n").map(String.init)
        #expect(lines.count == Self.shippedIDs.count + 1)
        #expect(lines.first?.hasPrefix("ID ") == true)
        #expect(lines.dropFirst().map { String($0.prefix { $0 != " " }) } == Self.shippedIDs)
        // Every column starts at the same offset on every line.
        let header = try #require(lines.first)
        for heading in ["SEVERITY", "APPLE CODES", "TITLE"] {
            let offset = try #require(header.range(of: heading)).lowerBound.utf16Offset(in: header)
            for line in lines.dropFirst() {
                let index = line.index(line.startIndex, offsetBy: offset)
                #expect(line[line.index(before: index)] == " " && line[index] != " ", "\(heading) misaligned in \(line)")
            }
        }
        let mismatch = try #require(lines.first { $0.hasPrefix("version-mismatch ") })
        #expect(mismatch.split(separator: " ", omittingEmptySubsequences: true).prefix(3) == ["version-mismatch", "error", "ITMS-90473"])
        #expect(mismatch.hasSuffix(try #require(RuleCatalogue.shipped["version-mismatch"]).title))
        #expect(lines.contains { $0.hasPrefix("junk-file ") && $0.contains(" warning ") && $0.contains(" - ") })
    }

    @Test func listRulesAsJSONIsAnArrayOfRulesSortedById() throws {
        let (status, console) = CapturingConsole.run(["--list-rules", "--format", "json"])
        #expect(status == .success)
        let rules = try #require(try JSONSerialization.jsonObject(with: Data(console.output.utf8)) as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == Self.shippedIDs)
        let documented: Set = [
            "id", "title", "severity", "ruleSeverity", "category", "appleCodes", "appleMessages", "scope", "platforms", "rationale", "fix",
            "examples", "source",
        ]
        for rule in rules {
            // `helpURL` only when the configuration names a documentation base.
            #expect(Set(rule.keys) == documented)
            #expect((rule["rationale"] as? String)?.isEmpty == false)
            #expect((rule["fix"] as? String)?.isEmpty == false)
        }
        // Every shipped rule names its platforms; the icon rule judges only those the icon table covers.
        let icons = try #require(rules.first { $0["id"] as? String == "app-icon-missing" })
        #expect(icons["platforms"] as? [String] == ["ios", "tvos"])
        let mismatch = try #require(rules.first { $0["id"] as? String == "version-mismatch" })
        #expect(mismatch["severity"] as? String == "error")
        #expect(mismatch["appleCodes"] as? [String] == ["ITMS-90473"])
        #expect(mismatch["category"] as? String == "versions")
        #expect(console.output.hasPrefix("[\n  {\n    \"id\": "))
        #expect(console.output == CapturingConsole.run(["--list-rules", "--format=json"]).1.output)
    }

    @Test func listRulesShowsConfiguredSeveritiesAndOffForDisabledRules() throws {
        let directory = try TemporaryDirectory()
        try directory.write("rules:\n  junk-file: off\n  ats-arbitrary-loads: error\n", to: ".bundlecheck.yml")
        let (status, console) = CapturingConsole.run(["--list-rules", "--format", "json"], workingDirectory: directory.url.path)
        #expect(status == .success)
        let rules = try #require(try JSONSerialization.jsonObject(with: Data(console.output.utf8)) as? [[String: Any]])
        func severity(_ id: String) -> String? { rules.first { $0["id"] as? String == id }?["severity"] as? String }
        #expect(rules.count == Self.shippedIDs.count)
        #expect(severity("junk-file") == "off")
        #expect(severity("ats-arbitrary-loads") == "error")
        #expect(severity("version-mismatch") == "error")

        let text = CapturingConsole.run(["--list-rules"], workingDirectory: directory.url.path).1.output
        #expect(text.split(separator: "\n").contains { $0.hasPrefix("junk-file ") && $0.contains(" off ") })
    }

    @Test func listRulesIncludesUserPacks() throws {
        let directory = try TemporaryDirectory()
        try directory.write(RulePackCommandTests.rule(id: "no-readme", glob: "**/README*", severity: "note"), to: "pack/no-readme.yml")
        let (status, console) = CapturingConsole.run(["--list-rules", "--rules", directory.path("pack")])
        #expect(status == .success)
        #expect(console.output.split(separator: "\n").contains { $0.hasPrefix("no-readme ") && $0.contains(" note ") })
    }

    @Test func explainShowsMetadataRationaleFixAndExamples() throws {
        let (status, console) = CapturingConsole.run(["--explain", "junk-file"])
        #expect(status == .success)
        let rule = try #require(RuleCatalogue.shipped["junk-file"])
        let output = console.output
        #expect(output.hasPrefix(rule.title + "\n\n  id           junk-file\n  severity     warning\n  category     hygiene\n"), "\(output)")
        #expect(output.contains("\n  Apple codes  none\n  scope        the whole archive\n"))
        #expect(output.contains("\n  defined in   Rules/junk-file.yml (built in)\n"))
        #expect(output.contains("\nWhy\n  Finder metadata (.DS_Store,"))
        #expect(output.contains("\nFix\n  Export the IPA with Xcode"))
        for example in rule.examples {
            #expect(output.contains("\n  \(example.triggers ? "fires" : "quiet")  \(example.name)\n"))
        }
        #expect(output.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    @Test func explainShowsAppleCodesScopeAndAConfiguredSeverity() throws {
        let directory = try TemporaryDirectory()
        let config = try directory.write("rules:\n  version-mismatch: warning\n", to: "c.yml")
        let (status, console) = CapturingConsole.run(["--explain=version-mismatch", "--config", config])
        #expect(status == .success)
        #expect(console.output.contains("  severity     warning (set by \(config); the rule file says error)\n"), "\(console.output)")
        #expect(console.output.contains("  Apple codes  ITMS-90473\n"))
        #expect(console.output.contains("  scope        app-clip, appex, watch-app bundles\n"))
    }

    @Test func explainKeepsParagraphsOfALiteralBlock() {
        let lines = RuleExplanation.paragraphs("First line\nsame paragraph.\n\nSecond paragraph.\n")
        #expect(lines == ["  First line same paragraph.", "", "  Second paragraph."])
        let long = RuleExplanation.paragraphs(String(repeating: "word ", count: 40))
        #expect(long.count > 1 && long.allSatisfy { $0.count <= 80 && $0.hasPrefix("  word") })
    }

    @Test(arguments: [
        ("junk-fil", "no rule has the id 'junk-fil', nor an Apple code or message holding it; did you mean junk-file?"),
        ("version-mismatc", "no rule has the id 'version-mismatc', nor an Apple code or message holding it; did you mean version-mismatch?"),
        ("zzzz", "no rule has the id 'zzzz', nor an Apple code or message holding it; 'bundlecheck --list-rules' lists every rule id"),
    ])
    func explainingAnUnknownIdIsAUsageErrorWithCloseIds(id: String, message: String) {
        let (status, console) = CapturingConsole.run(["--explain", id])
        #expect(status == .usage)
        #expect(console.output.isEmpty)
        // The command line was well formed: a synopsis would not help.
        #expect(console.error == "bundlecheck: error: \(message)\n")
    }

    /// A word that is no id but is in Apple's messages lists the rules whose messages hold it.
    @Test func aWordOfApplesMessagesIsNoUsageError() throws {
        let (status, console) = CapturingConsole.run(["--explain", "version", "--format", "json"])
        #expect(status == .success)
        let rules = try #require(try JSONSerialization.jsonObject(with: Data(console.output.utf8)) as? [[String: Any]])
        let expected = RuleCatalogue.shipped.rules.filter { $0.appleMessages.contains { $0.text.lowercased().contains("version") } }
        #expect(rules.count > 1 && rules.map { $0["id"] as? String } == expected.map(\.id))
    }

    @Test func explainAsJSONDescribesEveryRuleAnAppleCodeNames() throws {
        let (status, console) = CapturingConsole.run(["--explain", "itms-90473", "--format", "json"])
        #expect(status == .success)
        let rules = try #require(try JSONSerialization.jsonObject(with: Data(console.output.utf8)) as? [[String: Any]])
        let expected = RuleCatalogue.shipped.rules.filter { $0.appleCodes.contains("ITMS-90473") }
        #expect(!expected.isEmpty)
        #expect(rules.map { $0["id"] as? String } == expected.map(\.id))
        let first = try #require(rules.first)
        #expect(first["rationale"] as? String == expected[0].rationale.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(first["fix"] as? String == expected[0].fix.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect((first["examples"] as? [[String: Any]])?.count == expected[0].examples.count)
        #expect((first["source"] as? [String: Any])?["builtIn"] as? Bool == true)
    }
}

/// `--format` with `--list-rules` and `--explain`, run in-process: usage errors exit 64.
@Suite struct CatalogueFormatCommandTests {
    @Test(arguments: [
        (
            ["--list-rules", "--format", "xml"],
            "invalid value 'xml' for '--format'; choose one of: " + (ReportFormat.allCases.map(\.rawValue) + ["markdown"]).joined(separator: ", ")
        ),
        (["--explain", "junk-file", "--format", "sarif"], "'--explain' cannot write '--format sarif'; choose one of: text, json"),
    ])
    func aFormatTheCommandDoesNotWriteExits64(arguments: [String], message: String) {
        let (status, console) = CapturingConsole.run(arguments)
        #expect(status == .usage)
        #expect(console.output.isEmpty)
        #expect(console.error.hasPrefix("bundlecheck: error: \(message)\nUsage: bundlecheck "), "\(console.error)")
    }

    @Test func explainWithFormatTextIsTheExplanation() {
        let plain = CapturingConsole.run(["--explain", "junk-file"])
        let text = CapturingConsole.run(["--explain", "junk-file", "--format", "text"])
        #expect(text.0 == .success)
        #expect(text.1.output == plain.1.output)
    }
}
