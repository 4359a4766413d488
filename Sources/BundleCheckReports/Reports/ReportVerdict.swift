import BundleCheckModel

/// Whether a run passes, and why not, as the text report's last lines and the GitHub step
/// summary say it: `FAILED: 2 errors in 1 of 2 inputs; 1 input could not be checked`, or `PASSED`.
///
/// It follows the exit status: findings at or above `fail-on` fail the run, suppressed ones
/// never do, and an input that could not be checked always does.
package struct ReportVerdict: Sendable, Equatable {
    /// Standing findings that fail the run, by severity (warnings only count with fail-on warning).
    package var errors = 0
    package var warnings = 0
    /// Inputs with at least one failing finding.
    package var failingInputs = 0
    /// Inputs that could not be checked.
    package var uncheckedInputs = 0
    package var inputCount = 0

    package init(_ report: Report, failOn: FailureThreshold) {
        inputCount = report.inputs.count
        for input in report.inputs {
            if input.error != nil { uncheckedInputs += 1 }
            let failing = input.findings.filter { !$0.suppressed && failOn.fails(on: $0.severity) }
            if !failing.isEmpty { failingInputs += 1 }
            errors += failing.filter { $0.severity == .error }.count
            warnings += failing.filter { $0.severity == .warning }.count
        }
    }

    package var isFailure: Bool { errors + warnings + uncheckedInputs > 0 }

    /// The verdict of a run that writes a baseline (`--write-baseline`), which accepts every
    /// finding: `ACCEPTED into the baseline: 2 errors in 1 of 1 input`; an input that could not
    /// be checked still fails it.
    package var baselineLine: String {
        guard uncheckedInputs == 0 else { return line }
        guard errors + warnings > 0 else { return "PASSED" }
        return "ACCEPTED into the baseline: " + line.dropFirst("FAILED: ".count)
    }

    /// `FAILED: 2 errors, 1 warning in 1 of 3 inputs`, `FAILED: 1 input could not be checked`, or `PASSED`.
    package var line: String {
        guard isFailure else { return "PASSED" }
        var reasons: [String] = []
        if errors + warnings > 0 {
            var counts: [String] = []
            if errors > 0 { counts.append(ReportText.count(errors, "error")) }
            if warnings > 0 { counts.append(ReportText.count(warnings, "warning")) }
            reasons.append(counts.joined(separator: ", ") + " in \(failingInputs) of " + ReportText.count(inputCount, "input"))
        }
        if uncheckedInputs > 0 {
            reasons.append(ReportText.count(uncheckedInputs, "input") + " could not be checked")
        }
        return "FAILED: " + reasons.joined(separator: "; ")
    }

    /// The rule `--explain` is suggested for: the first of the most severe standing findings, in
    /// the order the text report lists them; nil when nothing stands.
    package static func exampleRule(of report: Report) -> String? {
        var best: Finding?
        for finding in report.inputs.flatMap(\.findings) where !finding.suppressed {
            if best == nil || finding.severity < best!.severity { best = finding }
        }
        return best?.rule
    }

    /// The hint after the verdict, naming a rule of the report as the example.
    /// What CI formats that need a rule for everything (SARIF's rules, GitLab's check names,
    /// annotation titles) call an input that could not be checked.
    package static let inputNotCheckedID = "input-not-checked"

    package static func explainHint(rule: String) -> String {
        "Run 'bundlecheck --explain <rule>' for why a rule matters and how to fix it, e.g. bundlecheck --explain \(rule)."
    }
}
