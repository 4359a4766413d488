import Testing

@testable import BundleCheckFixtures
@testable import BundleCheckFormats

/// A catalog of one facet and its renditions laid out by hand in a BOM store (`BOMWriter`), as
/// the corpus's catalogs are, for the hostile-input tests to break one field at a time. Not a
/// catalog writer: only the fields the reader checks are written, each as the corpus has it.
struct CARHostileInput {
    static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    static func tag(_ text: String) -> [UInt8] { Array(text.utf8.reversed()) }

    /// Key format: scale, idiom, identifier, element, part.
    var keyFormat: [UInt8] = tag("kfmt") + le32(0) + le32(5) + [12, 15, 17, 1, 2].flatMap { le32($0) }
    var header: [UInt8] = tag("CTAR") + le32(804) + le32(17) + le32(0) + le32(2) + [UInt8](repeating: 0, count: 416)
    var facetValue: [UInt8] = le16(0) + le16(0) + le16(3) + le16(1) + le16(85) + le16(2) + le16(220) + le16(17) + le16(42)
    /// (key, value) of each rendition, in key order.
    var renditions: [(key: [UInt8], value: [UInt8])] = []

    /// A CSI header of `width`×`height` ARGB pixels, `properties` after it and `payload` last.
    static func rendition(
        width: UInt32, height: UInt32, layout: UInt16 = 12, format: String = "ARGB", properties: [UInt8], payload: [UInt8], name: String = "Icon.png"
    ) -> [UInt8] {
        var bytes: [UInt8] = tag("CTSI") + le32(1) + le32(0) + le32(width)
        bytes += le32(height) + le32(100) + tag(format) + le32(1) + le32(0)
        bytes += le16(layout) + le16(0) + Array(name.utf8) + [UInt8](repeating: 0, count: 128 - name.utf8.count)
        bytes += le32(UInt32(properties.count)) + le32(1) + le32(0) + le32(UInt32(payload.count))
        return bytes + properties + payload
    }

    static func property(_ type: UInt32, _ value: [UInt8]) -> [UInt8] { le32(type) + le32(UInt32(value.count)) + value }

    /// A `CELM` payload of one stream or of `CBCK` chunks (rows, stream).
    static func pixels(compression: UInt32 = 0, stream: [UInt8]) -> [UInt8] {
        tag("CELM") + le32(0) + le32(compression) + le32(UInt32(stream.count)) + stream
    }

    static func chunkedPixels(compression: UInt32 = 0, chunks: [(rows: UInt32, stream: [UInt8])], declaredCount: UInt32? = nil) -> [UInt8] {
        var bytes: [UInt8] = tag("CELM") + le32(3) + le32(compression)
        bytes += le32(declaredCount ?? UInt32(chunks.count))
        for chunk in chunks {
            bytes += tag("CBCK") + le32(0) + le32(0)
            bytes += le32(chunk.rows) + le32(UInt32(chunk.stream.count)) + chunk.stream
        }
        return bytes
    }

    /// 2×2 ARGB pixels, rows of 8 bytes: opaque red, green, blue, and a clear pixel.
    static let pixels2x2: [UInt8] = [0, 0, 255, 255, 0, 255, 0, 255, 255, 0, 0, 255, 0, 0, 0, 0]

    static func key(scale: UInt16 = 1, idiom: UInt16 = 6, identifier: UInt16 = 42, element: UInt16 = 85, part: UInt16 = 220) -> [UInt8] {
        [scale, idiom, identifier, element, part].flatMap { le16($0) }
    }

    /// The plain catalog: one 2×2 uncompressed icon.
    static var plain: CARHostileInput {
        var input = CARHostileInput()
        input.renditions = [(key(), rendition(width: 2, height: 2, properties: property(1007, le32(8)), payload: pixels(stream: pixels2x2)))]
        return input
    }

    /// The store's bytes; `rendition` and the header's other blocks can be edited afterwards.
    func store() -> BOMWriter.Store {
        var store = BOMWriter.Store()
        store.addVariable("CARHEADER", store.add(header))
        store.addVariable("RENDITIONS", store.addTree(pairs: renditions))
        store.addVariable("FACETKEYS", store.addTree(pairs: [(key: Array("AppIcon".utf8), value: facetValue)]))
        store.addVariable("KEYFORMAT", store.add(keyFormat))
        return store
    }

    func bytes() -> [UInt8] { store().write() }

    /// The catalog read, or its error; a crash fails the whole run.
    func read(limits: AssetCatalogLimits = .standard) -> Result<(BOMStore, AssetCatalog), AssetCatalogError> {
        Self.read(bytes(), limits: limits)
    }

    static func read(_ bytes: [UInt8], limits: AssetCatalogLimits = .standard) -> Result<(BOMStore, AssetCatalog), AssetCatalogError> {
        let store: BOMStore
        do { store = try BOMStore(bytes: bytes) } catch { return .failure(.bom(error)) }
        return Result { () throws(AssetCatalogError) in (store, try AssetCatalog.read(store, limits: limits)) }
    }

    /// The first rendition's bitmap, or the error of reading the catalog or decoding it.
    func bitmap(limits: AssetCatalogLimits = .standard) -> Result<CARBitmap, AssetCatalogError> {
        read(limits: limits).flatMap { store, catalog in
            Result { () throws(AssetCatalogError) in try catalog.bitmap(of: catalog.renditions[0], in: store) }
        }
    }
}
