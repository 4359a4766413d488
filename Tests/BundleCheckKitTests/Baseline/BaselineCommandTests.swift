import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckReports

/// `--write-baseline` and `--baseline` from the command line.
@Suite struct BaselineCommandTests {
    static let extensionPath = "Payload/Drift.app/PlugIns/Ext.appex"

    /// An app and its share extension with the given build numbers.
    static func drift(app: String, appex: String, appexShortVersion: String? = "1.0") throws -> FixturePackage {
        try .ipa(
            FixtureBundle.app("Drift", bundleIdentifier: "com.example.drift", version: app)
                .adding(
                    FixtureBundle.appex(
                        "Ext", bundleIdentifier: "com.example.drift.ext", extensionPoint: "com.apple.share-services",
                        shortVersion: appexShortVersion, version: appex
                    ),
                    in: "PlugIns"
                )
        )
    }

    @Test func aBaselinedMismatchStaysSuppressedAcrossBuildsWhileANewProblemFails() throws {
        let directory = try TemporaryDirectory()
        let package = directory.path("Drift.ipa")
        let baseline = directory.path("baseline.json")

        // Build 1: the extension's build number lags behind: a version-mismatch error, accepted into the baseline.
        try Self.drift(app: "2", appex: "1").writeZip(to: package)
        #expect(CapturingConsole.run([package]).0 == .findings)
        let (written, writing) = CapturingConsole.run(["--write-baseline", baseline, package])
        #expect(written == .success)
        #expect(writing.error.hasPrefix("bundlecheck: wrote "), "\(writing.error)")
        #expect(writing.error.contains(" to the baseline \(baseline)\n"), "\(writing.error)")
        let file = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: baseline))) as? [String: Any])
        let entries = try #require(file["findings"] as? [[String: Any]])
        #expect(entries.contains { $0["rule"] as? String == "version-mismatch" && $0["bundle"] as? String == Self.extensionPath })

        // Build 2: both build numbers bumped, still mismatched (differently): the fingerprint
        // (rule, bundle, key path) is the same, so the finding stays suppressed.
        try Self.drift(app: "3", appex: "2").writeZip(to: package)
        let (status, console) = CapturingConsole.run(["--baseline", baseline, "--format", "json", package])
        #expect(status == .success)
        let report = try ReportJSON(console.output)
        let mismatch = report.findings("version-mismatch")
        #expect(mismatch.count == 1)
        #expect(mismatch.first?["suppressed"] as? Bool == true)
        #expect((mismatch.first?["message"] as? String)?.contains("'2'") == true)
        #expect(report.summary("errors") == 0)
        #expect(report.summary("suppressed") == report.findings.filter { $0["suppressed"] as? Bool == true }.count)
        #expect(report.findings.allSatisfy { $0["suppressed"] as? Bool == true })

        let text = CapturingConsole.run(["--baseline", baseline, package]).1.output
        #expect(!text.contains("version-mismatch"))
        #expect(text.contains(": 0 errors, 0 warnings, 0 notes; \(ReportText.count(entries.count, "finding")) suppressed by the baseline\n"), "\(text)")

        // Build 3: a new problem, the extension's CFBundleShortVersionString is gone: it fails the run.
        try Self.drift(app: "3", appex: "2", appexShortVersion: nil).writeZip(to: package)
        let (failing, failed) = CapturingConsole.run(["--baseline", baseline, "--format", "json", package])
        #expect(failing == .findings)
        let missing = try ReportJSON(failed.output).findings("version-missing")
        #expect(missing.count == 1)
        #expect(missing.first?["suppressed"] as? Bool == false)
        #expect(missing.first?["keyPath"] as? String == "/CFBundleShortVersionString")
    }

    @Test func writingABaselineExitsZeroEvenWithErrorFindings() throws {
        let directory = try TemporaryDirectory()
        let package = directory.path("Drift.ipa")
        try Self.drift(app: "2", appex: "1").writeZip(to: package)
        let (status, console) = CapturingConsole.run(["--write-baseline", directory.path("b.json"), "--format", "json", package])
        #expect(status == .success)
        // The report is still written: it shows what the baseline accepts.
        #expect(try ReportJSON(console.output).findings("version-mismatch").count == 1)
    }

    @Test func writingABaselineWithAnInputThatCannotBeCheckedExitsTwoAndSaysItIsIncomplete() throws {
        let directory = try TemporaryDirectory()
        let package = directory.path("Drift.ipa")
        try Self.drift(app: "2", appex: "1").writeZip(to: package)
        let garbage = try directory.write("not a zip", to: "garbage.ipa")
        let baseline = directory.path("b.json")
        let (status, console) = CapturingConsole.run(["--write-baseline", baseline, package, garbage])
        #expect(status == .inputFailure)
        #expect(console.error.contains(" to the baseline \(baseline), but it is incomplete: 1 input could not be checked\n"), "\(console.error)")
        #expect(FileManager.default.fileExists(atPath: baseline))
    }

    @Test func aBaselineIsTheSameBytesForTheSameFindings() throws {
        let directory = try TemporaryDirectory()
        let package = directory.path("Drift.ipa")
        try Self.drift(app: "2", appex: "1").writeZip(to: package)
        _ = CapturingConsole.run(["--write-baseline", directory.path("a.json"), package])
        _ = CapturingConsole.run(["--write-baseline", directory.path("b.json"), package])
        let first = try Data(contentsOf: URL(fileURLWithPath: directory.path("a.json")))
        #expect(first == (try Data(contentsOf: URL(fileURLWithPath: directory.path("b.json")))))
    }

    @Test func aMissingOrMalformedBaselineIsAUsageErrorNamingTheFile() throws {
        let directory = try TemporaryDirectory()
        let package = directory.path("Drift.ipa")
        try Self.drift(app: "2", appex: "1").writeZip(to: package)
        let missing = directory.path("missing.json")
        let (status, console) = CapturingConsole.run(["--baseline", missing, package])
        #expect(status == .usage)
        #expect(console.error.hasPrefix("bundlecheck: error: \(missing): no such baseline file"), "\(console.error)")

        let malformed = try directory.write(#"{"schemaVersion": 1, "findings": [{"fingerprint": 7}]}"#, to: "bad.json")
        let (badStatus, badConsole) = CapturingConsole.run(["--baseline", malformed, package])
        #expect(badStatus == .usage)
        #expect(badConsole.output.isEmpty)
        #expect(badConsole.error.hasPrefix("bundlecheck: error: \(malformed): not a bundlecheck baseline: $.findings[0].fingerprint"), "\(badConsole.error)")
    }
}
