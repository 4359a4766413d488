/// What follows a rendition's header and properties, by its tag.
package enum CARRenditionPayload: Sendable, Hashable {
    /// A bitmap's compressed pixels (`CELM`).
    case pixels(CARPixelPayload)
    /// A file kept whole (`RAWD`): JPEG, PDF, data.
    case rawData(CARRawData)
    /// An app icon's sizes (`MSIS`).
    case multisizeImageSet(CARMultisizeImageSet)
    /// A colour (`COLR`).
    case color(CARColor)
    /// A named gradient of an Icon Composer icon (`ARGG`).
    case gradient(CARGradient)
    /// No payload: an internal link, whose pixels are in another rendition.
    case none
    /// A payload of another tag (its first four bytes as the file has them).
    case unknown(tag: [UInt8], length: Int)

    static func read(_ bytes: CARBytes, at start: Int, limits: AssetCatalogLimits) throws(AssetCatalogError) -> CARRenditionPayload {
        if start == bytes.count { return .none }
        if bytes.hasTag("CELM", at: start) { return .pixels(try CARPixelPayload.read(bytes, at: start, limits: limits)) }
        if bytes.hasTag("RAWD", at: start) { return .rawData(try CARRawData.read(bytes, at: start)) }
        if bytes.hasTag("MSIS", at: start) { return .multisizeImageSet(try CARMultisizeImageSet.read(bytes, at: start, limits: limits)) }
        if bytes.hasTag("COLR", at: start) { return .color(try CARColor.read(bytes, at: start, limits: limits)) }
        if bytes.hasTag("GGRA", at: start) { return .gradient(try CARGradient.read(bytes, at: start, limits: limits)) }
        return .unknown(tag: Array(try bytes.slice(at: start, count: min(4, bytes.count - start))), length: bytes.count - start)
    }
}
