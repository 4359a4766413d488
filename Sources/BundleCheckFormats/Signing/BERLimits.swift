/// How much structure `BERReader` accepts before refusing the input.
///
/// Both caps keep hostile input cheap: depth bounds the reader's recursion (and so
/// its stack), the element count bounds the tree it builds. A real provisioning
/// profile nests about 12 deep and holds a few hundred elements.
public struct BERLimits: Sendable, Hashable {
    public var maximumDepth: Int
    public var maximumElementCount: Int

    public init(maximumDepth: Int, maximumElementCount: Int) {
        self.maximumDepth = maximumDepth
        self.maximumElementCount = maximumElementCount
    }

    public static let standard = BERLimits(maximumDepth: 64, maximumElementCount: 100_000)
}
