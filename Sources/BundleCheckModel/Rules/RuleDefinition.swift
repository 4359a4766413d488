/// One rule of the catalogue, as its `Rules/<id>.yml` file describes it.
///
/// The YAML file is the single source of everything here; a built-in check
/// (Swift code) only decides where the rule fires.
public struct RuleDefinition: Sendable {
    /// Stable id, a public contract: the file name, and what reports, configuration and baselines use.
    public let id: String
    public let title: String
    public let severity: Severity
    /// A grouping for the catalogue: `versions`, `structure`, `hygiene`, `security`, …
    public let category: String
    /// Codes Apple's validation prints for the same problem; never invented.
    public let appleCodes: [String]
    /// Why Apple rejects it, or why it breaks at run time.
    public let rationale: String
    /// How to fix it.
    public let fix: String
    public let scope: RuleScope
    public let implementation: RuleImplementation
    public let examples: [RuleExample]
    /// Where the rule was read from, for messages and for examples that fail.
    public let source: RuleSource
    /// A matcher rule's message, with `{file}`, `{name}`, `{bundle}`, `{key-path}` and `{value}`
    /// filled from each hit; nil means the title followed by the location.
    public let messageTemplate: String?
    /// A matcher hit whose value holds an unexpanded `$(VAR)` is dropped, so one mistake gives one
    /// finding, unless the rule is the one that reports them (`reports-unexpanded-variables: true`).
    public let reportsUnexpandedVariables: Bool

    public init(
        id: String,
        title: String,
        severity: Severity,
        category: String,
        appleCodes: [String],
        rationale: String,
        fix: String,
        scope: RuleScope,
        implementation: RuleImplementation,
        examples: [RuleExample],
        source: RuleSource,
        messageTemplate: String? = nil,
        reportsUnexpandedVariables: Bool = false
    ) {
        self.id = id
        self.title = title
        self.severity = severity
        self.category = category
        self.appleCodes = appleCodes
        self.rationale = rationale
        self.fix = fix
        self.scope = scope
        self.implementation = implementation
        self.examples = examples
        self.source = source
        self.messageTemplate = messageTemplate
        self.reportsUnexpandedVariables = reportsUnexpandedVariables
    }

    /// The same rule at another severity, as a configuration may ask.
    public func with(severity: Severity) -> RuleDefinition {
        RuleDefinition(
            id: id, title: title, severity: severity, category: category, appleCodes: appleCodes,
            rationale: rationale, fix: fix, scope: scope, implementation: implementation,
            examples: examples, source: source, messageTemplate: messageTemplate,
            reportsUnexpandedVariables: reportsUnexpandedVariables
        )
    }
}
