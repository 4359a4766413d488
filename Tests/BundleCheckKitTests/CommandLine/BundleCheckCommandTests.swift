import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats

@Suite struct BundleCheckCommandTests {
    static func writePackage(_ package: FixturePackage, in directory: TemporaryDirectory, name: String) throws -> String {
        let path = directory.path(name)
        try package.writeZip(to: path)
        return path
    }

    static let clean = FixtureBundle.app("Clean", bundleIdentifier: "com.example.clean")
    static let drifted = FixtureBundle.app("Drift", bundleIdentifier: "com.example.drift", version: "2")
        .adding(.appex("Ext", bundleIdentifier: "com.example.drift.ext", extensionPoint: "com.apple.share-services", version: "1"), in: "PlugIns")

    @Test func usageErrorsExit64WithUsageLineOnStandardError() {
        let (status, console) = CapturingConsole.run(["--bogus"])
        #expect(status == .usage)
        #expect(console.output.isEmpty)
        #expect(console.error.hasPrefix("bundlecheck: error: unknown option '--bogus'\nUsage: bundlecheck "))
        #expect(console.error.contains("See 'bundlecheck --help'."))
    }

    @Test func helpIsLaidOutInSections() {
        let (status, console) = CapturingConsole.run(["--help"])
        #expect(status == .success)
        for heading in ["OVERVIEW:", "USAGE:", "ARGUMENTS:", "OPTIONS:", "EXIT STATUS:"] {
            #expect(console.output.contains(heading))
        }
    }

    @Test func versionPrintsTheToolVersion() {
        let (status, console) = CapturingConsole.run(["--version"])
        #expect(status == .success)
        // Then the commit it was built from: VersionLineTests.
        #expect(console.output.hasPrefix("bundlecheck \(BundleCheckVersion.current) (commit "))
    }

    @Test func cleanPackageExitsZeroAndErrorFindingsExitOne() throws {
        let directory = try TemporaryDirectory()
        let clean = try Self.writePackage(.ipa(Self.clean), in: directory, name: "Clean.ipa")
        let drifted = try Self.writePackage(.ipa(Self.drifted), in: directory, name: "Drift.ipa")
        #expect(CapturingConsole.run([clean]).0 == .success)
        #expect(CapturingConsole.run([drifted]).0 == .findings)
        #expect(CapturingConsole.run([clean, drifted]).0 == .findings)
    }

    @Test func anInputThatCannotBeCheckedWinsOverFindings() throws {
        let directory = try TemporaryDirectory()
        let drifted = try Self.writePackage(.ipa(Self.drifted), in: directory, name: "Drift.ipa")
        let garbage = directory.path("garbage.ipa")
        try Data("this is not a zip".utf8).write(to: URL(fileURLWithPath: garbage))
        let (status, console) = CapturingConsole.run(["--format", "json", drifted, garbage])
        #expect(status == .inputFailure)
        #expect(console.error.contains("garbage.ipa"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(console.output.utf8)) as? [String: Any])
        let inputs = try #require(json["inputs"] as? [[String: Any]])
        #expect(inputs.count == 2)
        #expect(inputs[0]["error"] is NSNull)
        let error = try #require(inputs[1]["error"] as? [String: Any])
        #expect(error["code"] as? String == "not-a-package")
        #expect((error["message"] as? String)?.contains("garbage.ipa") == true)
    }

    @Test func outputOptionWritesTheReportToAFile() throws {
        let directory = try TemporaryDirectory()
        let clean = try Self.writePackage(.ipa(Self.clean), in: directory, name: "Clean.ipa")
        let output = directory.path("report.json")
        let (status, console) = CapturingConsole.run(["--format=json", "--output", output, clean])
        #expect(status == .success)
        #expect(console.output.isEmpty)
        let written = try String(contentsOfFile: output, encoding: .utf8)
        #expect(written.contains("\"schemaVersion\": 1") || written.contains("\"schemaVersion\":1"))
    }

    @Test func sameInputGivesByteIdenticalJSON() throws {
        let directory = try TemporaryDirectory()
        let drifted = try Self.writePackage(.ipa(Self.drifted), in: directory, name: "Drift.ipa")
        let first = CapturingConsole.run(["--format", "json", drifted]).1.output
        let second = CapturingConsole.run(["--format", "json", drifted]).1.output
        #expect(!first.isEmpty)
        #expect(first == second)
    }

    @Test func colorFollowsTheTerminalAndNoColor() throws {
        let directory = try TemporaryDirectory()
        let drifted = try Self.writePackage(.ipa(Self.drifted), in: directory, name: "Drift.ipa")
        let escape = "\u{1B}["
        #expect(CapturingConsole.run([drifted], isTerminal: true).1.output.contains(escape))
        #expect(!CapturingConsole.run([drifted], isTerminal: false).1.output.contains(escape))
        #expect(!CapturingConsole.run([drifted], environment: ["NO_COLOR": "1"], isTerminal: true).1.output.contains(escape))
        #expect(CapturingConsole.run(["--color", "always", drifted], isTerminal: false).1.output.contains(escape))
        #expect(!CapturingConsole.run(["--color=never", drifted], isTerminal: true).1.output.contains(escape))
    }
}
