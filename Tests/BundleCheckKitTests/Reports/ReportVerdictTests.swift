import Testing

@testable import BundleCheckCommandLine
@testable import BundleCheckFormats
@testable import BundleCheckModel
@testable import BundleCheckReports

/// The text report's verdict line and `--explain` hint, and its errors-first order.
@Suite struct ReportVerdictTests {
    typealias Sample = GitHubActionsReporterTests

    static func lastLines(_ inputs: [InputReport], failOn: FailureThreshold = .error) -> [String] {
        let output = TextReporter(color: false, failOn: failOn).render(Report(toolVersion: "1", inputs: inputs))
        return output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().suffix(2).map(String.init)
    }

    static let hint = "Run 'bundlecheck --explain <rule>' for why a rule matters and how to fix it, e.g. bundlecheck --explain "

    @Test func errorsFailTheRun() {
        let inputs = [
            Sample.input("A.ipa", findings: [Sample.finding(.warning, rule: "w"), Sample.finding(.error, rule: "e1"), Sample.finding(.error, rule: "e2")]),
            Sample.input("B.ipa", findings: []),
            Sample.input("C.ipa", findings: [Sample.finding(.note, rule: "n")]),
        ]
        #expect(Self.lastLines(inputs) == ["FAILED: 2 errors in 1 of 3 inputs", Self.hint + "e1."])
    }

    @Test func warningsAloneWithTheDefaultThresholdPass() {
        let inputs = [Sample.input(findings: [Sample.finding(.note, rule: "n"), Sample.finding(.warning, rule: "w")])]
        #expect(Self.lastLines(inputs) == ["PASSED", Self.hint + "w."])
    }

    @Test func withFailOnWarningWarningsFailToo() {
        let inputs = [
            Sample.input("A.ipa", findings: [Sample.finding(.error, rule: "e"), Sample.finding(.warning, rule: "w")]),
            Sample.input("B.ipa", findings: [Sample.finding(.warning, rule: "w")]),
            Sample.input("C.ipa", findings: [Sample.finding(.note, rule: "n")]),
        ]
        #expect(Self.lastLines(inputs, failOn: .warning) == ["FAILED: 1 error, 2 warnings in 2 of 3 inputs", Self.hint + "e."])
    }

    @Test func anInputThatCouldNotBeCheckedFailsTheRun() {
        let inputs = [Sample.input("A.ipa", findings: []), Sample.input("B.ipa", findings: [], error: .notFound(path: "B.ipa"))]
        let output = TextReporter(color: false).render(Report(toolVersion: "1", inputs: inputs))
        #expect(output.hasSuffix("; 1 input could not be checked\nFAILED: 1 input could not be checked\n"))
        #expect(!output.contains("--explain"))
    }

    @Test func suppressedFindingsNeitherFailNorGetAHint() {
        let inputs = [Sample.input(findings: [Sample.finding(.error, suppressed: true)])]
        let output = TextReporter(color: false).render(Report(toolVersion: "1", inputs: inputs))
        #expect(output.hasSuffix("\nPASSED\n"))
        #expect(!output.contains("--explain"))
    }

    @Test func aCleanRunPassesWithoutAHint() {
        let output = TextReporter(color: false).render(Report(toolVersion: "1", inputs: [Sample.input(findings: [])]))
        #expect(output.hasSuffix("0 errors, 0 warnings, 0 notes\nPASSED\n"))
    }

    @Test func theVerdictIsRedWhenColoured() {
        let inputs = [Sample.input(findings: [Sample.finding(.error)])]
        let output = TextReporter(color: true).render(Report(toolVersion: "1", inputs: inputs))
        #expect(output.contains("\u{1B}[1;31mFAILED: 1 error in 1 of 1 input\u{1B}[0m\n"))
    }

    @Test func findingsOfABundleAreListedErrorsFirstAndOtherwiseInReportOrder() {
        let app = InspectedBundle(path: "Payload/A.app", kind: .app, parent: nil, infoPlistPath: "Payload/A.app/Info.plist", infoPlist: nil)
        let findings = [
            Sample.finding(.note, rule: "a-note"), Sample.finding(.warning, rule: "b-warning"), Sample.finding(.error, rule: "c-error"),
            Sample.finding(.warning, rule: "d-warning"), Sample.finding(.error, rule: "e-error"),
        ]
        let input = InputReport(path: "A.ipa", kind: .ipa, container: .zip, size: 1, error: nil, bundles: [app], findings: findings, distribution: nil)
        let output = TextReporter(color: false).render(Report(toolVersion: "1", inputs: [input]))
        let rules = output.split(separator: "\n").compactMap { line in line.firstMatch(of: /\[([a-z-]+)\]:/).map { String($0.1) } }
        #expect(rules == ["c-error", "e-error", "b-warning", "d-warning", "a-note"])
    }
}

/// `--write-baseline` accepts every finding: its text verdict must not say FAILED while it exits 0.
@Suite struct BaselineVerdictTests {
    @Test func writingABaselineAcceptsTheFindingsInTheVerdict() throws {
        let directory = try TemporaryDirectory()
        let package = try OutputAndInputTests.drifted(in: directory)
        let (status, console) = CapturingConsole.run(["--write-baseline", directory.path("b.json"), package])
        #expect(status == .success)
        #expect(console.output.contains("\nACCEPTED into the baseline: 2 errors in 1 of 1 input\n"), "\(console.output)")
        #expect(!console.output.contains("FAILED"))
        let (_, plain) = CapturingConsole.run([package])
        #expect(plain.output.contains("\nFAILED: 2 errors in 1 of 1 input\n"))
    }
}
