/// How much of an untrusted JSON document `JSONParser` is willing to take.
///
/// The defaults are far above any report `bundlecheck --format json` writes, and low enough
/// that a hostile document cannot make a parse take unbounded memory or time. The one place
/// these caps live; docs/limits.md lists them with their values. Past a cap the document is
/// refused with the `JSONParseError.Reason` case that names it.
package struct JSONLimits: Sendable, Hashable {
    /// Largest document accepted, in bytes (a byte-order mark included).
    package var maxBytes: Int
    /// Most arrays and objects open at once; a container at the top is level 1.
    ///
    /// Higher than a hand-written document needs: a report nests an entitlements plist, which
    /// the plist reader takes up to 256 levels deep, 7 levels down (`PropertyListLimits`).
    package var maxDepth: Int
    /// Most values in one document, containers and scalars alike; an object member's key is
    /// not a value (its value is), so this bounds the members too.
    package var maxValues: Int
    /// Longest string, keys included, in bytes of UTF-8 after its escapes are decoded.
    package var maxStringBytes: Int
    /// Longest number literal, in bytes: sign, digits, point and exponent.
    package var maxNumberLength: Int

    package init(
        maxBytes: Int = 32 << 20, maxDepth: Int = 512, maxValues: Int = 2_000_000, maxStringBytes: Int = 16 << 20,
        maxNumberLength: Int = 256
    ) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
        self.maxValues = maxValues
        self.maxStringBytes = maxStringBytes
        self.maxNumberLength = maxNumberLength
    }

    package static let `default` = JSONLimits()
}
