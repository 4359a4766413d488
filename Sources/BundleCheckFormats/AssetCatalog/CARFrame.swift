/// A rectangle of pixels, as links and layer references give it: x and y of its corner, its
/// width and height (32 bits each in the file).
///
/// CoreUI counts y from the bitmap's bottom row up, as Core Graphics does: an internal link's
/// frame at y = 2 of height 120 in an atlas 184 rows high starts at row 184 − 2 − 120 = 62 from
/// the top. That is what makes the corpus's cropped icons equal Xcode's loose PNGs.
package struct CARFrame: Sendable, Hashable, CustomStringConvertible {
    package let x: UInt32
    package let y: UInt32
    package let width: UInt32
    package let height: UInt32

    package init(x: UInt32, y: UInt32, width: UInt32, height: UInt32) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    package var description: String { "the \(width)×\(height) frame at (\(x), \(y))" }

    static func read(_ bytes: CARBytes, at offset: Int) throws(AssetCatalogError) -> CARFrame {
        CARFrame(
            x: try bytes.uint32(at: offset), y: try bytes.uint32(at: offset + 4), width: try bytes.uint32(at: offset + 8),
            height: try bytes.uint32(at: offset + 12))
    }
}
