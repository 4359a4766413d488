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

    /// A finding of this rule at `pointer` in a bundle's Info.plist, with the file and line filled in.
    public func finding(
        in bundle: InspectedBundle,
        at pointer: JSONPointer,
        message: String,
        appleCodes: [String],
        line: Int? = nil,
        identity: String? = nil
    ) -> Finding {
        Finding(
            rule: id,
            severity: severity,
            message: message,
            bundle: bundle.path,
            file: bundle.infoPlistPath,
            keyPath: pointer,
            line: line ?? bundle.infoPlist?.line(of: pointer),
            appleCodes: appleCodes,
            identity: identity
        )
    }
}
