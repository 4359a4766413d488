/// How much of an untrusted small XML document `XMLTreeReader` takes (docs/limits.md).
package struct XMLTreeLimits: Sendable, Hashable {
    /// Size of the document.
    package var maxBytes: Int
    /// Elements in the document, the root included.
    package var maxElements: Int
    /// Nesting of elements; the root is 1.
    package var maxDepth: Int
    /// Attributes on one element.
    package var maxAttributes: Int

    package init(maxBytes: Int = 8 << 20, maxElements: Int = 200_000, maxDepth: Int = 64, maxAttributes: Int = 64) {
        self.maxBytes = maxBytes
        self.maxElements = maxElements
        self.maxDepth = maxDepth
        self.maxAttributes = maxAttributes
    }

    package static let standard = XMLTreeLimits()
}
