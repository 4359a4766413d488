/// One layer of a tvOS layered image (a rendition of layout "layer stack", 1002): which
/// rendition it draws, where, how.
///
/// Property 1012: the number of layers, 4 bytes (0), then for each layer 4 bytes not
/// understood (the same in both layers of the corpus's), the frame (`CARFrame`), the blend mode,
/// the opacity (a 32-bit float), the key's length and the key of the layer's rendition as
/// attribute pairs ended by a 0 pair (element, part and the identifier of `App Icon/Front/Content`).
package struct CARLayerReference: Sendable, Hashable {
    package let frame: CARFrame
    package let blendMode: UInt32
    package let opacity: Float
    /// The layer's rendition's key, its 0 pairs left out.
    package let key: [CARAttributePair]

    /// The identifier of the facet the layer draws, nil when the key names none.
    package var identifier: UInt16? { key.first { $0.attribute == .identifier }?.value }
    /// The part of the layer's rendition (181 an image, 246 an icon group, 247 a gradient).
    package var part: UInt16? { key.first { $0.attribute == .part }?.value }

    package init(frame: CARFrame, blendMode: UInt32, opacity: Float, key: [CARAttributePair]) {
        self.frame = frame
        self.blendMode = blendMode
        self.opacity = opacity
        self.key = key
    }

    static func readAll(_ property: CARRenditionTLV, block: UInt32, limits: AssetCatalogLimits) throws(AssetCatalogError) -> [CARLayerReference] {
        let bytes = property.bytes(block: block)
        let count = try bytes.uint32(at: 0)
        guard UInt64(count) <= UInt64(limits.maxSetEntries) else { throw .tooManySetEntries(block: block, count: count, limit: limits.maxSetEntries) }
        var layers: [CARLayerReference] = []
        var offset = 8
        for _ in 0..<Int(count) {
            let keyLength = try bytes.uint32(at: offset + 28)
            guard keyLength % 4 == 0, UInt64(keyLength) <= UInt64(bytes.count - offset - 32) else {
                throw .malformedProperty(
                    block: block, offset: property.offset, type: property.type, detail: "a layer key of \(keyLength) bytes at \(offset + 32) of \(bytes.count)")
            }
            let pairs = try CARAttributePair.read(bytes, at: offset + 32, count: Int(keyLength) / 4, limits: limits)
            layers.append(
                CARLayerReference(
                    frame: try CARFrame.read(bytes, at: offset + 4), blendMode: try bytes.uint32(at: offset + 20), opacity: try bytes.float32(at: offset + 24),
                    key: pairs.filter { $0.value != 0 }
                ))
            offset += 32 + Int(keyLength)
        }
        guard offset == bytes.count else {
            throw .malformedProperty(
                block: block, offset: property.offset, type: property.type, detail: "\(bytes.count - offset) bytes after its \(count) layers")
        }
        return layers
    }
}
