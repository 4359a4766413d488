import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckCommandLine
@testable import BundleCheckFormats
@testable import BundleCheckModel
@testable import BundleCheckReports

@Suite struct JUnitReporterTests {
    private func finding(_ severity: Severity, rule: String = "some-rule", message: String = "something is off", suppressed: Bool = false) -> Finding {
        Finding(
            rule: rule, severity: severity, message: message,
            bundle: "Payload/A.app", file: "Payload/A.app/Info.plist", keyPath: JSONPointer("Key"), line: 7,
            appleCodes: [], suppressed: suppressed
        )
    }

    private func report(_ findings: [Finding]) -> Report {
        Report(
            toolVersion: "1",
            inputs: [
                InputReport(
                    path: "A.ipa", kind: .ipa, container: .zip, size: 1, error: nil, bundles: [], findings: findings, distribution: nil
                )
            ])
    }

    private func render(_ report: Report, failOn: FailureThreshold = .error) throws -> ParsedXML {
        let reporter = ReportFormat.junit.makeReporter(ReportContext(failOn: failOn))
        return try ParsedXML(parsing: reporter.render(report))
    }

    @Test func sampleReportIsWellFormedWithASuitePerInputAndACasePerRule() throws {
        let xml = try render(SampleReport.make())
        let suites = xml.all("testsuite")
        #expect(suites.map { $0.attributes["name"] } == ["Build/Example.ipa", "Build/Broken.ipa"])
        // The shipped rules, and the sample's rules that are not shipped (they still get a case).
        let sample = SampleReport.make().inputs[0].findings.map(\.rule)
        let rules = Set(RuleCatalogue.shipped.rules.filter { !$0.scope.isRelease }.map(\.id) + sample).count
        #expect(suites[0].attributes["tests"] == "\(rules)")
        // The two errors fail; the warnings, the note and the suppressed finding do not.
        #expect(suites[0].attributes["failures"] == "2")
        #expect(suites[1].attributes == ["name": "Build/Broken.ipa", "tests": "1", "failures": "0", "errors": "1", "skipped": "0"])
        #expect(xml.all("testcase").count == rules + 1)
        #expect(xml.all("failure").map { $0.ancestors.count } == [3, 3])
        let error = try #require(xml.all("error").first)
        #expect(error.text.contains("the central directory is truncated"))
    }

    @Test func escapesMarkupAndRemovesCharactersXMLForbids() throws {
        let hostile = "<script>&\u{1}\u{FFFE}\"quoted\"\r"
        let output = JUnitReporter(failOn: .error).render(report([finding(.error, message: hostile)]))
        #expect(output.contains("&lt;script&gt;&amp;&quot;quoted&quot;&#13;\""))
        // The body shows control characters escaped, as the text report does: a CR or LF from
        // the package cannot start a line of its own in a log that prints the XML.
        #expect(output.contains("error: &lt;script&gt;&amp;\\u{1}\"quoted\"\\u{D}"))
        #expect(!output.unicodeScalars.contains("\u{1}"))
        #expect(!output.unicodeScalars.contains("\u{FFFE}"))
        let xml = try ParsedXML(parsing: output)
        let failure = try #require(xml.all("failure").first)
        #expect(failure.attributes["message"] == "<script>&\"quoted\"\r")
        #expect(failure.text.contains("error: <script>&\\u{1}\"quoted\"\\u{D}"))
    }

    @Test func warningsGoToSystemOutUnlessTheyFailTheRun() throws {
        let findings = [finding(.warning, message: "warned"), finding(.note, rule: "other-rule", message: "noted")]
        let lenient = try render(report(findings), failOn: .error)
        #expect(lenient.all("failure").isEmpty)
        #expect(
            lenient.all("system-out").map(\.text) == [
                "note: noted\nat: Payload/A.app/Info.plist:7  /Key",
                "warning: warned\nat: Payload/A.app/Info.plist:7  /Key",
            ])
        #expect(lenient.all("testsuite").first?.attributes["failures"] == "0")

        let strict = try render(report(findings), failOn: .warning)
        let failure = try #require(strict.all("failure").first)
        #expect(strict.all("failure").count == 1)
        #expect(failure.attributes["type"] == "warning")
        #expect(failure.text.hasPrefix("warning: warned"))
        #expect(strict.all("system-out").map(\.text) == ["note: noted\nat: Payload/A.app/Info.plist:7  /Key"])
        #expect(strict.all("testsuite").first?.attributes["failures"] == "1")
    }

    @Test func oneFailurePerRuleListsEveryFindingAndTheFix() throws {
        let rule = try #require(RuleCatalogue.shipped.rules.first { $0.id == "version-mismatch" })
        let findings = [
            finding(.error, rule: rule.id, message: "first"),
            finding(.error, rule: rule.id, message: "second"),
        ]
        let xml = try render(report(findings))
        let failures = xml.all("failure")
        #expect(failures.count == 1)
        #expect(failures.first?.attributes["message"] == "first (and 1 more)")
        #expect(failures.first?.text.contains("error: second") == true)
        #expect(failures.first?.text.hasSuffix("fix: " + rule.fix.trimmingCharacters(in: .whitespacesAndNewlines)) == true)
    }

    @Test func suppressedFindingsNeverFail() throws {
        let xml = try render(report([finding(.error, suppressed: true)]), failOn: .warning)
        #expect(xml.all("failure").isEmpty)
        #expect(xml.all("system-out").first?.text.hasPrefix("suppressed by the baseline: error: something is off") == true)
    }
}

/// Checks that depend on how a package ships are `skipped`, not passed, where they did not run.
@Suite struct JUnitSkippedDistributionTests {
    static func cases(_ arguments: [String]) throws -> (skipped: [String], passing: [String]) {
        let directory = try TemporaryDirectory()
        let archive = directory.path("Drift.xcarchive")
        try FixturePackage.xcarchive(BundleCheckCommandTests.drifted, name: "Drift").writeDirectory(to: archive)
        let (_, console) = CapturingConsole.run(["--format", "junit"] + arguments + [archive])
        let xml = try ParsedXML(parsing: console.output)
        let skipped = xml.elements.filter { $0.name == "skipped" }.count
        #expect(xml.all("testsuite").first?.attributes["skipped"] == String(skipped))
        // Each skipped element follows its test case in document order.
        var skippedNames: [String] = []
        var last: String?
        for element in xml.elements {
            if element.name == "testcase" { last = element.attributes["name"] }
            if element.name == "skipped", let last { skippedNames.append(last) }
        }
        let names = xml.all("testcase").compactMap { $0.attributes["name"] }
        return (skippedNames, names.filter { !skippedNames.contains($0) })
    }

    @Test func anArchiveCheckedForNoDistributionSkipsTheSigningChecks() throws {
        let plain = try Self.cases([])
        #expect(plain.skipped.contains("profile-kind"))
        #expect(plain.skipped.contains("get-task-allow"))
        #expect(!plain.passing.contains("profile-kind"))
        #expect(plain.passing.contains("version-format"))
        let stated = try Self.cases(["--distribution", "app-store"])
        #expect(!stated.skipped.contains("profile-kind"))
        // The App Store re-signs what it is sent: the certificate's expiry does not apply.
        #expect(stated.skipped.contains("certificate-expired"))
    }
}
