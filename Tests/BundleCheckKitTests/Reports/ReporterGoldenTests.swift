import Foundation
import Testing

@testable import BundleCheckReports

/// Every reporter renders the sample report exactly as its golden files say.
@Suite struct ReporterGoldenTests {
    /// One golden file: which file, whether colour is on, and how it is compared.
    struct Golden {
        enum Comparison { case text, json }

        let file: GoldenFile
        let color: Bool
        let comparison: Comparison
    }

    /// The golden files of a format; a new format does not compile until it has some.
    static func goldens(for format: ReportFormat) -> [Golden] {
        switch format {
        case .text:
            [
                Golden(file: GoldenFile(name: "report.txt"), color: false, comparison: .text),
                Golden(file: GoldenFile(name: "report-color.txt"), color: true, comparison: .text),
            ]
        case .json:
            [Golden(file: GoldenFile(name: "report.json"), color: false, comparison: .json)]
        case .sarif:
            [Golden(file: GoldenFile(name: "report.sarif"), color: false, comparison: .json)]
        case .junit:
            [Golden(file: GoldenFile(name: "report.junit.xml"), color: false, comparison: .text)]
        case .gitlab:
            [Golden(file: GoldenFile(name: "report.gitlab.json"), color: false, comparison: .json)]
        case .github:
            [Golden(file: GoldenFile(name: "report.github.txt"), color: false, comparison: .text)]
        case .html:
            [Golden(file: GoldenFile(name: "report.html"), color: false, comparison: .text)]
        case .cyclonedx:
            [Golden(file: GoldenFile(name: "report.cdx.json"), color: false, comparison: .json)]
        case .spdx:
            [Golden(file: GoldenFile(name: "report.spdx.json"), color: false, comparison: .json)]
        }
    }

    /// The SBOMs say when they were made: the golden files were made on a fixed day.
    static func reporter(_ format: ReportFormat, color: Bool) -> any Reporter {
        format.makeReporter(ReportContext(color: color, created: Date(timeIntervalSince1970: 1_796_515_200)))
    }

    @Test(arguments: ReportFormat.allCases)
    func sampleReportMatchesGoldenFiles(format: ReportFormat) throws {
        for golden in Self.goldens(for: format) {
            let reporter = Self.reporter(format, color: golden.color)
            let output = GoldenFile.placeholders(in: reporter.render(SampleReport.make()))
            if GoldenFile.isRecording {
                try golden.file.record(output)
                continue
            }
            let expected: String
            do {
                expected = try golden.file.read()
            } catch {
                Issue.record("cannot read \(golden.file.url.path) (\(error)); record it with BUNDLECHECK_RECORD_GOLDEN=1")
                continue
            }
            switch golden.comparison {
            case .text:
                #expect(output == expected, "\(golden.file.name) differs at \(GoldenFile.firstDifference(output, expected))")
            case .json:
                #expect(try ParsedJSON(parsing: output) == ParsedJSON(parsing: expected), "\(golden.file.name) differs")
            }
        }
    }

    @Test(arguments: ReportFormat.allCases)
    func equalReportsRenderToIdenticalBytes(format: ReportFormat) {
        for color in [false, true] {
            let reporter = Self.reporter(format, color: color)
            let first = reporter.render(SampleReport.make())
            let second = reporter.render(SampleReport.make())
            #expect(Array(first.utf8) == Array(second.utf8))
        }
    }

    @Test func jsonGoldenFileHoldsTheVersionPlaceholder() throws {
        let golden = try ParsedJSON(parsing: GoldenFile(name: "report.json").read())
        guard case .object(let report) = golden, case .object(let tool)? = report["tool"] else {
            Issue.record("report.json has no tool object")
            return
        }
        #expect(tool["version"] == .string("<version>"))
    }

    @Test func colorGoldenDiffersFromPlainOnlyByEscapes() throws {
        let plain = try GoldenFile(name: "report.txt").read()
        let colored = try GoldenFile(name: "report-color.txt").read()
        let stripped = colored.replacing(/\x{1B}\[[0-9;]*m/, with: "")
        #expect(stripped == plain)
        #expect(colored.contains("\u{1B}[1;31merror\u{1B}[0m"))
        #expect(!plain.contains("\u{1B}"))
    }
}
