/// What changed in one bundle between OLD and NEW, or that it was added or removed.
public struct BundleDiff: Sendable {
    public enum Status: String, Sendable {
        case added
        case removed
        case changed
        case unchanged
    }

    public let pair: BundlePair
    public let status: Status
    /// The differences, facet by facet in `InventoryFacet.all`'s order (empty for a bundle on one side only).
    public let changes: [FacetChange]
    /// Facets one side's report did not record (an older bundlecheck wrote it), with the side.
    public let notRecorded: [NotRecorded]
    public let size: SizeDiff?

    public struct NotRecorded: Sendable, Hashable {
        public let facet: String
        public let side: ReviewSide
    }
}
