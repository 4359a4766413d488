/// A rendition's CSI header ("Core Structured Image"): the first 184 bytes of its value in
/// `RENDITIONS`, little-endian, before its properties (`CARRenditionTLV`) and its payload.
///
/// The tag `CTSI`, the version (1), the flags (`CARRenditionFlags`), the width and height in
/// pixels (0 for a JPEG: its size is in its slices), the scale × 100, the pixel format
/// (`CARPixelFormat`), the colour space (its id in the low 4 bits), then CSI metadata: a
/// modification time, the layout (16 bits, `CARRenditionLayout`), 16 bits of 0 and the name
/// (128 bytes: the file the asset came from, `Icon-App-60x60@2x.png`); then the bitmap list: the
/// properties' length, a bitmap count (1), 4 bytes of 0 and the payload's length. Layout after
/// xcbuild's libcar and iineva/bom; every field checked against the corpus's 100 renditions.
package struct CARRenditionHeader: Sendable, Hashable {
    package let version: UInt32
    package let flags: CARRenditionFlags
    package let width: UInt32
    package let height: UInt32
    /// 100 for @1x, 200 for @2x; 0 for a vector original.
    package let scaleFactor: UInt32
    package let pixelFormat: CARPixelFormat
    package let colorSpaceID: UInt32
    package let modificationTime: UInt32
    package let layout: CARRenditionLayout
    package let name: String
    package let propertiesLength: UInt32
    package let bitmapCount: UInt32
    package let payloadLength: UInt32

    package static let length = 184

    /// Reads the header from the start of a rendition's block (`bytes`, at least its first
    /// 184 bytes).
    static func read(_ bytes: CARBytes) throws(AssetCatalogError) -> CARRenditionHeader {
        try bytes.requireTag("CTSI")
        try bytes.require(0, length)
        let version = try bytes.uint32(at: 4)
        guard version == 1 else { throw .unsupportedVersion(part: "rendition header", block: bytes.block, version: version) }
        return CARRenditionHeader(
            version: version, flags: CARRenditionFlags(rawValue: try bytes.uint32(at: 8)), width: try bytes.uint32(at: 12),
            height: try bytes.uint32(at: 16), scaleFactor: try bytes.uint32(at: 20), pixelFormat: CARPixelFormat(rawValue: try bytes.uint32(at: 24)),
            colorSpaceID: try bytes.uint32(at: 28) & 0xF, modificationTime: try bytes.uint32(at: 32),
            layout: CARRenditionLayout(rawValue: try bytes.uint16(at: 36)), name: try bytes.text(at: 40, count: 128),
            propertiesLength: try bytes.uint32(at: 168), bitmapCount: try bytes.uint32(at: 172), payloadLength: try bytes.uint32(at: 180)
        )
    }
}
