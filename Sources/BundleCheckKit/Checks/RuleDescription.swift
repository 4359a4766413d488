/// What a rule is, independent of any package: the metadata a finding copies.
///
/// The `Rules/` catalogue will become the single source of these fields; until
/// then each built-in check declares its own.
public struct RuleDescription: Sendable, Hashable {
    /// Stable id, a public contract: used in reports, configuration and baselines.
    public let id: String
    public let title: String
    public let severity: Severity

    public init(id: String, title: String, severity: Severity) {
        self.id = id
        self.title = title
        self.severity = severity
    }
}
