/// How much of an untrusted compiled asset catalog (`Assets.car`) the CAR reader takes, on top
/// of the BOM store's own caps (`BOMLimits`). The one place these caps live; docs/limits.md
/// lists them.
///
/// Apple's catalogs are far below every one: the corpus has at most 34 renditions, 13 key
/// attributes, 176 bytes of rendition properties and a largest bitmap of 4 MiB (1024×1024
/// ARGB). The caps bound what a hostile catalog can make the reader allocate or loop over
/// before any byte is trusted: each count and size is checked before anything is made from it.
package struct AssetCatalogLimits: Sendable, Hashable {
    /// Attributes of the key format (`KEYFORMAT`); the attribute ids known go to 27.
    package var maxKeyAttributes: Int
    /// Entries of `RENDITIONS` that are listed.
    package var maxRenditions: Int
    /// Entries of `FACETKEYS` that are listed.
    package var maxFacets: Int
    /// Entries of `APPEARANCEKEYS` (CoreUI names a handful: any, dark, light, tinted, high contrast).
    package var maxAppearances: Int
    /// Attribute pairs of one facet, or of one key inside a link or a layer reference.
    package var maxAttributePairs: Int
    /// Bytes of one rendition's properties (the TLVs after the CSI header).
    package var maxPropertyBytes: Int
    /// Bytes of properties over all the renditions listed. Entries of `RENDITIONS` can all name
    /// one value block, so `maxRenditions` × `maxPropertyBytes` bounds nothing a file pays for:
    /// a 285 KB catalogue of 16,384 entries on one 128 KiB value made listing copy 2 GiB.
    package var maxListedPropertyBytes: Int
    /// Width or height, in pixels, of a bitmap that is decoded.
    package var maxBitmapDimension: Int
    /// Bytes one decoded bitmap may take (its row bytes times its height).
    package var maxBitmapBytes: Int
    /// `KCBC` chunks of one pixel payload.
    package var maxChunks: Int
    /// Entries of one multisize image set (`SISM`) and layers of one layer stack.
    package var maxSetEntries: Int
    /// Bytes an Icon Composer vector layer's SVG may decode to (the corpus's is 1,682).
    package var maxVectorBytes: Int

    package init(
        maxKeyAttributes: Int = 64, maxRenditions: Int = 262_144, maxFacets: Int = 262_144, maxAttributePairs: Int = 64,
        maxPropertyBytes: Int = 1 << 20, maxBitmapDimension: Int = 16_384, maxBitmapBytes: Int = 256 << 20,
        maxChunks: Int = 16_384, maxSetEntries: Int = 4096, maxListedPropertyBytes: Int = 16 << 20, maxAppearances: Int = 4096,
        maxVectorBytes: Int = 16 << 20
    ) {
        self.maxVectorBytes = maxVectorBytes
        self.maxAppearances = maxAppearances
        self.maxKeyAttributes = maxKeyAttributes
        self.maxRenditions = maxRenditions
        self.maxFacets = maxFacets
        self.maxAttributePairs = maxAttributePairs
        self.maxPropertyBytes = maxPropertyBytes
        self.maxListedPropertyBytes = maxListedPropertyBytes
        self.maxBitmapDimension = maxBitmapDimension
        self.maxBitmapBytes = maxBitmapBytes
        self.maxChunks = maxChunks
        self.maxSetEntries = maxSetEntries
    }

    package static let standard = AssetCatalogLimits()
}
