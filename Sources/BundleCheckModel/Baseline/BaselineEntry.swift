/// One accepted finding in a baseline: its fingerprint, with the rule and bundle for people reading the file.
public struct BaselineEntry: Sendable, Hashable {
    /// What suppression compares: `Finding.fingerprint` (rule, bundle, key path, value identity).
    public let fingerprint: String
    public let rule: String
    /// Nil for findings about the whole package.
    public let bundle: String?

    public init(fingerprint: String, rule: String, bundle: String?) {
        self.fingerprint = fingerprint
        self.rule = rule
        self.bundle = bundle
    }

    public init(_ finding: Finding) {
        self.init(fingerprint: finding.fingerprint, rule: finding.rule, bundle: finding.bundle)
    }

    /// The file's order: rule, bundle, fingerprint, so a re-written baseline diffs by line.
    static func fileOrder(_ lhs: BaselineEntry, _ rhs: BaselineEntry) -> Bool {
        (lhs.rule, lhs.bundle ?? "", lhs.fingerprint) < (rhs.rule, rhs.bundle ?? "", rhs.fingerprint)
    }
}
