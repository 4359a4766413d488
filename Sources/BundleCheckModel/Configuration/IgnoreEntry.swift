/// One `ignore:` entry of the configuration: findings of `rule` whose path inside the package
/// matches `path` are accepted for `reason`, typically a vendor framework the team cannot fix:
///
///     ignore:
///       - rule: privacy-manifest-missing
///         path: Payload/*.app/Frameworks/Vendor*.framework/**
///         reason: VendorSDK 4.2 ships without one; tracked in JIRA-123
///
/// A secret a team accepts (a sandbox key meant to ship, a public test value) is named by its
/// fingerprint, as `embedded-secret`'s finding prints it, wherever it sits; `rule` and `path`
/// then narrow it when given:
///
///     ignore:
///       - secret: sha256:1a2b3c4d
///         reason: the demo account's read-only key, published on our website
///
/// Matching findings stay in the JSON and SARIF reports, suppressed with the reason.
public struct IgnoreEntry: Sendable, Hashable {
    /// The rule whose findings it accepts; any rule's about `secret` when nil.
    public let ruleID: String?
    /// Over the finding's file, or its bundle, as the report shows them (relative to the package root).
    package let path: Glob
    public let reason: String
    /// `sha256:` and 8 hexadecimal digits: the findings about that secret (`Finding.secret`).
    public let secret: String?

    package init(rule: String?, path: Glob = Glob("**"), reason: String, secret: String? = nil) {
        self.ruleID = rule
        self.path = path
        self.reason = reason
        self.secret = secret
    }

    /// The rule it names, or `*` for an entry that names only a secret.
    public var rule: String { ruleID ?? "*" }

    public var pathPattern: String { path.pattern }

    /// Whether `text` is a secret's fingerprint as findings print it.
    package static func isSecretFingerprint(_ text: String) -> Bool {
        let digits = text.dropFirst("sha256:".count)
        return text.hasPrefix("sha256:") && digits.count == 8 && digits.allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }

    /// Whether the entry accepts `finding`: its rule, its secret, and its file or its bundle
    /// under `path`. A finding about the whole package has neither, so it is matched as the empty path.
    public func matches(_ finding: Finding) -> Bool {
        if let secret, finding.secret != secret { return false }
        if let ruleID, finding.rule != ruleID { return false }
        if secret != nil, path.pattern == "**" { return true }
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
