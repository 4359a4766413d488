/// The CSI header's 32 bits of rendition flags.
///
/// The write-ups disagree on the bits (xcbuild's libcar and iineva/bom: 0 header flagged FPO,
/// 1 excluded from contrast filter, 2 vector based, 3 opaque, 4...7 bitmap encoding; carutil:
/// 0 vector, 4 opaque). The corpus decides part of it: bit 2 is set on exactly the PDF
/// originals and the bitmaps rasterised from them, so it is "vector based"; bit 4 is set on
/// JPEGs, deepmap launch images and those PDF rasters, whose decoded pixels are largely
/// transparent, so it is no "opaque" bit. Bit 3 is clear on every bitmap of the corpus, the 30
/// app icons whose every pixel has alpha 255 among them. So whether an image is opaque is
/// not recorded in these flags: it has to be decided from the pixels (`CARBitmap.isOpaque`).
/// The raw bits are kept for what is not settled.
package struct CARRenditionFlags: RawRepresentable, Sendable, Hashable {
    package let rawValue: UInt32

    package init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    package var isHeaderFlaggedFPO: Bool { rawValue & 1 != 0 }
    package var isExcludedFromContrastFilter: Bool { rawValue & 2 != 0 }
    /// Set on PDF originals and their rasters (corpus).
    package var isVectorBased: Bool { rawValue & 4 != 0 }
    /// xcbuild's "opaque" bit; clear on every opaque icon of the corpus: not to be relied on.
    package var bit3: Bool { rawValue & 8 != 0 }
    /// Bits 4...7, which xcbuild calls the bitmap encoding (1 on JPEGs, deepmap and PDF rasters).
    package var bitmapEncoding: UInt32 { (rawValue >> 4) & 0xF }
}
