/// How much of an untrusted property list the parsers are willing to take.
///
/// The defaults are far above anything an Info.plist, an entitlements file or a
/// provisioning profile holds, and low enough that a hostile file cannot make a
/// parse take unbounded memory or time. The one place these caps live for both
/// parsers; docs/limits.md lists them with their values.
struct PropertyListLimits: Sendable, Hashable {
    /// Largest file accepted, in bytes.
    var maxBytes: Int
    /// Deepest nesting of arrays and dictionaries; the root value is level 1.
    ///
    /// XML documents are also bound by libxml2's own element depth limit
    /// (256 levels, counting `<plist>`), whichever is lower.
    var maxDepth: Int
    /// Most values produced by one parse, counting every dictionary key and every
    /// time a shared binary object is referenced, so a graph of shared objects that
    /// unfolds into a huge tree is refused.
    var maxValues: Int

    init(maxBytes: Int = 16 * 1024 * 1024, maxDepth: Int = 256, maxValues: Int = 1_000_000) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
        self.maxValues = maxValues
    }

    static let standard = PropertyListLimits()
}
