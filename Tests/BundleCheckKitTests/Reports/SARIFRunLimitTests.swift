import Foundation
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckModel
@testable import BundleCheckReports

/// GitHub rejects a SARIF file of more than 20 runs, and then uploads nothing: past that many
/// inputs the report becomes one run with an artifact per input.
@Suite struct SARIFRunLimitTests {
    static func report(inputs count: Int) -> Report {
        let inputs = (0..<count).map { index in
            InputReport(
                path: "build/App\(index).ipa", kind: .ipa, container: .zip, size: 10, error: nil, bundles: [],
                findings: [
                    Finding(
                        rule: "junk-file", severity: .warning, message: "a .DS_Store file",
                        bundle: "Payload/App.app", file: "Payload/App.app/.DS_Store", keyPath: nil, line: nil, appleCodes: []
                    )
                ],
                distribution: nil
            )
        }
        return Report(toolVersion: "1.0.0", inputs: inputs)
    }

    static func parsed(_ report: Report) throws -> [[String: Any]] {
        let text = SARIFReporter().render(report)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        return try #require(document["runs"] as? [[String: Any]])
    }

    @Test func twentyInputsKeepARunEach() throws {
        #expect(try Self.parsed(Self.report(inputs: SARIFReporter.maximumRuns)).count == SARIFReporter.maximumRuns)
    }

    @Test func moreInputsShareOneRunWithAnArtifactEach() throws {
        let count = SARIFReporter.maximumRuns + 1
        let runs = try Self.parsed(Self.report(inputs: count))
        #expect(runs.count == 1)
        let run = try #require(runs.first)
        #expect((run["automationDetails"] as? [String: Any])?["id"] as? String == "bundlecheck/all-inputs/")
        let artifacts = try #require(run["artifacts"] as? [[String: Any]])
        #expect(artifacts.count == count)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == count)
        // Each result points at its own input's artifact, by index and by URI.
        for (index, result) in results.enumerated() {
            let location = ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any]
            #expect(location?["index"] as? Int == index)
            #expect(location?["uri"] as? String == "build/App\(index).ipa")
            #expect(((artifacts[index]["location"] as? [String: Any])?["uri"] as? String) == "build/App\(index).ipa")
        }
        // Fingerprints still tell the inputs apart.
        let fingerprints = results.compactMap { ($0["partialFingerprints"] as? [String: String])?[SARIFReporter.fingerprintKey] }
        #expect(Set(fingerprints).count == count)
        let notifications = ((run["invocations"] as? [[String: Any]])?.first?["toolExecutionNotifications"] as? [[String: Any]]) ?? []
        #expect(notifications.contains { (($0["message"] as? [String: Any])?["text"] as? String)?.contains("at most 20 runs") == true })
    }

    @Test(.enabled(if: ReportValidator.canRun || ReportValidator.isCI, "needs python3 with jsonschema (pip install jsonschema)"))
    func theSharedRunIsValidSARIF() throws {
        let outcome = try ReportValidator.validate([SARIFReporter().render(Self.report(inputs: 25))], sarif: true)
        #expect(outcome.status == 0, "\(outcome.output)")
    }
}
