/// A named gradient's rendition (layout 1021, part 247): the fill Xcode 26's Icon Composer
/// compiles for an icon's background, its colours named, not given.
///
/// The tag `GGRA` (in the file `ARGG`), the number of stops, two 32-bit words not understood
/// (1 and 0 for two stops, 0 and 0 for one, in the corpus), the start and end points as 32-bit
/// floats in the unit square ((0.5, 0) to (0.5, 1): top to bottom), then each stop: its location
/// (a 32-bit float), the length of the colour's name with its terminating 0, and the name, the
/// facet of a colour rendition (`AppIcon_Assets/Color-3`). Read as the two gradients of the
/// corpus's catalog (Xcode 26.0) have it; no other real catalog confirms the shape yet.
package struct CARGradient: Sendable, Hashable {
    package struct Stop: Sendable, Hashable {
        package let location: Float
        /// The facet name of the stop's colour.
        package let colorName: String
    }

    /// A point of the unit square the gradient is drawn in.
    package struct Point: Sendable, Hashable {
        package let x: Float
        package let y: Float
    }

    package let stops: [Stop]
    package let start: Point
    package let end: Point
    /// The two words after the stop count, kept as read: their meaning is not known.
    package let unknownWords: [UInt32]

    /// The longest colour name read: a facet name, far below this in any catalog.
    static let maxNameBytes = 4096

    static func read(_ bytes: CARBytes, at start: Int, limits: AssetCatalogLimits) throws(AssetCatalogError) -> CARGradient {
        try bytes.requireTag("GGRA", at: start)
        let count = try bytes.uint32(at: start + 4)
        guard UInt64(count) <= UInt64(limits.maxSetEntries) else { throw .tooManySetEntries(block: bytes.block, count: count, limit: limits.maxSetEntries) }
        let unknown = [try bytes.uint32(at: start + 8), try bytes.uint32(at: start + 12)]
        let from = Point(x: try bytes.float32(at: start + 16), y: try bytes.float32(at: start + 20))
        let to = Point(x: try bytes.float32(at: start + 24), y: try bytes.float32(at: start + 28))
        var stops: [Stop] = []
        var offset = start + 32
        for _ in 0..<Int(count) {
            let location = try bytes.float32(at: offset)
            let length = try bytes.uint32(at: offset + 4)
            guard length > 0, length <= Self.maxNameBytes else {
                throw .malformedGradient(block: bytes.block, detail: "a colour name of \(length) bytes at \(offset + 4)")
            }
            let field = try bytes.slice(at: offset + 8, count: Int(length))
            guard field.last == 0, let name = String(validating: field.dropLast(), as: UTF8.self), !name.contains("\0") else {
                throw .malformedGradient(block: bytes.block, detail: "the colour name at \(offset + 8) is not UTF-8 ended by a 0")
            }
            stops.append(Stop(location: location, colorName: name))
            offset += 8 + Int(length)
        }
        guard offset == bytes.count else {
            throw .malformedGradient(block: bytes.block, detail: "\(bytes.count - offset) bytes after its \(count) stops")
        }
        return CARGradient(stops: stops, start: from, end: to, unknownWords: unknown)
    }

}
