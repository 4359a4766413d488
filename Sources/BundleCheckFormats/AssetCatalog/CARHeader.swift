/// An `Assets.car`'s `CARHEADER` variable: which CoreUI wrote it, how many renditions it holds.
///
/// 436 bytes, little-endian: the tag `CTAR`, the CoreUI version (866 for Xcode 15.2), the
/// storage version (8 in 2015, 11, then 17), a timestamp (0 in current catalogs), the number of
/// renditions, the main version string (128 bytes, `@(#)PROGRAM:CoreUI  PROJECT:CoreUI-866.4`),
/// the version string (256 bytes, the tool: `Xcode 15.2 (15C500b) via AssetCatalogSimulatorAgent`),
/// a UUID (zero in current catalogs), an associated checksum, the schema version, the colour
/// space id and the key semantics. Field names follow xcbuild's libcar and timac.org's notes;
/// the values were checked against the corpus's five catalogs (Xcode 6.3 to 15.2).
package struct CARHeader: Sendable, Hashable {
    package let coreUIVersion: UInt32
    package let storageVersion: UInt32
    package let storageTimestamp: UInt32
    /// What the header declares; `RENDITIONS` is what is listed.
    package let renditionCount: UInt32
    package let mainVersion: String
    package let version: String
    package let uuid: [UInt8]
    package let associatedChecksum: UInt32
    package let schemaVersion: UInt32
    package let colorSpaceID: UInt32
    package let keySemantics: UInt32

    static let length = 436

    package static func read(_ block: BOMBlock) throws(AssetCatalogError) -> CARHeader {
        let bytes = CARBytes(block, part: "header (CARHEADER)")
        try bytes.requireTag("CTAR")
        try bytes.require(0, length)
        return CARHeader(
            coreUIVersion: try bytes.uint32(at: 4), storageVersion: try bytes.uint32(at: 8), storageTimestamp: try bytes.uint32(at: 12),
            renditionCount: try bytes.uint32(at: 16), mainVersion: try bytes.text(at: 20, count: 128), version: try bytes.text(at: 148, count: 256),
            uuid: Array(try bytes.slice(at: 404, count: 16)), associatedChecksum: try bytes.uint32(at: 420),
            schemaVersion: try bytes.uint32(at: 424), colorSpaceID: try bytes.uint32(at: 428), keySemantics: try bytes.uint32(at: 432)
        )
    }
}
