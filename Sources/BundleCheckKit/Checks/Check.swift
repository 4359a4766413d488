/// A built-in check: Swift code that looks at a whole package and reports findings.
public protocol Check: Sendable {
    var rule: RuleDescription { get }
    func run(in context: CheckContext) -> [Finding]
}
