import Foundation
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckModel
@testable import BundleCheckReports

@Suite struct GitLabCodeQualityReporterTests {
    private func finding(_ severity: Severity, line: Int? = 3, suppressed: Bool = false) -> Finding {
        Finding(
            rule: "some-rule", severity: severity, message: "something is off",
            bundle: "Payload/A.app", file: "Payload/A.app/Info.plist", keyPath: nil, line: line,
            appleCodes: [], suppressed: suppressed
        )
    }

    private func input(_ path: String, _ findings: [Finding]) -> InputReport {
        InputReport(path: path, kind: .ipa, container: .zip, size: 1, error: nil, bundles: [], findings: findings, distribution: nil)
    }

    private func issues(_ inputs: [InputReport], workingDirectory: String? = nil) throws -> [[String: Any]] {
        let reporter = ReportFormat.gitlab.makeReporter(ReportContext(workingDirectory: workingDirectory))
        let output = reporter.render(Report(toolVersion: "1", inputs: inputs))
        return try #require(JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
    }

    @Test func sameFindingInTwoInputsHasTwoFingerprints() throws {
        let found = try issues([input("A.ipa", [finding(.error)]), input("B.ipa", [finding(.error)])])
        let fingerprints = found.compactMap { $0["fingerprint"] as? String }
        #expect(fingerprints.count == 2)
        #expect(Set(fingerprints).count == 2)
        #expect(found.compactMap { $0["check_name"] as? String } == ["some-rule", "some-rule"])
    }

    @Test func sampleReportFingerprintsAreUnique() throws {
        let output = GitLabCodeQualityReporter().render(SampleReport.make())
        let found = try #require(JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
        let fingerprints = found.compactMap { $0["fingerprint"] as? String }
        // Five findings stand (one is suppressed) and the broken input gives one issue.
        #expect(fingerprints.count == 6)
        #expect(Set(fingerprints).count == 6)
    }

    @Test func severitiesMapToGitLabsScale() throws {
        let found = try issues([input("A.ipa", [finding(.error), finding(.warning), finding(.note)])])
        #expect(Set(found.compactMap { $0["severity"] as? String }) == ["major", "minor", "info"])
        #expect(GitLabCodeQualityReporter.severity(.error) == "major")
        #expect(GitLabCodeQualityReporter.severity(.warning) == "minor")
        #expect(GitLabCodeQualityReporter.severity(.note) == "info")
    }

    @Test func suppressedFindingsAreLeftOutAndLinesDefaultToOne() throws {
        let found = try issues([input("A.ipa", [finding(.error, line: nil), finding(.warning, suppressed: true)])])
        #expect(found.count == 1)
        let location = try #require(found.first?["location"] as? [String: Any])
        #expect((location["lines"] as? [String: Any])?["begin"] as? Int == 1)
        #expect(found.first?["description"] as? String == "something is off (Payload/A.app/Info.plist)")
    }

    @Test func pathsInsideTheWorkingDirectoryAreRelative() throws {
        let found = try issues(
            [input("/repo/build/A.ipa", [finding(.error)]), input("/elsewhere/B.ipa", [finding(.error)])],
            workingDirectory: "/repo"
        )
        let paths = found.compactMap { ($0["location"] as? [String: Any])?["path"] as? String }
        #expect(paths == ["build/A.ipa", "/elsewhere/B.ipa"])
    }

    @Test func anInputThatCouldNotBeCheckedIsOneCriticalIssue() throws {
        let broken = InputReport(
            path: "Broken.ipa", kind: nil, container: nil, size: 1,
            error: .corruptArchive(path: "Broken.ipa", reason: "truncated"), bundles: [], findings: [], distribution: nil
        )
        let found = try issues([broken])
        #expect(found.count == 1)
        #expect(found.first?["severity"] as? String == "critical")
        #expect((found.first?["description"] as? String)?.contains("truncated") == true)
    }
}
