import BundleCheckInspection
import BundleCheckModel
import Foundation

/// JUnit XML for CI test dashboards (Jenkins, GitLab test reports, Bitrise, CircleCI).
///
/// One `testsuite` per input and one `testcase` per rule that ran on it, passing ones too, so a
/// dashboard can count them. A case fails when findings of its rule fail the run (`fail-on`);
/// the other findings, and those a baseline or the configuration suppressed, go to the case's `system-out`, so a
/// warning does not mark a green build unstable. An input that could not be checked is a suite
/// with one `error` case saying why. A rule whose check depends on how the package ships and
/// that did not apply to the input (an archive checked for no distribution) is `skipped`.
public struct JUnitReporter: Reporter {
    let rules: [RuleDefinition]
    let failOn: FailureThreshold

    public init(rules: [RuleDefinition] = RuleCatalogue.shipped.rules, failOn: FailureThreshold = .error) {
        self.rules = rules.filter { !$0.scope.isRelease }
        self.failOn = failOn
    }

    /// One test case's result; the counts of the suites are taken from these.
    private struct Case {
        var lines: [String]
        var failed = false
        var errored = false
        var skipped = false
    }

    public func render(_ report: Report) -> String {
        let suites = report.inputs.map { input in (input, cases(for: input)) }
        let all = suites.flatMap(\.1)
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            "<testsuites name=\"bundlecheck\"" + counts(all) + ">",
        ]
        for (input, cases) in suites {
            lines.append("  <testsuite name=\"\(XMLText.attribute(input.path))\"" + counts(cases) + ">")
            lines += cases.flatMap(\.lines)
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    private func counts(_ cases: [Case]) -> String {
        " tests=\"\(cases.count)\" failures=\"\(cases.filter(\.failed).count)\" errors=\"\(cases.filter(\.errored).count)\""
            + " skipped=\"\(cases.filter(\.skipped).count)\""
    }

    private func cases(for input: InputReport) -> [Case] {
        let suite = XMLText.attribute(input.path)
        if let error = input.error {
            return [
                Case(
                    lines: [
                        "    <testcase classname=\"\(suite)\" name=\"input\">",
                        "      <error message=\"\(XMLText.attribute(error.description))\" type=\"\(XMLText.attribute(error.code))\">"
                            + XMLText.text("could not be checked: " + error.description) + "</error>",
                        "    </testcase>",
                    ], errored: true)
            ]
        }
        let findingsByRule = Dictionary(grouping: input.findings, by: \.rule)
        let definitions = Dictionary(rules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        // A finding of a rule the context does not list (a report read back, a test) still gets its case.
        let ids = Set(rules.map(\.id)).union(findingsByRule.keys).sorted()
        return ids.map { id in
            let findings = findingsByRule[id] ?? []
            // A check that depends on how the package ships did not run on an archive checked
            // for no distribution: a dashboard must not count it as passed.
            if findings.isEmpty, let rule = definitions[id], let distribution = input.distribution,
                DistributionDependence.isSkipped(rule, judgedFor: distribution.checked)
            {
                let reason =
                    distribution.checked.map { "does not apply to \($0.rawValue) distribution" }
                    ?? "skipped: no distribution is stated for this input (give --distribution to check it)"
                return Case(
                    lines: [
                        "    <testcase classname=\"\(suite)\" name=\"\(XMLText.attribute(id))\">",
                        "      <skipped message=\"\(XMLText.attribute(reason))\"/>",
                        "    </testcase>",
                    ], skipped: true)
            }
            return testCase(id, definitions[id], findings: findings, suite: suite)
        }
    }

    private func testCase(_ id: String, _ rule: RuleDefinition?, findings: [Finding], suite: String) -> Case {
        let failing = findings.filter { !$0.suppressed && failOn.fails(on: $0.severity) }
        let passing = findings.filter { !$0.suppressed && !failOn.fails(on: $0.severity) }
        let suppressed = findings.filter(\.suppressed)
        let open = "    <testcase classname=\"\(suite)\" name=\"\(XMLText.attribute(id))\""
        guard !findings.isEmpty else {
            return Case(lines: [open + "/>"])
        }
        var lines = [open + ">"]
        if let first = failing.first {
            // Most consumers show only the message of a case's first failure: it names the first
            // finding and how many there are; the body has each of them and the rule's fix.
            let more = failing.count > 1 ? " (and \(failing.count - 1) more)" : ""
            let worst = failing.map(\.severity).min() ?? first.severity
            var body = failing.map { describe($0) }
            if let fix = rule?.fix.trimmingCharacters(in: .whitespacesAndNewlines), !fix.isEmpty {
                body.append("fix: " + fix)
            }
            lines.append(
                "      <failure message=\"\(XMLText.attribute(first.message + more))\" type=\"\(worst.rawValue)\">"
                    + XMLText.text(body.joined(separator: "\n\n")) + "</failure>"
            )
        }
        let output = passing.map { describe($0) } + suppressed.map { "\(Self.suppressedBy($0)): " + describe($0) }
        if !output.isEmpty {
            lines.append("      <system-out>" + XMLText.text(output.joined(separator: "\n\n")) + "</system-out>")
        }
        lines.append("    </testcase>")
        return Case(lines: lines, failed: !failing.isEmpty)
    }

    /// `suppressed by the baseline`, or `suppressed by the configuration (vendor SDK)` with the ignore entry's reason.
    private static func suppressedBy(_ finding: Finding) -> String {
        guard let suppression = finding.suppression, suppression.kind == .configuration else { return "suppressed by the baseline" }
        return "suppressed by the configuration (\(suppression.reason))"
    }

    /// `severity: message`, then where, the excerpt and Apple's codes, one per line. Package
    /// text is made printable as the text report prints it: a line break in a plist value must
    /// not start a line of its own in a log that shows the XML (`::error::` would be obeyed).
    private func describe(_ finding: Finding) -> String {
        var lines = ["\(finding.severity.rawValue): \(ReportText.printable(finding.message))"]
        if let location = TextReporter.location(of: finding) {
            lines.append("at: " + ReportText.printable(location))
        }
        if let excerpt = finding.excerpt {
            lines += excerpt.split(separator: "\n", omittingEmptySubsequences: false).map { "  | " + ReportText.printable(String($0)) }
        }
        if !finding.appleCodes.isEmpty {
            lines.append("Apple: " + ReportText.printable(finding.appleCodes.joined(separator: ", ")))
        }
        return lines.joined(separator: "\n")
    }
}
