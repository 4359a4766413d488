/// One entry of `RENDITIONS`: a variant of an asset (a scale, an idiom, a size of an icon) with
/// its key, its CSI header and its properties, and the block that holds its payload, which is
/// not read until `AssetCatalog.payload(of:in:)` or `bitmap(of:in:)` asks for it.
package struct CARRendition: Sendable, Hashable {
    /// The block of the rendition's value: the CSI header, the properties, the payload.
    package let block: UInt32
    package let key: CARRenditionKey
    package let header: CARRenditionHeader
    package let properties: [CARRenditionTLV]
    /// The name of the facet whose identifier the key carries; nil for an atlas (identifier 0).
    package let facetName: String?
    /// Property 1010, for a rendition of layout "internal link".
    package let internalLink: CARInternalLink?
    /// Property 1012, for a layer stack.
    package let layers: [CARLayerReference]
    /// Property 1007, the bytes of one row of the bitmap; nil when the rendition has none.
    package let rowBytes: UInt32?

    package init(
        block: UInt32, key: CARRenditionKey, header: CARRenditionHeader, properties: [CARRenditionTLV], facetName: String?,
        internalLink: CARInternalLink?, layers: [CARLayerReference], rowBytes: UInt32?
    ) {
        self.block = block
        self.key = key
        self.header = header
        self.properties = properties
        self.facetName = facetName
        self.internalLink = internalLink
        self.layers = layers
        self.rowBytes = rowBytes
    }

    /// Where the payload starts in the rendition's block.
    package var payloadOffset: Int { CARRenditionHeader.length + Int(header.propertiesLength) }
    /// What the catalog stores for the rendition: its header, properties and payload.
    package var storedBytes: Int { payloadOffset + Int(header.payloadLength) }

    /// The UTI property (1005), `public.layeredimage` on a tvOS layer stack.
    package var uti: String? {
        guard let property = properties.first(where: { $0.type == CARRenditionTLV.uti }), property.value.count >= 8 else { return nil }
        let text = property.value.dropFirst(8)
        return String(decoding: text[..<(text.firstIndex(of: 0) ?? text.endIndex)], as: UTF8.self)
    }

    /// Reads the header and properties of the rendition in block `id`, fetching only their bytes.
    static func read(
        _ source: some BOMBlockSource, block id: UInt32, key: CARRenditionKey, facetName: String?, limits: AssetCatalogLimits
    ) throws(AssetCatalogError) -> CARRendition {
        let (length, prefix) = try bom { () throws(BOMError) in
            (try source.blockLength(id, part: "a rendition"), try source.blockPrefix(id, count: CARRenditionHeader.length, part: "a rendition"))
        }
        let header = try CARRenditionHeader.read(CARBytes(prefix, part: "rendition header"))
        guard UInt64(header.propertiesLength) <= UInt64(limits.maxPropertyBytes) else {
            throw .propertiesTooLong(block: id, length: header.propertiesLength, limit: limits.maxPropertyBytes)
        }
        let available = length - CARRenditionHeader.length
        guard UInt64(header.propertiesLength) <= UInt64(available) else {
            throw .propertyPastEnd(block: id, offset: CARRenditionHeader.length, type: 0, length: header.propertiesLength, available: available)
        }
        guard UInt64(header.payloadLength) == UInt64(available - Int(header.propertiesLength)) else {
            throw .payloadLengthMismatch(block: id, declared: header.payloadLength, available: available - Int(header.propertiesLength))
        }
        let withProperties = try bom { () throws(BOMError) in
            try source.blockPrefix(id, count: CARRenditionHeader.length + Int(header.propertiesLength), part: "a rendition")
        }
        let bytes = CARBytes(withProperties, part: "rendition properties")
        let properties = try CARRenditionTLV.readAll(bytes, from: CARRenditionHeader.length, length: Int(header.propertiesLength))
        var link: CARInternalLink?
        var layers: [CARLayerReference] = []
        var rowBytes: UInt32?
        for property in properties {
            switch property.type {
            case CARRenditionTLV.internalLink: link = try CARInternalLink.read(property, block: id, limits: limits)
            case CARRenditionTLV.layerReferences: layers = try CARLayerReference.readAll(property, block: id, limits: limits)
            case CARRenditionTLV.rowBytes: rowBytes = try property.uint32(block: id)
            default: break
            }
        }
        return CARRendition(
            block: id, key: key, header: header, properties: properties, facetName: facetName, internalLink: link, layers: layers, rowBytes: rowBytes
        )
    }
}

/// Runs a read of the BOM layer, its error passed on as `AssetCatalogError.bom`.
func bom<T>(_ read: () throws(BOMError) -> T) throws(AssetCatalogError) -> T {
    do {
        return try read()
    } catch {
        throw .bom(error)
    }
}
