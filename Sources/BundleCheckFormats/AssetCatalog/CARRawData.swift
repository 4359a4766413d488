/// A file kept whole in a rendition: a JPEG, a PDF original, a data asset, a layer stack's
/// empty `Contents.json`.
///
/// The tag `RAWD` (in the file `DWAR`), 4 bytes (0) and the length, then the file's bytes.
package struct CARRawData: Sendable, Hashable {
    package let bytes: ArraySlice<UInt8>

    static func read(_ bytes: CARBytes, at start: Int) throws(AssetCatalogError) -> CARRawData {
        try bytes.requireTag("RAWD", at: start)
        let length = try bytes.uint32(at: start + 8)
        guard UInt64(length) == UInt64(bytes.count - start - 12) else {
            throw .payloadLengthMismatch(block: bytes.block, declared: length, available: bytes.count - start - 12)
        }
        return CARRawData(bytes: try bytes.slice(at: start + 12, count: Int(length)))
    }
}
