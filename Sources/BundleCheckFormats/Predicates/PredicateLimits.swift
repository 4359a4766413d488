/// How much of an untrusted NSPredicate text `PredicateParser` is willing to take.
///
/// The defaults are far above any activation rule a share extension states, and low enough
/// that hostile text cannot exhaust the parser's stack (it descends recursively, one level
/// per nesting) or its time. The one place these caps live; docs/limits.md lists them with
/// their values. Past either cap the text is a syntax error naming the cap.
struct PredicateLimits: Sendable, Hashable {
    /// Longest predicate accepted, in UTF-8 bytes.
    var maxBytes: Int
    /// Deepest nesting accepted: parentheses, NOT, SUBQUERY, aggregates, calls, and nodes
    /// of the tree (a chain of `+` is as deep as it is long).
    var maxDepth: Int

    init(maxBytes: Int = 65_536, maxDepth: Int = 200) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
    }

    static let standard = PredicateLimits()
}
