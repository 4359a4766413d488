/// How a rule finds problems: Swift code, or a declarative matcher from its YAML file.
public enum RuleImplementation: Sendable {
    /// A built-in check of the inspection layer, by name: the rule's id, unless its file names
    /// another with `check:`.
    case builtIn(check: String)
    case matcher(Matcher)
}
