import BundleCheckFixtures
import Foundation
import Testing

/// The configuration file as the command uses it: found, refused, and taking effect.
@Suite struct ConfigurationCommandTests {
    /// Consistent versions, one `.DS_Store` (a junk-file warning) and nothing else.
    static let junk = FixtureBundle.app("Notes", bundleIdentifier: "com.example.notes").adding(file: ".DS_Store", contents: [0])

    static func junkPackage(in directory: TemporaryDirectory) throws -> String {
        try BundleCheckCommandTests.writePackage(.ipa(junk), in: directory, name: "Notes.ipa")
    }

    @Test func withoutConfigurationAWarningDoesNotFailTheRun() throws {
        let directory = try TemporaryDirectory()
        let package = try Self.junkPackage(in: directory)
        let (status, console) = CapturingConsole.run(["--format", "json", package], workingDirectory: directory.url.path)
        #expect(status == .success)
        #expect(try ReportJSON(console.output).findings("junk-file").count == 1)
    }

    @Test func bundlecheckYmlInTheWorkingDirectoryTurnsARuleOff() throws {
        let directory = try TemporaryDirectory()
        let package = try Self.junkPackage(in: directory)
        try directory.write("rules:\n  junk-file: off\n", to: ".bundlecheck.yml")
        let (status, console) = CapturingConsole.run(["--format", "json", package], workingDirectory: directory.url.path)
        #expect(status == .success)
        let report = try ReportJSON(console.output)
        #expect(report.findings("junk-file").isEmpty)
        #expect(report.summary("warnings") == 0)
    }

    @Test func aChangedSeverityIsReportedAndDecidesTheExitStatus() throws {
        let directory = try TemporaryDirectory()
        let package = try Self.junkPackage(in: directory)
        let config = try directory.write("rules:\n  junk-file: error\n", to: "strict.yml")
        let (status, console) = CapturingConsole.run(["--config", config, "--format", "json", package])
        #expect(status == .findings)
        let findings = try ReportJSON(console.output).findings("junk-file")
        #expect(findings.count == 1)
        #expect(findings.first?["severity"] as? String == "error")
    }

    @Test func failOnWarningMakesWarningsFailButNotNotes() throws {
        let directory = try TemporaryDirectory()
        let package = try Self.junkPackage(in: directory)
        let failOnWarning = try directory.write("fail-on: warning\n", to: "warning.yml")
        let noteOnly = try directory.write("fail-on: warning\nrules:\n  junk-file: note\n", to: "note.yml")
        #expect(CapturingConsole.run(["--config", failOnWarning, package]).0 == .findings)
        #expect(CapturingConsole.run(["--config=\(noteOnly)", package]).0 == .success)
    }

    @Test func anExplicitConfigWinsOverTheWorkingDirectoryFile() throws {
        let directory = try TemporaryDirectory()
        let package = try Self.junkPackage(in: directory)
        try directory.write("fail-on: warning\n", to: ".bundlecheck.yml")
        let lenient = try directory.write("fail-on: error\n", to: "lenient.yml")
        #expect(CapturingConsole.run([package], workingDirectory: directory.url.path).0 == .findings)
        #expect(CapturingConsole.run(["--config", lenient, package], workingDirectory: directory.url.path).0 == .success)
    }

    @Test func aMistakeInTheConfigurationIsAUsageErrorNamingFileLineAndKey() throws {
        let directory = try TemporaryDirectory()
        let package = try Self.junkPackage(in: directory)
        let path = try directory.write("rules:\n  junk-file: off\nfail-on: warning\nverbose: true\n", to: ".bundlecheck.yml")
        let (status, console) = CapturingConsole.run([package], workingDirectory: directory.url.path)
        #expect(status == .usage)
        #expect(console.output.isEmpty)
        #expect(console.error.hasPrefix("error: \(path):4: key 'verbose': unknown key"), "\(console.error)")
        #expect(console.error.contains("See 'bundlecheck --help'."))
    }

    @Test func aMissingConfigFileIsAUsageError() throws {
        let directory = try TemporaryDirectory()
        let package = try Self.junkPackage(in: directory)
        let missing = directory.path("nope.yml")
        let (status, console) = CapturingConsole.run(["--config", missing, package])
        #expect(status == .usage)
        #expect(console.error.hasPrefix("error: \(missing): no such configuration file"), "\(console.error)")
    }
}
