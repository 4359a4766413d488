/// What an icns element's four-character type says it holds, before its data is looked at.
///
/// The table follows Wikipedia's "Apple Icon Image format" (its "Icon types" table) and the type
/// list and sizes of libicns (`icns_utils.c`: `kICNSTypes`, `icns_get_image_info_for_type`),
/// cross-checked with Apple's iconset names (`icon_512x512@2x.png` is `ic10`) and icnsutil's
/// size table, read in December 2026:
///
/// | type | points | scale | pixels | data |
/// |---|---:|---:|---:|---|
/// | `icp4`, `icp5`, `icp6` | 16, 32, 64 | 1 | 16, 32, 64 | PNG or JPEG 2000 (`icp4`/`icp5` sometimes ARGB) |
/// | `ic04`, `ic05` | 16, 32 | 1 | 16, 32 | ARGB (or PNG) |
/// | `ic07`, `ic08`, `ic09` | 128, 256, 512 | 1 | 128, 256, 512 | PNG or JPEG 2000 |
/// | `ic11`, `ic12`, `ic13`, `ic14`, `ic10` | 16, 32, 128, 256, 512 | 2 | 32, 64, 256, 512, 1024 | PNG or JPEG 2000 |
/// | `icsb`, `icsB`, `sb24`, `SB24` | 18, 18, 24, 24 | 1, 2, 1, 2 | 18, 36, 24, 48 | PNG or JPEG 2000 (sidebar icons) |
/// | `is32`, `il32`, `ih32`, `it32` | 16, 32, 48, 128 | 1 | 16, 32, 48, 128 | packed RGB; alpha in `s8mk`, `l8mk`, `h8mk`, `t8mk` |
///
/// `TOC ` (the types and lengths that follow), `icnV` (the Icon Composer version), `name`,
/// `info` (a property list), `sbtp` and `slct` (template and selected variants) and the dark
/// variant (type bytes FD D9 2F A8, an icns file of its own) are metadata. The classic 1-, 4- and
/// 8-bit icons (`ICON`, `ICN#`, `ics4`, `icl8`…) and any other type are `unknown`: an App Store
/// check asks only about the images above.
package enum ICNSElementKind: Sendable, Hashable {
    /// An image of `points` at `scale` (so `points × scale` pixels wide and high).
    case image(points: Int, scale: Int, storage: Storage)
    /// The 8-bit alpha mask of the packed RGB image of this many points.
    case mask(points: Int)
    /// Not an image: a table of contents, a version, a name, a nested variant.
    case metadata
    /// A type not in the table.
    case unknown

    /// How an image type's data is stored.
    package enum Storage: Sendable, Hashable {
        /// A whole PNG or JPEG 2000 file, or Apple's ARGB planes, told apart by their first bytes.
        case embedded
        /// Three planes of 8-bit red, green and blue, each run-length coded or raw; `it32` first has 4 zero bytes.
        case packedRGB
    }

    /// The kind of the element of type `type` (as `ICNSElement.type` spells it).
    package static func of(_ type: String) -> ICNSElementKind {
        if let (points, scale) = embeddedImages[type] { return .image(points: points, scale: scale, storage: .embedded) }
        if let points = packedRGBImages[type] { return .image(points: points, scale: 1, storage: .packedRGB) }
        if let points = masks[type] { return .mask(points: points) }
        return metadataTypes.contains(type) ? .metadata : .unknown
    }

    static let embeddedImages: [String: (points: Int, scale: Int)] = [
        "icp4": (16, 1), "icp5": (32, 1), "icp6": (64, 1), "ic04": (16, 1), "ic05": (32, 1),
        "ic07": (128, 1), "ic08": (256, 1), "ic09": (512, 1),
        "ic11": (16, 2), "ic12": (32, 2), "ic13": (128, 2), "ic14": (256, 2), "ic10": (512, 2),
        "icsb": (18, 1), "icsB": (18, 2), "sb24": (24, 1), "SB24": (24, 2),
    ]
    static let packedRGBImages: [String: Int] = ["is32": 16, "il32": 32, "ih32": 48, "it32": 128]
    static let masks: [String: Int] = ["s8mk": 16, "l8mk": 32, "h8mk": 48, "t8mk": 128]
    static let metadataTypes: Set<String> = ["TOC ", "icnV", "name", "info", "sbtp", "slct", ICNSElement.darkVariantType]
}
