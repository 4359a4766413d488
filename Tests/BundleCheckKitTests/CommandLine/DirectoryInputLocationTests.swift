import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckCommandLine

/// For an unpacked `.app` or `.xcarchive`, the CI formats point at the file itself with its
/// line, relative to the checkout; for a zip they point at the package, without a line.
@Suite struct DirectoryInputLocationTests {
    static let mismatchFile = "apps/Drift.app/PlugIns/Ext.appex/Info.plist"

    static func appFolder() throws -> (TemporaryDirectory, String) {
        let directory = try TemporaryDirectory()
        try FixturePackage.app(BundleCheckCommandTests.drifted).writeDirectory(to: directory.path("apps"))
        return (directory, directory.path("apps/Drift.app"))
    }

    static func json(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    @Test func githubAnnotationsOfAnAppFolderPointAtTheFileAndLine() throws {
        let (directory, app) = try Self.appFolder()
        // Run from a subfolder: paths are still relative to the workspace.
        let (_, console) = CapturingConsole.run(
            ["--format", "github", app], environment: ["GITHUB_WORKSPACE": directory.url.path], workingDirectory: directory.path("apps")
        )
        let mismatch = try #require(console.output.split(separator: "\n").first { $0.contains("title=version-mismatch") })
        #expect(mismatch.hasPrefix("::error file=\(Self.mismatchFile),line="), "\(mismatch)")
    }

    @Test func sarifAndGitLabPointAtTheFileWithItsLine() throws {
        let (directory, app) = try Self.appFolder()
        let environment = ["GITHUB_WORKSPACE": directory.url.path, "CI_PROJECT_DIR": directory.url.path]
        let (_, sarifConsole) = CapturingConsole.run(["--format", "sarif", app], environment: environment)
        let sarif = try #require(try Self.json(sarifConsole.output) as? [String: Any])
        let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
        let result = try #require((run["results"] as? [[String: Any]])?.first { $0["ruleId"] as? String == "version-mismatch" })
        let physical = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect((physical["artifactLocation"] as? [String: Any])?["uri"] as? String == Self.mismatchFile)
        let line = try #require((physical["region"] as? [String: Any])?["startLine"] as? Int)
        #expect(line > 1)
        #expect((run["automationDetails"] as? [String: Any])?["id"] as? String == "bundlecheck/apps/Drift.app/")

        let (_, gitlabConsole) = CapturingConsole.run(["--format", "gitlab", app], environment: environment)
        let issues = try #require(try Self.json(gitlabConsole.output) as? [[String: Any]])
        let issue = try #require(issues.first { $0["check_name"] as? String == "version-mismatch" })
        let location = try #require(issue["location"] as? [String: Any])
        #expect(location["path"] as? String == Self.mismatchFile)
        #expect((location["lines"] as? [String: Any])?["begin"] as? Int == line)
    }

    @Test func aZipsFindingsPointAtThePackageWithoutALine() throws {
        let directory = try TemporaryDirectory()
        let package = try OutputAndInputTests.drifted(in: directory)
        let (_, console) = CapturingConsole.run(["--format", "gitlab", package], environment: ["CI_PROJECT_DIR": directory.url.path])
        let issues = try #require(try Self.json(console.output) as? [[String: Any]])
        #expect(!issues.isEmpty)
        for issue in issues {
            let location = try #require(issue["location"] as? [String: Any])
            #expect(location["path"] as? String == "Drift.ipa")
            #expect((location["lines"] as? [String: Any])?["begin"] as? Int == 1)
        }
    }
}
