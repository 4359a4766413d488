import Foundation
import Testing

@testable import BundleCheckCommandLine
@testable import BundleCheckReports

/// `--report FORMAT=PATH` writes more reports of the same run.
@Suite struct ReportRequestTests {
    @Test func requestsAreParsedInOrder() throws {
        guard case .check(let options) = try CommandLineParser.parse(["--report", "json=a.json", "--report=text=b.txt", "A.ipa"]) else {
            Issue.record("expected a check")
            return
        }
        #expect(options.reports == [try ReportRequest(parsing: "json=a.json"), try ReportRequest(parsing: "text=b.txt")])
        #expect(options.reports.map(\.format) == [.json, .text])
        #expect(options.reports.map(\.path) == ["a.json", "b.txt"])
    }

    @Test(arguments: ["json", "json=", "=a.json", "yaml=a.yaml"])
    func aMalformedRequestIsAUsageErrorListingTheFormats(text: String) {
        #expect(throws: UsageError.invalidValue(option: "--report", value: text, choices: ReportFormat.allCases.map { "\($0.rawValue)=<file>" })) {
            try CommandLineParser.parse(["--report", text, "A.ipa"])
        }
    }

    @Test func theCatalogueCommandsTakeNoReports() {
        #expect(throws: UsageError.conflictingOptions("--list-rules", "--report")) {
            try CommandLineParser.parse(["--list-rules", "--report", "json=a.json"])
        }
    }

    @Test func oneRunWritesEveryReportWithTheSameFindingsAndExitStatus() throws {
        let directory = try TemporaryDirectory()
        let json = directory.path("report.json")
        let text = directory.path("report.txt")
        let example = RepositoryPaths.file("Examples/PaiNotes.ipa")
        let (status, console) = CapturingConsole.run([
            "--now", "2026-06-01", "--color", "always", "--report", "json=\(json)", "--report", "text=\(text)", example,
        ])
        #expect(status == .findings)
        let written = try String(contentsOfFile: text, encoding: .utf8)
        // The file has the terminal's report without its colours.
        #expect(written.contains("error[version-mismatch]"))
        #expect(!written.contains("\u{1B}["))
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any]
        let summary = report?["summary"] as? [String: Any]
        #expect(summary?["errors"] as? Int == 1)
        // Standard output keeps its colours.
        #expect(console.output.contains("\u{1B}["))
    }
}
