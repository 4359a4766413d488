import BundleCheckModel

/// Whether the review fails, and why: a verdict (release rule or `diff:` gate) that stands at or
/// above `fail-on`, or a finding NEW brings that OLD did not have at that severity. Findings that
/// stand on both sides do not fail a review: they shipped before.
package struct ReviewVerdict {
    package let failing: [Finding]
    package let failingNew: [FindingRecord]
    package var fails: Bool { !failing.isEmpty || !failingNew.isEmpty }
    package var count: Int { failing.count + failingNew.count }

    package init(_ diff: ReleaseDiff, failOn: FailureThreshold) {
        failing = diff.verdicts.filter { !$0.suppressed && failOn.fails(on: $0.severity) }
        failingNew = diff.findings.new.filter { Severity(rawValue: $0.severity).map(failOn.fails(on:)) ?? false }
    }
}
