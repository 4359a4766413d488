/// One property of a rendition, from the type-length-value list between its CSI header and its
/// payload: a 32-bit type, a 32-bit length and that many bytes, little-endian.
///
/// Types as xcbuild's libcar and carutil name them, checked against the corpus: 1001 slices
/// (a count, then x, y, width, height each), 1003 metrics (a count, then insets and the image
/// size), 1004 blend mode and opacity (a 32-bit mode, a 32-bit float), 1005 the UTI (a length,
/// 4 bytes, the NUL-terminated text), 1006 the EXIF orientation, 1007 the bitmap's row bytes,
/// 1010 an internal link (`CARInternalLink`), 1012 a layer stack's layers (`CARLayerReference`).
/// Any other type, and the bytes of these, are kept as they are.
package struct CARRenditionTLV: Sendable, Hashable {
    package let type: UInt32
    /// Where the property's type lies in its rendition's block.
    package let offset: Int
    package let value: ArraySlice<UInt8>

    package init(type: UInt32, offset: Int, value: ArraySlice<UInt8>) {
        self.type = type
        self.offset = offset
        self.value = value
    }

    package static let slices: UInt32 = 1001
    package static let metrics: UInt32 = 1003
    package static let blendModeAndOpacity: UInt32 = 1004
    package static let uti: UInt32 = 1005
    package static let exifOrientation: UInt32 = 1006
    package static let rowBytes: UInt32 = 1007
    package static let internalLink: UInt32 = 1010
    package static let alphaCroppedFrame: UInt32 = 1011
    package static let layerReferences: UInt32 = 1012
    /// Icon Composer stacks and groups carry these two (Xcode 26); their layout is not known,
    /// so they are kept as bytes, never interpreted.
    package static let iconComposerOpaqueTypes: Set<UInt32> = [1020, 1021]

    /// The properties in `bytes` (a rendition's block) from `start`, `length` bytes of them: each
    /// must lie inside those bytes, and they must fill them exactly.
    static func readAll(_ bytes: CARBytes, from start: Int, length: Int) throws(AssetCatalogError) -> [CARRenditionTLV] {
        try bytes.require(start, length)
        var properties: [CARRenditionTLV] = []
        var offset = start
        let end = start + length
        while offset < end {
            guard end - offset >= 8 else {
                throw .propertyPastEnd(block: bytes.block, offset: offset, type: 0, length: 8, available: end - offset)
            }
            let type = try bytes.uint32(at: offset)
            let declared = try bytes.uint32(at: offset + 4)
            guard UInt64(declared) <= UInt64(end - offset - 8) else {
                throw .propertyPastEnd(block: bytes.block, offset: offset, type: type, length: declared, available: end - offset - 8)
            }
            properties.append(CARRenditionTLV(type: type, offset: offset, value: try bytes.slice(at: offset + 8, count: Int(declared))))
            offset += 8 + Int(declared)
        }
        return properties
    }

    func bytes(block: UInt32) -> CARBytes {
        CARBytes(value[...], block: block, part: "property \(type)")
    }

    /// The single 32-bit value of a property such as the row bytes or the orientation.
    func uint32(block: UInt32) throws(AssetCatalogError) -> UInt32 {
        guard value.count == 4 else { throw .malformedProperty(block: block, offset: offset, type: type, detail: "\(value.count) bytes, not 4") }
        return try bytes(block: block).uint32(at: 0)
    }
}
