/// The aggregate modifier before a comparison's left operand (`ANY x.y == 1`).
public enum PredicateQuantifier: String, Sendable, Hashable, CaseIterable {
    /// ANY, or its synonym SOME.
    case any = "ANY"
    case all = "ALL"
    /// NONE: named so that it cannot be mistaken for `Optional.none`.
    case noneOf = "NONE"
}
