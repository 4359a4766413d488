/// How a rule finds problems: Swift code, or a declarative matcher from its YAML file.
public enum RuleImplementation: Sendable {
    case builtIn(BuiltInCheck)
    case matcher(Matcher)
}
