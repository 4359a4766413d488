import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats

/// `--format github` run in-process: annotations on standard output, the step summary appended.
@Suite struct GitHubFormatCommandTests {
    @Test func annotationsNameTheInputRelativeToTheWorkspaceAndTheSummaryIsAppended() throws {
        let directory = try TemporaryDirectory()
        let drifted = try BundleCheckCommandTests.writePackage(.ipa(BundleCheckCommandTests.drifted), in: directory, name: "Drift.ipa")
        let summary = directory.path("summary.md")
        try Data("earlier step\n".utf8).write(to: URL(fileURLWithPath: summary))
        let environment = ["GITHUB_WORKSPACE": directory.url.path, "GITHUB_STEP_SUMMARY": summary]
        let (status, console) = CapturingConsole.run(["--format", "github", drifted], environment: environment)
        #expect(status == .findings)
        #expect(console.output.hasPrefix("::error file=Drift.ipa,title=version-mismatch%3A "), "\(console.output)")
        let written = try String(contentsOfFile: summary, encoding: .utf8)
        #expect(written.hasPrefix("earlier step\n## bundlecheck ❌ FAILED: "))
        #expect(written.contains("\n| Drift.ipa | 2 | "), "\(written)")
        #expect(written.contains("\n### Drift.ipa\n"))
        #expect(written.contains("version-mismatch"))
    }

    @Test func aMissingSummaryFileIsCreated() throws {
        let directory = try TemporaryDirectory()
        let clean = try BundleCheckCommandTests.writePackage(.ipa(BundleCheckCommandTests.clean), in: directory, name: "Clean.ipa")
        let summary = directory.path("summary.md")
        let (status, _) = CapturingConsole.run(["--format", "github", clean], environment: ["GITHUB_STEP_SUMMARY": summary])
        #expect(status == .success)
        #expect(try String(contentsOfFile: summary, encoding: .utf8).hasPrefix("## bundlecheck ✅ PASSED\n"))
    }

    @Test func otherFormatsLeaveTheSummaryAlone() throws {
        let directory = try TemporaryDirectory()
        let clean = try BundleCheckCommandTests.writePackage(.ipa(BundleCheckCommandTests.clean), in: directory, name: "Clean.ipa")
        let summary = directory.path("summary.md")
        _ = CapturingConsole.run([clean], environment: ["GITHUB_STEP_SUMMARY": summary])
        _ = CapturingConsole.run(["--format", "json", clean], environment: ["GITHUB_STEP_SUMMARY": summary])
        #expect(!FileManager.default.fileExists(atPath: summary))
    }

    @Test func anUnwritableSummaryIsAWarningOnly() throws {
        let directory = try TemporaryDirectory()
        let clean = try BundleCheckCommandTests.writePackage(.ipa(BundleCheckCommandTests.clean), in: directory, name: "Clean.ipa")
        let summary = directory.path("no/such/dir/summary.md")
        let (status, console) = CapturingConsole.run(["--format", "github", clean], environment: ["GITHUB_STEP_SUMMARY": summary])
        #expect(status == .success)
        #expect(console.error.contains("cannot append the step summary"))
    }

    @Test func anInputThatCannotBeCheckedIsAnErrorAnnotation() throws {
        let directory = try TemporaryDirectory()
        let garbage = directory.path("garbage.ipa")
        try Data("this is not a zip".utf8).write(to: URL(fileURLWithPath: garbage))
        let (status, console) = CapturingConsole.run(["--format", "github", garbage], environment: ["GITHUB_WORKSPACE": directory.url.path])
        #expect(status == .inputFailure)
        #expect(console.output.hasPrefix("::error file=garbage.ipa,title=input-not-checked%3A the input could not be checked::"))
    }

    @Test func helpNamesTheGitHubFormat() {
        #expect(CapturingConsole.run(["--help"]).1.output.contains("github"))
    }
}
