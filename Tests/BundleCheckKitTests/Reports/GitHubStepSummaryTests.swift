import Testing

@testable import BundleCheckFormats
@testable import BundleCheckModel
@testable import BundleCheckReports

@Suite struct GitHubStepSummaryTests {
    @Test func theSampleHasAVerdictATableOfInputsAndFindingsByBundle() {
        let markdown = GitHubStepSummary().render(SampleReport.make())
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "## bundlecheck ❌ FAILED: 2 errors in 1 of 2 inputs; 1 input could not be checked")
        #expect(lines.contains("| Build/Example.ipa | 2 | 2 | 2 | 1 | 1 |"))
        #expect(lines.contains { $0.hasPrefix("| Build/Broken.ipa | could not be checked: ") })
        #expect(lines.contains("#### app Payload/Example.app"))
        #expect(lines.contains("#### appex Payload/Example.app/PlugIns/Share.appex"))
        #expect(lines.contains("#### (outside every bundle)"))
        let items = lines.filter { $0.hasPrefix("- ") }
        #expect(items.count == 5, "suppressed findings are left out")
        #expect(
            items.first { $0.contains("version-mismatch") }
                == #"- **error** version-mismatch: CFBundleVersion "41" of Share.appex differs from "42" of the app (Payload/Example.app/PlugIns/Share.appex/Info.plist:12  /CFBundleVersion; Apple: ITMS-90473)"#
        )
        #expect(markdown.hasSuffix("\n"))
    }

    @Test func aPassingRunSaysSo() {
        let report = Report(toolVersion: "1", inputs: [GitHubActionsReporterTests.input(findings: [])])
        #expect(GitHubStepSummary().render(report).hasPrefix("## bundlecheck ✅ PASSED\n"))
    }

    @Test func packageTextCannotBreakTheTableOrAddMarkup() {
        // The line break is first printed as `\n`, whose backslash markdown then needs escaped.
        #expect(GitHubStepSummary.escaped("a|b <img> *x* `c`\nd") == #"a\|b &lt;img&gt; \*x\* \`c\`\\nd"#)
    }

    @Test func aLongSummaryIsCutAtTheLimitWithANote() {
        let findings = (0..<2_000).map { index in
            GitHubActionsReporterTests.finding(.warning, rule: "rule-\(index)", message: String(repeating: "long message ", count: 20))
        }
        let report = Report(toolVersion: "1", inputs: [GitHubActionsReporterTests.input(findings: findings)])
        let full = GitHubStepSummary().render(report)
        #expect(!full.contains("left out"))
        let cut = GitHubStepSummary(limit: 20_000).render(report)
        #expect(cut.utf8.count <= 20_000)
        #expect(cut.hasPrefix("## bundlecheck"))
        let written = cut.split(separator: "\n").filter { $0.hasPrefix("- ") }.count
        #expect(written > 0)
        #expect(cut.hasSuffix("… \(2_000 - written) more findings left out: GitHub limits a step summary to 1 MiB; the log lists them all.\n"))
    }

    @Test func byDefaultTheSummaryStaysWithinOneMebibyte() {
        let findings = (0..<4_000).map { index in
            GitHubActionsReporterTests.finding(.error, rule: "rule-\(index)", message: String(repeating: "é long message ", count: 20))
        }
        let report = Report(toolVersion: "1", inputs: [GitHubActionsReporterTests.input(findings: findings)])
        let markdown = GitHubStepSummary().render(report)
        #expect(markdown.utf8.count <= 1 << 20)
        #expect(markdown.utf8.count > 1 << 19)
        #expect(markdown.contains("more findings left out"))
    }
}
