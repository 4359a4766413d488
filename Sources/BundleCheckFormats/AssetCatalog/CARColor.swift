/// A colour asset's rendition (layout "color", 1009): its colour space and components.
///
/// The tag `COLR` (in the file `RLOC`), the version (1), flags (the low byte a colour space
/// id), the number of components and that many 64-bit floats; a catalog of Xcode 15 may follow
/// them with a second `COLR` naming a system colour, which is not read.
package struct CARColor: Sendable, Hashable {
    package let flags: UInt32
    package let components: [Double]

    static func read(_ bytes: CARBytes, at start: Int, limits: AssetCatalogLimits) throws(AssetCatalogError) -> CARColor {
        try bytes.requireTag("COLR", at: start)
        let flags = try bytes.uint32(at: start + 8)
        let count = try bytes.uint32(at: start + 12)
        guard UInt64(count) <= UInt64(limits.maxSetEntries) else { throw .tooManySetEntries(block: bytes.block, count: count, limit: limits.maxSetEntries) }
        var components: [Double] = []
        for index in 0..<Int(count) { components.append(Double(bitPattern: try bytes.uint64(at: start + 16 + index * 8))) }
        return CARColor(flags: flags, components: components)
    }
}
