/// How much structure `BERReader` accepts before refusing the input: the caps of the
/// BER/CMS reader behind provisioning profiles, their certificates and signature CMS blobs.
///
/// Both caps keep hostile input cheap: depth bounds the reader's recursion (and so
/// its stack), the element count bounds the tree it builds. A real provisioning
/// profile nests about 12 deep and holds a few hundred elements. Past either, the
/// input is refused with a `BERError` naming the cap. Lengths need no cap of their
/// own: each is checked against the bytes that remain before anything is sliced, and
/// the input's size is capped by whoever read it (`SigningLoader.smallFileLimit`).
/// The one place these caps live; docs/limits.md lists them with their values.
package struct BERLimits: Sendable, Hashable {
    /// Deepest nesting of elements; the outermost element is depth 0.
    package var maximumDepth: Int
    /// Most elements in one input, counting every nested one.
    package var maximumElementCount: Int

    package init(maximumDepth: Int, maximumElementCount: Int) {
        self.maximumDepth = maximumDepth
        self.maximumElementCount = maximumElementCount
    }

    package static let standard = BERLimits(maximumDepth: 64, maximumElementCount: 100_000)
}
