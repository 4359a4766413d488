import BundleCheckFixtures
import Foundation
import Testing

/// The configuration file as the command uses it: found, refused, and taking effect.
@Suite struct ConfigurationCommandTests {
    /// Consistent versions, one `.DS_Store` (a junk-file warning) and nothing else but, built
    /// with Xcode 26.1, the warning of the announced April 2027 SDK floor (sdk-floor-upcoming).
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
        try directory.write("rules:\n  junk-file: off\n  sdk-floor-upcoming: off\n", to: ".bundlecheck.yml")
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
        let noteOnly = try directory.write("fail-on: warning\nrules:\n  junk-file: note\n  sdk-floor-upcoming: note\n", to: "note.yml")
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
        #expect(console.error.hasPrefix("bundlecheck: error: \(path):4: key 'verbose': unknown key"), "\(console.error)")
        #expect(!console.error.contains("Usage:"))
    }

    @Test func profileExpiryWarningDaysDecidesWhenProfileExpiringWarns() throws {
        let directory = try TemporaryDirectory()
        // An ad-hoc profile that expires 20 days after --now, and nothing else to report.
        let expires = SignedFixtures.now + 20 * SignedFixtures.day
        let app = SignedFixtures.signed(
            FixtureBundle.app("Notes", bundleIdentifier: "com.example.notes"),
            profile: SignedFixtures.profile(.adHoc, identifier: "com.example.notes", expires: expires)
        )
        let package = try BundleCheckCommandTests.writePackage(.ipa(app), in: directory, name: "Notes.ipa")
        let arguments = ["--format", "json", "--distribution", "ad-hoc", "--now", "2026-06-01", package]
        let (status, console) = CapturingConsole.run(arguments, workingDirectory: directory.url.path)
        #expect(status == .success)
        #expect(try ReportJSON(console.output).findings("profile-expiring").count == 1)
        try directory.write("profile-expiry-warning-days: 14\n", to: ".bundlecheck.yml")
        let (_, shorter) = CapturingConsole.run(arguments, workingDirectory: directory.url.path)
        #expect(try ReportJSON(shorter.output).findings("profile-expiring").isEmpty)
        try directory.write("profile-expiry-warning-days: 20\nfail-on: warning\n", to: ".bundlecheck.yml")
        let (failing, longer) = CapturingConsole.run(arguments, workingDirectory: directory.url.path)
        #expect(failing == .findings)
        #expect(try ReportJSON(longer.output).findings("profile-expiring").count == 1)
    }

    @Test func anInvalidProfileExpiryWarningDaysIsAUsageError() throws {
        let directory = try TemporaryDirectory()
        let package = try Self.junkPackage(in: directory)
        let path = try directory.write("fail-on: warning\nprofile-expiry-warning-days: a month\n", to: ".bundlecheck.yml")
        let (status, console) = CapturingConsole.run([package], workingDirectory: directory.url.path)
        #expect(status == .usage)
        #expect(
            console.error.hasPrefix("bundlecheck: error: \(path):2: key 'profile-expiry-warning-days': 'a month' is not a whole number of days"),
            "\(console.error)")
    }

    @Test func aMissingConfigFileIsAUsageError() throws {
        let directory = try TemporaryDirectory()
        let package = try Self.junkPackage(in: directory)
        let missing = directory.path("nope.yml")
        let (status, console) = CapturingConsole.run(["--config", missing, package])
        #expect(status == .usage)
        #expect(console.error.hasPrefix("bundlecheck: error: \(missing): no such configuration file"), "\(console.error)")
    }
}
