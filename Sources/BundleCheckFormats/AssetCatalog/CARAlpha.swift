/// Whether a bitmap has a pixel that is not fully opaque: what App Store Connect's ITMS-90717
/// ("Invalid large app icon … can't be transparent or contain an alpha channel") refuses in the
/// 1024-pixel marketing icon. The CSI header's flags do not record it (`CARRenditionFlags`), so
/// it is decided from the pixels, the padding past each row's pixels left out.
extension CARBitmap {
    /// The first pixel, row by row from the top, that is not fully opaque; nil when every pixel
    /// is opaque. Nil too for a format whose alpha is not known (`alphaKnown`).
    package var firstTransparentPixel: (x: Int, y: Int)? {
        guard let alpha = alphaSample else { return nil }
        return pixels.withUnsafeBufferPointer { buffer -> (x: Int, y: Int)? in
            for y in 0..<height {
                var offset = y * rowBytes
                for x in 0..<width {
                    if !alpha.isOpaque(buffer, pixelAt: offset) { return (x, y) }
                    offset += bytesPerPixel
                }
            }
            return nil
        }
    }

    /// Whether the pixel format says where alpha is (ARGB, GA8 and RGBW).
    package var alphaKnown: Bool { alphaSample != nil }

    /// The format's alpha, when it is known and lies inside a pixel.
    var alphaSample: CARAlphaSample? {
        guard let alpha = pixelFormat.alpha, bytesPerPixel > alpha.lastByte else { return nil }
        return alpha
    }

    /// Whether every pixel is fully opaque; nil when the format's alpha is not known.
    package var isOpaque: Bool? {
        alphaKnown ? firstTransparentPixel == nil : nil
    }
}
