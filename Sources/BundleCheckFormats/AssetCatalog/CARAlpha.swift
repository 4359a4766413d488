/// Whether a bitmap has a pixel that is not fully opaque: what App Store Connect's ITMS-90717
/// ("Invalid large app icon … can't be transparent or contain an alpha channel") refuses in the
/// 1024-pixel marketing icon. The CSI header's flags do not record it (`CARRenditionFlags`), so
/// it is decided from the pixels, the padding past each row's pixels left out.
extension CARBitmap {
    /// The first pixel, row by row from the top, whose alpha is below 255; nil when every pixel
    /// is opaque. Nil too for a format whose alpha is not known (`alphaKnown`).
    package var firstTransparentPixel: (x: Int, y: Int)? {
        guard let alpha = pixelFormat.alphaOffset, bytesPerPixel > alpha else { return nil }
        return pixels.withUnsafeBufferPointer { buffer -> (x: Int, y: Int)? in
            for y in 0..<height {
                var offset = y * rowBytes + alpha
                for x in 0..<width {
                    if buffer[offset] != 255 { return (x, y) }
                    offset += bytesPerPixel
                }
            }
            return nil
        }
    }

    /// Whether the pixel format says where alpha is (ARGB and GA8).
    package var alphaKnown: Bool { pixelFormat.alphaOffset != nil }

    /// Whether every pixel has alpha 255; nil when the format's alpha is not known.
    package var isOpaque: Bool? {
        alphaKnown ? firstTransparentPixel == nil : nil
    }
}
