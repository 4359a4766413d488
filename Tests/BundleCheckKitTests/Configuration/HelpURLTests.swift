import Foundation
import Testing

@testable import BundleCheckCommandLine

/// `help-url:` gives each rule an absolute documentation link: SARIF's `helpUri` and
/// `--explain --format json`'s `helpURL`.
@Suite struct HelpURLTests {
    static let base = "https://git.example.com/ios/bundlecheck/blob/main/Rules/README.md#"

    @Test func explainAndListRulesCarryTheRulesLink() throws {
        let directory = try TemporaryDirectory()
        let config = try directory.write("help-url: \(Self.base)\n", to: "ci.yml")
        let (status, console) = CapturingConsole.run(["--explain", "junk-file", "--format", "json", "--config", config])
        #expect(status == .success)
        let rules = try #require(try JSONSerialization.jsonObject(with: Data(console.output.utf8)) as? [[String: Any]])
        #expect(rules.first?["helpURL"] as? String == Self.base + "junk-file")
        let list = CapturingConsole.run(["--list-rules", "--format", "json", "--config", config]).1.output
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(list.utf8)) as? [[String: Any]])
        #expect(listed.allSatisfy { ($0["helpURL"] as? String) == Self.base + (($0["id"] as? String) ?? "?") })
        let text = CapturingConsole.run(["--explain", "junk-file", "--config", config]).1.output
        #expect(text.contains("  help         \(Self.base)junk-file\n"))
    }

    @Test func sarifRulesLinkToTheirHelp() throws {
        let directory = try TemporaryDirectory()
        let config = try directory.write("help-url: \(Self.base)\n", to: "ci.yml")
        let package = try OutputAndInputTests.drifted(in: directory)
        let (_, console) = CapturingConsole.run(["--format", "sarif", "--config", config, package])
        let sarif = try #require(try JSONSerialization.jsonObject(with: Data(console.output.utf8)) as? [String: Any])
        let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let mismatch = try #require(rules.first { $0["id"] as? String == "version-mismatch" })
        #expect(mismatch["helpUri"] as? String == Self.base + "version-mismatch")
        // Without the setting no link is made up.
        let (_, plain) = CapturingConsole.run(["--format", "sarif", package])
        #expect(!plain.output.contains("helpUri"))
    }

    @Test(arguments: ["Rules/README.md#", "ftp://example.com/", "https://", "https://exa mple.com/"])
    func aHelpURLThatIsNotAbsoluteHTTPIsAConfigurationError(value: String) throws {
        let directory = try TemporaryDirectory()
        let config = try directory.write("help-url: '\(value)'\n", to: "ci.yml")
        let (status, console) = CapturingConsole.run(["--list-rules", "--config", config])
        #expect(status == .usage)
        #expect(console.error == "bundlecheck: error: \(config):1: key 'help-url': '\(value)' is not an absolute http or https URL\n")
    }
}
