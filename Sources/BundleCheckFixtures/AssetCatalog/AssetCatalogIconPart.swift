/// The parts of an Icon Composer icon that are not layers (`AssetCatalogIconLayers`) as Xcode
/// 26.0's actool writes them (the corpus's icon-composer catalogue): each a value of no size
/// (0×0, scale factor 0, colour space 0) with the properties 1004 and 1006 only.
///
/// - a named gradient (layout 1021, no pixel format, 1004 opacity 0): `ARGG`, the stop count,
///   1 with two stops and 0 with one (as there), 0, the start (0.5, 0) and end (0.5, 1), then
///   per stop its location, the colour's name length with its NUL, and the name;
/// - a colour (layout 1009, no pixel format, 1004 opacity 0): `COLR` (`RLOC` in the file),
///   version 1, the flags (the corpus's: 3 for display P3 with alpha, 2 and 6 for grey), the
///   component count and the components as 64-bit floats;
/// - an SVG layer (layout 9, pixel format `SVG `, flags 4, 1004 opacity 1, named `image.svg`):
///   raw data of version 1 holding the SVG as an LZFSE stream of one LZVN block.
enum AssetCatalogIconPart: Sendable, Hashable {
    case gradient(stops: [Stop])
    case color(flags: UInt32, components: [Double])
    case vector(svg: [UInt8])

    struct Stop: Sendable, Hashable {
        var location: Float
        /// The colour's facet name (`AppIcon_Assets/Color-2`).
        var color: String
    }

    /// What the rendition's header names it: a gradient and a colour by their facet, an SVG
    /// layer `image.svg`.
    func fileName(facet: String) -> String {
        if case .vector = self { return "image.svg" }
        return facet
    }

    func value(facet: String) -> [UInt8] {
        typealias Value = AssetCatalogRenditionValue
        let le32 = AssetCatalogKeys.littleEndian32
        switch self {
        case .gradient(let stops):
            var payload = Array("ARGG".utf8) + le32(UInt32(stops.count)) + le32(stops.count > 1 ? 1 : 0) + le32(0)
            payload += [Float(0.5), 0, 0.5, 1].flatMap { le32($0.bitPattern) }
            for stop in stops {
                let name = Array(stop.color.utf8) + [0]
                payload += le32(stop.location.bitPattern) + le32(UInt32(name.count)) + name
            }
            return part(.namedGradient, facet: facet, opacity: 0, payload: payload)
        case .color(let flags, let components):
            let payload = Array("RLOC".utf8) + le32(1) + le32(flags) + le32(UInt32(components.count)) + components.flatMap { doubleBytes($0) }
            return part(.color, facet: facet, opacity: 0, payload: payload)
        case .vector(let svg):
            let stream = LZFSEStreamWriter.lzvn(svg[...])
            let payload = Array("DWAR".utf8) + le32(1) + le32(UInt32(stream.count)) + stream
            return part(.vector, facet: facet, opacity: 1, payload: payload, flags: 4, pixelFormat: Value.pixelFormatSVG)
        }
    }

    private func part(
        _ layout: AssetCatalogRenditionValue.Layout, facet: String, opacity: Float, payload: [UInt8], flags: UInt32 = 0,
        pixelFormat: [UInt8] = AssetCatalogRenditionValue.pixelFormatNone
    ) -> [UInt8] {
        typealias Value = AssetCatalogRenditionValue
        return Value.value(
            flags: flags, width: 0, height: 0, scale: 0, pixelFormat: pixelFormat, colorSpace: 0, layout: layout, name: fileName(facet: facet),
            tlvs: [(.composition, Value.composition(opacity: opacity)), (.bitmapInfo, Value.bitmapInfo)], payload: payload)
    }

    private func doubleBytes(_ value: Double) -> [UInt8] {
        let bits = value.bitPattern
        return (0..<8).map { UInt8(truncatingIfNeeded: bits >> ($0 * 8)) }
    }
}
