/// The sizes of an app icon for one idiom (a rendition of layout "multisize image set", 1010,
/// part 218, named after the icon set): each size in points and the index the icon's images of
/// that size carry as their `dimension2`.
///
/// The tag `MSIS` (in the file `SISM`), the version (1), the number of entries, then per entry
/// the width and height (32 bits each), the index and an idiom (16 bits each; 0 throughout the
/// corpus). The iPhone set of the corpus's Xcode 14.3 catalog lists 20, 29, 40 and 60 points at
/// indexes 0...3; its marketing set 1024 at 7; the macOS one 16, 32, 128, 256, 512.
package struct CARMultisizeImageSet: Sendable, Hashable {
    package let entries: [Entry]

    package struct Entry: Sendable, Hashable {
        package let width: UInt32
        package let height: UInt32
        package let index: UInt16
        package let idiom: CARIdiom
    }

    static func read(_ bytes: CARBytes, at start: Int, limits: AssetCatalogLimits) throws(AssetCatalogError) -> CARMultisizeImageSet {
        try bytes.requireTag("MSIS", at: start)
        let version = try bytes.uint32(at: start + 4)
        guard version == 1 else { throw .unsupportedVersion(part: "multisize image set", block: bytes.block, version: version) }
        let count = try bytes.uint32(at: start + 8)
        guard UInt64(count) <= UInt64(limits.maxSetEntries) else { throw .tooManySetEntries(block: bytes.block, count: count, limit: limits.maxSetEntries) }
        guard UInt64(count) * 12 == UInt64(bytes.count - start - 12) else {
            throw .payloadLengthMismatch(block: bytes.block, declared: count * 12, available: bytes.count - start - 12)
        }
        var entries: [Entry] = []
        for index in 0..<Int(count) {
            let at = start + 12 + index * 12
            entries.append(
                Entry(
                    width: try bytes.uint32(at: at), height: try bytes.uint32(at: at + 4), index: try bytes.uint16(at: at + 8),
                    idiom: CARIdiom(rawValue: try bytes.uint16(at: at + 10))
                ))
        }
        return CARMultisizeImageSet(entries: entries)
    }
}
