/// A built-in check: Swift code that decides where its rule fires.
///
/// Everything else about the rule (title, severity, Apple codes, rationale, fix)
/// comes from its `Rules/<id>.yml` file, handed in as `rule`.
public protocol Check: Sendable {
    func run(in context: CheckContext, as rule: RuleDefinition) -> [Finding]
}
