/// How much a semantic issue of a predicate matters.
public enum PredicateIssueSeverity: String, Sendable, Hashable {
    /// The predicate cannot work as written.
    case error
    /// Worth a look, but possibly intended (a custom type identifier).
    case note
}
