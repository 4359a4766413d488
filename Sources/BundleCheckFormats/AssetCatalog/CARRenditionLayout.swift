/// What a rendition is: the CSI header's 16-bit layout.
///
/// Numbers as xcbuild's libcar (images 6...50 by how they stretch, 1000 on non-images) and
/// carutil/iineva (1000 on) name them. Seen in the corpus: 9 a vector (PDF) original, 10 and 12
/// images (one part, fixed and scaled), 1002 a tvOS layer stack (its `Contents.json`), 1003 an
/// internal link into an atlas, 1004 an atlas (`ZZZZPackedAsset-…`), 1009 a colour, 1010 an app
/// icon's multisize image set; and 0 for a tvOS layered image's flattened and radiosity images.
/// Xcode 26's Icon Composer icons add 1019 an icon stack (`AppIcon.iconstack`, one per
/// appearance), 1020 an icon group and 1021 a named gradient (the corpus's icon-composer catalog).
package struct CARRenditionLayout: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    package let rawValue: UInt16

    package init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    package static let gradient = CARRenditionLayout(rawValue: 6)
    package static let effect = CARRenditionLayout(rawValue: 7)
    package static let vector = CARRenditionLayout(rawValue: 9)
    package static let onePartFixedSize = CARRenditionLayout(rawValue: 10)
    package static let onePartTile = CARRenditionLayout(rawValue: 11)
    package static let onePartScale = CARRenditionLayout(rawValue: 12)
    package static let threePartHorizontalTile = CARRenditionLayout(rawValue: 20)
    package static let ninePartScale = CARRenditionLayout(rawValue: 31)
    package static let sixPart = CARRenditionLayout(rawValue: 40)
    package static let animationFilmstrip = CARRenditionLayout(rawValue: 50)
    package static let rawData = CARRenditionLayout(rawValue: 1000)
    package static let externalLink = CARRenditionLayout(rawValue: 1001)
    package static let layerStack = CARRenditionLayout(rawValue: 1002)
    package static let internalLink = CARRenditionLayout(rawValue: 1003)
    package static let packedImage = CARRenditionLayout(rawValue: 1004)
    package static let nameList = CARRenditionLayout(rawValue: 1005)
    package static let texture = CARRenditionLayout(rawValue: 1007)
    package static let textureImage = CARRenditionLayout(rawValue: 1008)
    package static let color = CARRenditionLayout(rawValue: 1009)
    package static let multisizeImageSet = CARRenditionLayout(rawValue: 1010)
    package static let layerReference = CARRenditionLayout(rawValue: 1012)
    package static let contentRendition = CARRenditionLayout(rawValue: 1013)
    package static let recognitionObject = CARRenditionLayout(rawValue: 1014)
    package static let iconStack = CARRenditionLayout(rawValue: 1019)
    package static let iconGroup = CARRenditionLayout(rawValue: 1020)
    package static let namedGradient = CARRenditionLayout(rawValue: 1021)

    static let names: [UInt16: String] = [
        6: "gradient", 7: "effect", 9: "vector", 10: "one-part fixed-size image", 11: "one-part tiled image", 12: "one-part scaled image",
        20: "three-part horizontal tiled image", 21: "three-part horizontal scaled image", 22: "three-part horizontal uniform image",
        23: "three-part vertical tiled image", 24: "three-part vertical scaled image", 25: "three-part vertical uniform image",
        30: "nine-part tiled image", 31: "nine-part scaled image", 32: "nine-part image", 33: "nine-part image", 34: "nine-part edges-only image",
        40: "six-part image", 50: "animation filmstrip", 1000: "raw data", 1001: "external link", 1002: "layer stack",
        1003: "internal link", 1004: "packed image", 1005: "name list", 1007: "texture", 1008: "texture image", 1009: "color",
        1010: "multisize image set", 1012: "layer reference", 1013: "content rendition", 1014: "recognition object",
        1019: "icon stack", 1020: "icon group", 1021: "named gradient",
    ]

    /// Whether the layout is one of the images (the numbers below 1000 that stretch a bitmap,
    /// and 0, which the corpus's tvOS flattened images have), as opposed to vectors, effects
    /// and the non-image layouts.
    package var isImage: Bool { rawValue == 0 || (10...50).contains(rawValue) }

    package var description: String { Self.names[rawValue] ?? (rawValue == 0 ? "image (layout 0)" : "layout \(rawValue)") }
}
