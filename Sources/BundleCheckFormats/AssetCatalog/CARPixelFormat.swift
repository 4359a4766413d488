/// How a rendition's pixels are laid out: the CSI header's four-character code.
///
/// `ARGB` is 8-bit premultiplied colour with alpha, stored B, G, R, A in memory (a pixel of
/// Flutter's light blue #54C5F8 reads `f8 c5 54 ff`); `GA8 ` 8-bit grey and alpha. Both are in
/// the corpus, and their decoded pixels match the loose PNGs Xcode writes beside the catalog
/// byte for byte. `RGBW` is four IEEE half floats a pixel, R, G, B, A little-endian, the colour
/// gamma-encoded extended sRGB (a Display P3 orange reads R 1.07, B -0.19): actool 16.4 wrote
/// the sentry-cli corpus IPA's single-size App Store icon so, and its decoded pixels match the
/// 120-pixel PNG Xcode wrote beside it. `GA16` and `RGB5` are named by iineva/bom and not in
/// the corpus (their pixel sizes here follow their names); `JPEG`, `HEIF`, `PDF ` and `DATA` keep a file's bytes
/// whole (`CARRawData`); a rendition of no pixels (a colour, a multisize image set) has 0.
package struct CARPixelFormat: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    package let rawValue: UInt32

    package init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    init(_ code: String) {
        self.rawValue = code.utf8.reduce(0) { $0 << 8 | UInt32($1) }
    }

    package static let none = CARPixelFormat(rawValue: 0)
    package static let argb = CARPixelFormat("ARGB")
    package static let gray8 = CARPixelFormat("GA8 ")
    package static let gray16 = CARPixelFormat("GA16")
    package static let rgb555 = CARPixelFormat("RGB5")
    package static let wideRGB = CARPixelFormat("RGBW")
    package static let jpeg = CARPixelFormat("JPEG")
    package static let heif = CARPixelFormat("HEIF")
    package static let pdf = CARPixelFormat("PDF ")
    package static let data = CARPixelFormat("DATA")
    /// An Icon Composer vector layer (layout 9): an SVG file, kept LZFSE-compressed.
    package static let svg = CARPixelFormat("SVG ")

    /// Bytes of one pixel of a bitmap format; nil for the others.
    package var bytesPerPixel: Int? {
        switch self {
        case .argb, .gray16: 4
        case .gray8, .rgb555: 2
        case .wideRGB: 8
        default: nil
        }
    }

    /// Where a pixel's alpha is, for the formats whose alpha is known: ARGB (B, G, R, A) and GA8
    /// (grey, alpha) an 8-bit byte, RGBW the fourth half float.
    package var alpha: CARAlphaSample? {
        switch self {
        case .argb: .byte(offset: 3)
        case .gray8: .byte(offset: 1)
        case .wideRGB: .halfFloat(offset: 6)
        default: nil
        }
    }

    /// The code as text (`ARGB`, `GA8 `), or in hex when it is not printable.
    package var description: String {
        if self == .none { return "none" }
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: rawValue >> (24 - 8 * $0)) }
        return AssetCatalogError.quoted(bytes)
    }
}
