/// How an activation rule is written.
public enum ActivationRuleForm: Sendable, Hashable {
    case missing
    /// A predicate string; the tree is nil when it is empty or does not parse.
    case predicate(Predicate?)
    case dictionary
    /// A predicate string holding `$(…)`/`${…}` build settings that Xcode
    /// should have expanded; left to the `unexpanded-variable` rule, so one mistake is one finding.
    case unexpanded
    /// An array, integer or other value that cannot be a rule; the plist type's name.
    case other(String)
}
