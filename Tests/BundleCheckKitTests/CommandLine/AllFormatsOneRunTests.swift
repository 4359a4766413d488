import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckCommandLine
@testable import BundleCheckReports

/// One run on three inputs writes every format, and each agrees with the JSON report of the
/// same run: the same findings, the same count, one exit status.
@Suite struct AllFormatsOneRunTests {
    @Test func everyFormatOfOneRunAgreesWithItsJSONReport() throws {
        let directory = try TemporaryDirectory()
        let drifted = try OutputAndInputTests.drifted(in: directory)
        let clean = try BundleCheckCommandTests.writePackage(.ipa(BundleCheckCommandTests.clean), in: directory, name: "Clean.ipa")
        let broken = directory.path("Broken.ipa")
        try Data("not a zip".utf8).write(to: URL(fileURLWithPath: broken))
        // One finding suppressed by the configuration, so every format must treat it alike.
        let config = try directory.write(
            """
            ignore:
              - rule: version-mismatch
                path: "**/Ext.appex/**"
                reason: the extension ships on its own schedule
            """, to: "ci.yml")
        let paths = ["json", "sarif", "junit", "gitlab", "html"].map { (format: $0, path: directory.path("report.\($0)")) }
        let inputs = [drifted, clean, broken]
        let (status, console) = CapturingConsole.run(
            ["--format", "github", "--config", config, "--fail-on", "warning"] + paths.flatMap { ["--report", "\($0.format)=\($0.path)"] } + inputs
        )
        func read(_ format: String) throws -> String {
            try String(contentsOfFile: directory.path("report.\(format)"), encoding: .utf8)
        }

        // The JSON report is the reference.
        let json = try #require(try JSONSerialization.jsonObject(with: Data(try read("json").utf8)) as? [String: Any])
        let jsonInputs = try #require(json["inputs"] as? [[String: Any]])
        #expect(jsonInputs.map { $0["path"] as? String } == inputs)
        let findings = jsonInputs.map { ($0["findings"] as? [[String: Any]]) ?? [] }
        let standing = findings.map { $0.filter { ($0["suppressed"] as? Bool) != true } }
        let suppressedCount = findings.joined().count - standing.joined().count
        #expect(suppressedCount >= 1)
        #expect(!standing[0].isEmpty)
        let failedInputs = jsonInputs.filter { $0["error"] is [String: Any] }.count
        #expect(failedInputs == 1)
        // An input failed, so the run exits 2 whatever the findings say; the same for every format.
        #expect(status == .inputFailure)

        // GitHub annotations on standard output: one per standing finding, one per failed input.
        let commands = console.output.split(separator: "\n").filter { $0.hasPrefix("::") }
        #expect(commands.count == standing.joined().count + failedInputs)
        #expect(commands.allSatisfy { $0.range(of: #"^::(error|warning|notice) file=[^:]*::.+$"#, options: .regularExpression) != nil })

        // SARIF: one run per input; its results are the input's findings (suppressed ones
        // carrying a suppression), plus one result for an input that could not be checked.
        let sarif = try #require(try JSONSerialization.jsonObject(with: Data(try read("sarif").utf8)) as? [String: Any])
        let runs = try #require(sarif["runs"] as? [[String: Any]])
        #expect(runs.count == inputs.count)
        for (index, run) in runs.enumerated() {
            let results = (run["results"] as? [[String: Any]]) ?? []
            let failed = jsonInputs[index]["error"] is [String: Any]
            #expect(results.count == findings[index].count + (failed ? 1 : 0))
            #expect(results.filter { $0["suppressions"] != nil }.count == findings[index].count - standing[index].count)
            let ruleIDs = results.compactMap { $0["ruleId"] as? String }.filter { $0 != SARIFReporter.inputFailureRule }
            #expect(ruleIDs == findings[index].compactMap { $0["rule"] as? String })
        }

        // GitLab Code Quality: standing findings and failed inputs, fingerprints unique.
        let gitlab = try #require(try JSONSerialization.jsonObject(with: Data(try read("gitlab").utf8)) as? [[String: Any]])
        #expect(gitlab.count == standing.joined().count + failedInputs)
        let fingerprints = gitlab.compactMap { $0["fingerprint"] as? String }
        #expect(Set(fingerprints).count == gitlab.count)

        // JUnit: with fail-on warning, a rule's case fails when it has a standing error or
        // warning on that input; the input that could not be checked has its own case.
        let junit = try ParsedXML(parsing: try read("junit"))
        #expect(junit.all("testsuite").count == inputs.count)
        let expectedFailures = Set(
            standing.enumerated().flatMap { index, list in
                list.filter { ["error", "warning"].contains($0["severity"] as? String) }.map { "\(index):\($0["rule"] as? String ?? "")" }
            })
        #expect(!expectedFailures.isEmpty)
        #expect(junit.all("failure").count == expectedFailures.count, "\(expectedFailures)")
        #expect(junit.all("error").count == failedInputs)

        // HTML: every finding's message, escaped as HTML escapes it.
        let html = try read("html")
        for finding in findings.joined() {
            let message = try #require(finding["message"] as? String)
            #expect(html.contains(HTMLText.escaped(message)), "\(message)")
        }
        #expect(html.contains("the extension ships on its own schedule"))
    }
}

/// The icon's dark and tinted pictures are decoded for an HTML report only, whether it is the
/// run's format or one of its `--report`s.
@Suite struct IconVariantPicturesTests {
    @Test func onlyAnHTMLReportDecodesTheIconsVariants() throws {
        let directory = try TemporaryDirectory()
        let package = try JSONReportInventoryTests.package(
            """
            app:
              name: Notes
              files:
                - path: Assets.car
                  asset-catalog:
                    icon-sets: [{name: AppIcon, appearances: [dark, tinted]}]
            """)
        let path = try BundleCheckCommandTests.writePackage(package, in: directory, name: "Notes.ipa")
        let captions = ["<figcaption>dark</figcaption>", "<figcaption>tinted</figcaption>"]
        let (_, asFormat) = CapturingConsole.run(["--format", "html", "--now", "2026-06-01", path])
        #expect(captions.allSatisfy(asFormat.output.contains))
        let report = directory.path("report.html")
        _ = CapturingConsole.run(["--format", "json", "--report", "html=\(report)", "--now", "2026-06-01", path])
        #expect(captions.allSatisfy(try String(contentsOfFile: report, encoding: .utf8).contains))
    }
}
