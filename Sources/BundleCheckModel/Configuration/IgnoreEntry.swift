/// One `ignore:` entry of the configuration: findings of `rule` whose path inside the package
/// matches `path` are accepted for `reason`, typically a vendor framework the team cannot fix:
///
///     ignore:
///       - rule: privacy-manifest-missing
///         path: Payload/*.app/Frameworks/Vendor*.framework/**
///         reason: VendorSDK 4.2 ships without one; tracked in JIRA-123
///
/// Matching findings stay in the JSON and SARIF reports, suppressed with the reason.
public struct IgnoreEntry: Sendable, Hashable {
    public let rule: String
    /// Over the finding's file, or its bundle, as the report shows them (relative to the package root).
    package let path: Glob
    public let reason: String

    package init(rule: String, path: Glob, reason: String) {
        self.rule = rule
        self.path = path
        self.reason = reason
    }

    public var pathPattern: String { path.pattern }

    /// Whether the entry accepts `finding`: its rule, and its file or its bundle under `path`.
    /// A finding about the whole package has neither, so it is matched as the empty path.
    public func matches(_ finding: Finding) -> Bool {
        guard finding.rule == rule else { return false }
        let paths = [finding.file, finding.bundle].compactMap { $0 }
        return paths.isEmpty ? path.matches("") : paths.contains(where: path.matches)
    }

    var suppression: Suppression {
        Suppression(kind: .configuration, reason: reason)
    }
}

extension Configuration {
    /// The suppression of the first `ignore:` entry that matches `finding`, with its reason.
    func suppression(for finding: Finding) -> Suppression? {
        ignores.first { $0.matches(finding) }?.suppression
    }

    /// `input` with the findings an `ignore:` entry matches marked as suppressed, with the
    /// first matching entry's reason.
    public func applyingIgnores(to input: InputReport) -> InputReport {
        guard !ignores.isEmpty else { return input }
        return input.suppressing(suppression(for:))
    }

    /// `findings` (a release review's verdicts) marked as `applyingIgnores(to:)` marks a check's.
    public func applyingIgnores(to findings: [Finding]) -> [Finding] {
        guard !ignores.isEmpty else { return findings }
        return findings.map { finding in
            guard !finding.suppressed, let suppression = suppression(for: finding) else { return finding }
            return finding.suppressing(suppression)
        }
    }
}
