import Foundation
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckModel

@Suite struct BaselineTests {
    static func finding(_ rule: String, bundle: String?, key: String) -> Finding {
        Finding(
            rule: rule, severity: .error, message: "m", bundle: bundle, file: nil,
            keyPath: JSONPointer(key), line: nil, appleCodes: []
        )
    }

    static let findings = [
        finding("version-mismatch", bundle: "Payload/A.app/PlugIns/B.appex", key: "CFBundleVersion"),
        finding("junk-file", bundle: nil, key: "x"),
        finding("version-mismatch", bundle: "Payload/A.app/PlugIns/B.appex", key: "CFBundleVersion"),
        finding("version-mismatch", bundle: "Payload/A.app/PlugIns/A.appex", key: "CFBundleVersion"),
    ]

    @Test func theFileIsVersionedSortedAndWithoutRepeats() throws {
        let text = Baseline(findings: Self.findings).text
        #expect(text == Baseline(findings: Self.findings.reversed()).text)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(root["schemaVersion"] as? Int == 1)
        let entries = try #require(root["findings"] as? [[String: Any]])
        #expect(entries.map { $0["rule"] as? String } == ["junk-file", "version-mismatch", "version-mismatch"])
        #expect(entries.map { $0["bundle"] as? String } == [nil, "Payload/A.app/PlugIns/A.appex", "Payload/A.app/PlugIns/B.appex"])
        #expect(entries[0]["bundle"] is NSNull)
        #expect(entries.map { $0["fingerprint"] as? String } == [Self.findings[1], Self.findings[3], Self.findings[0]].map(\.fingerprint))
        #expect(text.hasPrefix("{\n  \"schemaVersion\": 1,\n  \"findings\": [\n    {\n      \"fingerprint\": "))
    }

    @Test func whatIsWrittenReadsBackTheSame() throws {
        let baseline = Baseline(findings: Self.findings)
        #expect(try BaselineReader.parse(Data(baseline.text.utf8), file: "b.json") == baseline)
    }

    @Test func suppressingKeepsTheFingerprintAndTheRestOfTheFinding() {
        let original = Self.findings[0]
        let suppressed = original.suppressing(.baseline)
        #expect(suppressed.suppressed)
        #expect(suppressed.suppression == .baseline)
        #expect(!original.suppressed)
        #expect(suppressed.fingerprint == original.fingerprint)
        #expect(suppressed.message == original.message && suppressed.rule == original.rule && suppressed.keyPath == original.keyPath)
    }

    @Test func appliedMarksOnlyListedFindingsAndTheSummaryCountsThemApart() {
        let input = InputReport(
            path: "A.ipa", kind: .ipa, container: .zip, size: 1, error: nil, bundles: [],
            findings: Array(Self.findings[1...]),
            distribution: DistributionAssumption(checked: .adHoc, basis: .stated)
        )
        let applied = Baseline(findings: [Self.findings[0]]).applied(to: input)
        #expect(applied.distribution == DistributionAssumption(checked: .adHoc, basis: .stated))
        #expect(applied.findings.filter(\.suppressed).map(\.fingerprint) == [Self.findings[0].fingerprint])
        #expect(applied.findings.count == 3)
        let summary = Report(toolVersion: "1", inputs: [applied]).summary
        #expect(summary == Report.Summary(errors: 2, warnings: 0, notes: 0, suppressed: 1))
    }

    /// A baseline file that cannot be used, and what the message must say.
    @Test(arguments: [
        ("not json", "b.json: the baseline is not valid JSON"),
        ("[]", "b.json: not a bundlecheck baseline: $: expected an object"),
        (#"{"findings": []}"#, "b.json: not a bundlecheck baseline: $.schemaVersion: missing"),
        (#"{"schemaVersion": 2, "findings": []}"#, "b.json: baseline schemaVersion 2 is not supported"),
        (#"{"schemaVersion": true, "findings": []}"#, "b.json: baseline schemaVersion"),
        (#"{"schemaVersion": 1}"#, "b.json: not a bundlecheck baseline: $.findings: expected a list"),
        (
            #"{"schemaVersion": 1, "findings": [{"rule": "junk-file"}]}"#,
            "b.json: not a bundlecheck baseline: $.findings[0].fingerprint: expected 16 lowercase hexadecimal digits"
        ),
        (
            #"{"schemaVersion": 1, "findings": [{"fingerprint": "ABCDEF0123456789", "rule": "x"}]}"#,
            "b.json: not a bundlecheck baseline: $.findings[0].fingerprint"
        ),
        (
            #"{"schemaVersion": 1, "findings": [{"fingerprint": "0123456789abcdef"}]}"#,
            "b.json: not a bundlecheck baseline: $.findings[0].rule: expected the rule id"
        ),
        (
            #"{"schemaVersion": 1, "findings": [{"fingerprint": "0123456789abcdef", "rule": "x", "bundle": 3}]}"#,
            "b.json: not a bundlecheck baseline: $.findings[0].bundle"
        ),
    ])
    func malformedBaselinesNameTheFileAndTheProblem(text: String, message: String) {
        do {
            _ = try BaselineReader.parse(Data(text.utf8), file: "b.json")
            Issue.record("expected an error for \(text)")
        } catch {
            #expect(error.description.hasPrefix(message), "\(error)")
        }
    }
}
