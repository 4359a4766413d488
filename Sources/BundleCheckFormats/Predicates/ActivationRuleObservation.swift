/// One thing the analysis of an activation rule found; the checks turn each into a finding.
public enum ActivationRuleObservation: Sendable, Hashable {
    /// There is no rule: the extension is never offered (activation-rule-missing).
    case missing
    /// The rule accepts everything (activation-rule-truepredicate): the predicate folds to
    /// true; `literally` when it is TRUEPREDICATE itself, in any case or spacing.
    case alwaysTrue(literally: Bool, location: PredicateSourceLocation)
    /// The rule accepts nothing (activation-rule-never-matches), and why.
    case neverMatches(reason: String)
    /// A type or value Apple rejects (activation-rule-invalid).
    case invalid(ActivationRuleProblem)
    /// Possibly intended, such as a custom type identifier; `kind` is `.value`.
    case note(ActivationRuleProblem)
}
