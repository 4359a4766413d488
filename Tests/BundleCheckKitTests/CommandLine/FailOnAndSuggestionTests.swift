import Foundation
import Testing

@testable import BundleCheckCommandLine
@testable import BundleCheckModel

/// `--fail-on` on the command line, and "did you mean" for a mistyped option.
@Suite struct FailOnAndSuggestionTests {
    static let example = RepositoryPaths.file("Examples/PaiNotes.ipa")

    @Test func failOnIsParsedAndOverridesTheConfiguration() throws {
        guard case .check(let options) = try CommandLineParser.parse(["--fail-on", "warning", "A.ipa"]) else {
            Issue.record("expected a check")
            return
        }
        #expect(options.failOn == .warning)
        #expect(throws: UsageError.invalidValue(option: "--fail-on", value: "note", choices: ["error", "warning"])) {
            try CommandLineParser.parse(["--fail-on", "note", "A.ipa"])
        }
    }

    @Test func warningsFailTheRunWithFailOnWarning() throws {
        // PaiScan's findings are errors; PaiNotes has one error and one warning: with the error
        // turned off by a configuration, only the warning is left, and --fail-on decides.
        let directory = try TemporaryDirectory()
        let config = directory.path("bundlecheck.yml")
        try Data("rules:\n  version-mismatch: off\n".utf8).write(to: URL(fileURLWithPath: config))
        let (passing, _) = CapturingConsole.run(["--config", config, "--now", "2026-06-01", Self.example])
        #expect(passing == .success)
        let (failing, console) = CapturingConsole.run(["--config", config, "--fail-on", "warning", "--now", "2026-06-01", Self.example])
        #expect(failing == .findings)
        #expect(console.output.contains("FAILED"), "\(console.output)")
    }

    @Test func aMistypedOptionSuggestsTheCloseOne() {
        #expect(UsageError.unknownOption("--fromat").description == "unknown option '--fromat'; did you mean --format?")
        #expect(UsageError.unknownOption("--verbose").description == "unknown option '--verbose'")
        let (status, console) = CapturingConsole.run(["--distrbution", "ad-hoc", Self.example])
        #expect(status == .usage)
        #expect(console.error.contains("did you mean --distribution?"), "\(console.error)")
    }
}

/// `--explain` finds rules by Apple code, and ids whatever their case.
@Suite struct ExplainByAppleCodeTests {
    @Test func anAppleCodeExplainsEveryRuleThatCarriesIt() {
        let (status, console) = CapturingConsole.run(["--explain", "itms-90035"])
        #expect(status == .success)
        // unsigned and signature-modified both carry ITMS-90035.
        #expect(console.output.contains("id           unsigned"), "\(console.output)")
        #expect(console.output.contains("id           signature-modified"))
    }

    @Test func anIdInCapitalsIsFound() {
        let (status, console) = CapturingConsole.run(["--explain", "VERSION-MISMATCH"])
        #expect(status == .success)
        #expect(console.output.contains("id           version-mismatch"))
    }

    @Test func anUnknownCodeIsStillAUsageError() {
        let (status, _) = CapturingConsole.run(["--explain", "ITMS-00000"])
        #expect(status == .usage)
    }
}
