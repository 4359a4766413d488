import Foundation
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel
@testable import BundleCheckReports

/// The SARIF report is valid against the OASIS schema and meets GitHub's upload rules.
@Suite struct SARIFReporterTests {
    static let validatorAvailable = ReportValidator.canRun || ReportValidator.isCI

    private func document(_ report: Report = SampleReport.make(), reporter: SARIFReporter = SARIFReporter()) -> JSONValue {
        reporter.document(for: report)
    }

    private func runs(_ document: JSONValue) -> [JSONValue] {
        guard case .array(let runs)? = document["runs"] else { return [] }
        return runs
    }

    private func results(_ run: JSONValue) -> [JSONValue] {
        guard case .array(let results)? = run["results"] else { return [] }
        return results
    }

    private func array(_ value: JSONValue?) -> [JSONValue] {
        guard case .array(let elements)? = value else { return [] }
        return elements
    }

    private func string(_ value: JSONValue?) -> String? {
        guard case .string(let text)? = value else { return nil }
        return text
    }

    private func input(named path: String, findings: [Finding]) -> InputReport {
        InputReport(
            path: path, kind: .ipa, container: .zip, size: 10, error: nil, bundles: [], findings: findings,
            distribution: DistributionAssumption(checked: .appStore, basis: .inputKind)
        )
    }

    private static let versionFinding = Finding(
        rule: "version-mismatch", severity: .error, message: "differs", bundle: "Payload/App.app",
        file: "Payload/App.app/Info.plist", keyPath: JSONPointer("CFBundleVersion"), line: nil, appleCodes: []
    )

    // MARK: Schema, with Python's jsonschema

    @Test(.enabled(if: validatorAvailable, "needs python3 with jsonschema (pip install jsonschema)"))
    func sampleReportIsValidSARIF() throws {
        try #require(ReportValidator.canRun, "python3 with jsonschema is required on CI")
        let outcome = try ReportValidator.validate([SARIFReporter().render(SampleReport.make())], sarif: true)
        #expect(outcome.status == 0, "\(outcome.output)")
    }

    @Test(.enabled(if: validatorAvailable, "needs python3 with jsonschema (pip install jsonschema)"))
    func examplePackageGivesValidSARIF() throws {
        try #require(ReportValidator.canRun, "python3 with jsonschema is required on CI")
        let inspected = PackageInspector(settings: InspectionSettings(now: Date(timeIntervalSince1970: 1_780_000_000)))
            .inspect(path: RepositoryPaths.file("Examples/PaiNotes.ipa"))
        #expect(!inspected.findings.isEmpty)
        let sarif = SARIFReporter().render(Report(toolVersion: "1.0.0", inputs: [inspected]))
        let outcome = try ReportValidator.validate([sarif], sarif: true)
        #expect(outcome.status == 0, "\(outcome.output)")
    }

    @Test(.enabled(if: validatorAvailable, "needs python3 with jsonschema (pip install jsonschema)"))
    func aBrokenSARIFIsRejected() throws {
        try #require(ReportValidator.canRun, "python3 with jsonschema is required on CI")
        let broken = document().setting(["runs", 0, "results", 0, "level"], to: "fatal")
        let outcome = try ReportValidator.validate([JSONWriter().string(from: broken)], sarif: true)
        #expect(outcome.status == 1, "\(outcome.output)")
    }

    // MARK: GitHub's rules

    @Test func oneRunPerInputEachWithItsOwnAutomationId() {
        let all = runs(document())
        #expect(all.count == 2)
        #expect(all.map { string($0["automationDetails"]?["id"]) } == ["bundlecheck/Build/Example.ipa/", "bundlecheck/Build/Broken.ipa/"])
        for run in all {
            #expect(string(run["tool"]?["driver"]?["name"]) == "bundlecheck")
            #expect(string(run["tool"]?["driver"]?["semanticVersion"]) == BundleCheckVersion.current)
        }
    }

    @Test func everyRuleThatRanIsDescribedAndResultsIndexIt() throws {
        let run = try #require(runs(document()).first)
        let rules = array(run["tool"]?["driver"]?["rules"])
        let ids = rules.compactMap { string($0["id"]) }
        let checked = RuleCatalogue.shipped.rules.filter { !$0.scope.isRelease }
        #expect(Array(ids.prefix(checked.count)) == checked.map(\.id))
        for result in results(run) {
            guard case .integer(let index)? = result["ruleIndex"] else {
                Issue.record("a result without ruleIndex")
                continue
            }
            #expect(string(rules[Int(index)]["id"]) == string(result["ruleId"]))
        }
        let versionMismatch = try #require(rules.first { string($0["id"]) == "version-mismatch" })
        #expect(string(versionMismatch["name"]) == "VersionMismatch")
        #expect(string(versionMismatch["help"]?["markdown"])?.contains("**Fix:**") == true)
        let tags = array(versionMismatch["properties"]?["tags"])
        #expect(tags.contains(.string("ITMS-90473")))
        #expect(string(versionMismatch["defaultConfiguration"]?["level"]) == "error")
    }

    @Test func fingerprintsDifferForTheSameFindingInDifferentlyNamedInputs() {
        let names = ["Build/PaiNotes-Dev.ipa", "Build/PaiNotes-Beta.ipa", "Build/PaiNotes.ipa"]
        let report = Report(toolVersion: "1.0.0", inputs: names.map { input(named: $0, findings: [Self.versionFinding]) })
        let fingerprints = runs(document(report)).map { string(results($0).first?["partialFingerprints"]?[SARIFReporter.fingerprintKey]) }
        #expect(fingerprints.allSatisfy { $0 != nil })
        #expect(Set(fingerprints).count == 3)
        // Stable: the same input name in another directory keeps its alert.
        let moved = Report(toolVersion: "1.0.0", inputs: [input(named: "elsewhere/PaiNotes.ipa", findings: [Self.versionFinding])])
        #expect(string(results(runs(document(moved))[0]).first?["partialFingerprints"]?[SARIFReporter.fingerprintKey]) == fingerprints[2])
    }

    @Test func anInputThatCouldNotBeCheckedFailsItsInvocationWithANotificationAndOneResult() throws {
        let run = try #require(runs(document()).last)
        let invocation = try #require(array(run["invocations"]).first)
        #expect(invocation["executionSuccessful"] == .bool(false))
        let notifications = array(invocation["toolExecutionNotifications"])
        #expect(notifications.count == 1)
        #expect(string(notifications.first?["level"]) == "error")
        let failures = results(run)
        #expect(failures.count == 1)
        #expect(string(failures.first?["ruleId"]) == SARIFReporter.inputFailureRule)
        #expect(string(failures.first?["level"]) == "error")
        #expect(array(run["tool"]?["driver"]?["rules"]).contains { string($0["id"]) == SARIFReporter.inputFailureRule })
        // The checked input ran successfully, without notifications.
        let firstRun = try #require(runs(document()).first)
        let checked = try #require(array(firstRun["invocations"]).first)
        #expect(checked["executionSuccessful"] == .bool(true))
        #expect(checked["toolExecutionNotifications"] == nil)
    }

    @Test func suppressedFindingsCarrySuppressions() throws {
        let run = try #require(runs(document()).first)
        for result in results(run) {
            let suppressed = string(result["ruleId"]) == "ats-arbitrary-loads"
            #expect((result["suppressions"] != nil) == suppressed, "\(string(result["ruleId"]) ?? "")")
            if suppressed {
                #expect(string(array(result["suppressions"]).first?["kind"]) == "external")
            }
        }
    }

    @Test func everyResultHasOneToTenLocationsAndARegionOnlyWithALine() throws {
        let report = SampleReport.make()
        for (input, run) in zip(report.inputs, runs(document(report))) {
            for (index, result) in results(run).enumerated() {
                let locations = array(result["locations"])
                #expect((1...10).contains(locations.count))
                let physical = locations.first?["physicalLocation"]
                #expect(string(physical?["artifactLocation"]?["uri"]) == input.path)
                // The failed input's result comes first and has no finding behind it.
                let finding = input.error == nil ? input.findings[index] : nil
                // The sample's inputs are zips: a line is of a file inside the package, never of
                // the package itself, so no result has a region (directory inputs: below).
                _ = finding?.line
                #expect(physical?["region"] == nil)
                if let finding, let inside = finding.file {
                    let logical = string(array(locations.first?["logicalLocations"]).first?["fullyQualifiedName"])
                    #expect(logical?.hasPrefix(inside) == true)
                    #expect(string(result["message"]?["text"])?.contains(inside) == true)
                }
            }
        }
    }

    @Test func staysUnderGitHubsLimitsForTagsAndDescriptions() throws {
        let base = try #require(RuleCatalogue.shipped.rules.first)
        let long = RuleDefinition(
            id: base.id, title: String(repeating: "t", count: 2000), severity: base.severity, category: base.category,
            appleCodes: (1...30).map { "ITMS-9\(1000 + $0)" }, rationale: String(repeating: "é", count: 3000), fix: base.fix,
            scope: base.scope, implementation: base.implementation, examples: RuleExamples(base.examples), source: base.source
        )
        let reporter = SARIFReporter(context: ReportContext(rules: RuleCatalogue.shipped.rules + [long]))
        for run in runs(document(reporter: reporter)) {
            for rule in array(run["tool"]?["driver"]?["rules"]) {
                #expect(array(rule["properties"]?["tags"]).count <= 20)
                #expect((string(rule["shortDescription"]?["text"])?.utf16.count ?? 0) <= 1024)
                #expect((string(rule["fullDescription"]?["text"])?.utf16.count ?? 0) <= 1024)
                #expect((string(rule["name"])?.utf16.count ?? 0) <= 255)
            }
        }
        #expect(SARIFReporter.truncated(String(repeating: "👍", count: 600), to: 1024).utf16.count <= 1024)
        #expect(SARIFReporter.truncated("short", to: 1024) == "short")
    }

    @Test func moreResultsThanGitHubTakesAreCutWithAWarning() throws {
        let many = (0...SARIFReporter.maximumResults).map { index in
            Finding(
                rule: "stray-file", severity: .warning, message: "stray", bundle: nil, file: "Payload/\(index)",
                keyPath: nil, line: nil, appleCodes: [], identity: "\(index)"
            )
        }
        let run = try #require(runs(document(Report(toolVersion: "1.0.0", inputs: [input(named: "Big.ipa", findings: many)]))).first)
        #expect(results(run).count == SARIFReporter.maximumResults)
        let invocation = try #require(array(run["invocations"]).first)
        let notifications = array(invocation["toolExecutionNotifications"])
        #expect(notifications.count == 1)
        #expect(string(notifications.first?["level"]) == "warning")
    }

    @Test func noHelpUriWithoutADocumentationBaseURL() throws {
        let plain = JSONWriter().string(from: document())
        #expect(!plain.contains("helpUri") && !plain.contains("informationUri"))
        // A relative base would break the upload, so it is ignored.
        let relative = JSONWriter().string(from: document(reporter: SARIFReporter(documentationBaseURL: "docs/rules/")))
        #expect(!relative.contains("helpUri"))
        let documented = document(reporter: SARIFReporter(documentationBaseURL: "https://example.com/rules/"))
        let documentedRun = try #require(runs(documented).first)
        let rules = array(documentedRun["tool"]?["driver"]?["rules"])
        let rule = try #require(rules.first)
        #expect(string(rule["helpUri"])?.hasPrefix("https://example.com/rules/") == true)
    }

    @Test func inputPathsAreRelativeToTheWorkingDirectoryWithSlashes() {
        let reporter = SARIFReporter(context: ReportContext(workingDirectory: "/home/ci/work/"))
        #expect(reporter.relativePath(of: "/home/ci/work/build/App.ipa") == "build/App.ipa")
        #expect(reporter.relativePath(of: "./build/App.ipa") == "build/App.ipa")
        #expect(reporter.relativePath(of: "/elsewhere/App.ipa") == "/elsewhere/App.ipa")
        #expect(SARIFReporter.uri("/elsewhere/My App.ipa") == "file:///elsewhere/My%20App.ipa")
        #expect(SARIFReporter.uri("build/App.ipa") == "build/App.ipa")
    }

    @Test func aReportWithoutInputsStillHasARun() {
        let all = runs(document(Report(toolVersion: "1.0.0", inputs: [])))
        #expect(all.count == 1)
        #expect(all.first?["results"] == .array([]))
    }
}
