/// Where a rendition of layout "internal link" (1003) finds its pixels: a frame inside another
/// rendition's bitmap, the atlas (`ZZZZPackedAsset-…`, layout 1004) `actool` packed it into.
///
/// Property 1010: the tag `INLK`, 4 bytes (0), the frame (`CARFrame`, y counted from the
/// bottom), the layout the pixels have (16 bits: 12), the key's length in bytes (32 bits), then
/// the key of the rendition linked to as attribute pairs ended by a 0 pair (element 9, part 181,
/// scale, idiom and dimension 1 in the corpus).
package struct CARInternalLink: Sendable, Hashable {
    package let frame: CARFrame
    package let layout: CARRenditionLayout
    /// The linked rendition's key, its 0 pairs left out.
    package let key: [CARAttributePair]

    package init(frame: CARFrame, layout: CARRenditionLayout, key: [CARAttributePair]) {
        self.frame = frame
        self.layout = layout
        self.key = key
    }

    static func read(_ property: CARRenditionTLV, block: UInt32, limits: AssetCatalogLimits) throws(AssetCatalogError) -> CARInternalLink {
        let bytes = property.bytes(block: block)
        try bytes.requireTag("INLK")
        let frame = try CARFrame.read(bytes, at: 8)
        let layout = CARRenditionLayout(rawValue: try bytes.uint16(at: 24))
        let keyLength = try bytes.uint32(at: 26)
        guard keyLength % 4 == 0, UInt64(keyLength) == UInt64(bytes.count - 30) else {
            throw .malformedProperty(
                block: block, offset: property.offset, type: property.type, detail: "a link key of \(keyLength) bytes in \(bytes.count - 30)")
        }
        let pairs = try CARAttributePair.read(bytes, at: 30, count: Int(keyLength) / 4, limits: limits)
        return CARInternalLink(frame: frame, layout: layout, key: pairs.filter { $0.value != 0 })
    }
}
