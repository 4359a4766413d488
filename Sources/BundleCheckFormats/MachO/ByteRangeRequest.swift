/// A range of the file that a slice's load commands point at and a check needs.
struct ByteRangeRequest: Sendable, Hashable {
    /// From the start of the file (the slice's offset already added).
    var offset: UInt64
    var length: UInt64
    var purpose: ByteRangePurpose
}
