/// A packed atlas of small icons (`ZZZZPackedAsset`), as actool makes one per idiom and scale
/// of an "all sizes" icon set: the icons side by side with 2 pixels between them and around
/// them, the rest transparent. Each icon is then a link to its rectangle, measured from the
/// atlas's bottom left although the rows are stored top first: the shorebird catalogue's 1x
/// iPad atlas is 122×102, its links 76 at (2, 2), 40 at (80, 2), 29 at (80, 44), 20 at (2, 80),
/// and only read from the bottom do those rectangles hold the (opaque) icons; from the top they
/// cut into the transparent margins. This packer puts icons on shelves, tallest first (origins
/// here from the top left): sizes and places differ from actool's, the shape is the same.
struct AssetCatalogAtlas {
    static let margin = 2

    var width: Int
    var height: Int
    /// Each member's top-left corner, in the members' order.
    var origins: [(x: Int, y: Int)]

    /// Places `sizes` (pixels wide and high).
    static func pack(_ sizes: [(width: Int, height: Int)]) -> AssetCatalogAtlas {
        let area = sizes.reduce(0) { $0 + ($1.width + margin) * ($1.height + margin) }
        let widest = sizes.map(\.width).max() ?? 0
        let limit = max(widest + 2 * margin, Int(Double(area).squareRoot() * 1.5))
        var origins = [(x: Int, y: Int)](repeating: (0, 0), count: sizes.count)
        var x = margin
        var y = margin
        var shelf = 0
        var right = 0
        for index in sizes.indices.sorted(by: { sizes[$0].height > sizes[$1].height }) {
            let size = sizes[index]
            if x > margin && x + size.width + margin > limit {
                x = margin
                y += shelf + margin
                shelf = 0
            }
            origins[index] = (x, y)
            x += size.width + margin
            right = max(right, x)
            shelf = max(shelf, size.height)
        }
        return AssetCatalogAtlas(width: max(right, 2 * margin), height: y + shelf + margin, origins: origins)
    }

    /// The atlas's pixels: each member's image (`images`, rows of their own `bytesPerRow`)
    /// copied to its place in rows of `bytesPerRow`.
    func pixels(_ images: [(width: Int, height: Int, bytesPerRow: Int, bytes: [UInt8])], bytesPerRow: Int) -> [UInt8] {
        var atlas = [UInt8](repeating: 0, count: bytesPerRow * height)
        for (image, origin) in zip(images, origins) {
            for row in 0..<image.height {
                let from = row * image.bytesPerRow
                let to = (origin.y + row) * bytesPerRow + origin.x * 4
                atlas.replaceSubrange(to..<to + image.width * 4, with: image.bytes[from..<from + image.width * 4])
            }
        }
        return atlas
    }
}
