/// Why a finding is accepted: it stays in the JSON and SARIF reports with this, but is counted
/// in no severity and never fails the run.
public struct Suppression: Sendable, Hashable {
    /// Who accepted it.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// `--baseline` (or the configuration's `baseline:`) lists its fingerprint.
        case baseline
        /// An `ignore:` entry of the configuration matches its rule and path.
        case configuration
    }

    public let kind: Kind
    /// For people reading the report: the `reason:` of the ignore entry, or where the baseline is.
    public let reason: String

    package init(kind: Kind, reason: String) {
        self.kind = kind
        self.reason = reason
    }

    /// A baseline's suppression: the file holds fingerprints only, so the reason is the same for all.
    package static let baseline = Suppression(kind: .baseline, reason: "listed in the baseline file")
}

extension InputReport {
    /// The input with each finding `suppression` returns a suppression for marked with it;
    /// findings already suppressed keep their first suppression.
    package func suppressing(_ suppression: (Finding) -> Suppression?) -> InputReport {
        InputReport(
            path: path,
            kind: kind,
            container: container,
            size: size,
            error: error,
            bundles: bundles,
            findings: findings.map { finding in
                guard !finding.suppressed, let reason = suppression(finding) else { return finding }
                return finding.suppressing(reason)
            },
            distribution: distribution
        )
    }
}
