/// How much of a YAML file (a rule pack, a configuration, a data table) `YAMLParser` is
/// willing to take.
///
/// The defaults are far above any rule file bundlecheck ships or a team writes, and low
/// enough that a hostile file cannot make the tree it builds grow without bound. The one
/// place these caps live; docs/limits.md lists them with their values. Past any of them the
/// file is refused with a `YAMLError` naming the cap.
package struct YAMLLimits: Sendable, Hashable {
    /// Largest file read, in bytes; checked before libyaml sees a byte.
    package var maxBytes: Int
    /// Deepest nesting of lists and mappings: the document's top-level collection is depth 1.
    package var maxDepth: Int
    /// Most nodes (scalars, lists and mappings, keys included) in one document.
    package var maxNodes: Int

    package init(maxBytes: Int = 4 * 1024 * 1024, maxDepth: Int = 64, maxNodes: Int = 200_000) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
        self.maxNodes = maxNodes
    }

    package static let standard = YAMLLimits()
}
