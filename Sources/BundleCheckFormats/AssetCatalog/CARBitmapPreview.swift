/// A bitmap as straight (not premultiplied) 8-bit RGBA, shrunk by a whole factor to at most
/// `maxSide` pixels a side: what a report shows of an icon, small enough for a `data:` URL.
/// Each output pixel averages the square of pixels it stands for.
extension CARBitmap {
    /// nil for a pixel format other than ARGB (B, G, R, A premultiplied) and GA8 (grey, alpha).
    package func previewRGBA(maxSide: Int) -> (width: Int, height: Int, rgba: [UInt8])? {
        guard width > 0, height > 0, maxSide > 0, pixelFormat == .argb || pixelFormat == .gray8 else { return nil }
        let factor = max(1, (max(width, height) + maxSide - 1) / maxSide)
        let outWidth = max(1, width / factor), outHeight = max(1, height / factor)
        var out = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
        let isGray = pixelFormat == .gray8
        pixels.withUnsafeBufferPointer { source in
            for outY in 0..<outHeight {
                for outX in 0..<outWidth {
                    var sums = (b: 0, g: 0, r: 0, a: 0), count = 0
                    for y in (outY * factor)..<min(height, (outY + 1) * factor) {
                        var offset = y * rowBytes + outX * factor * bytesPerPixel
                        for _ in (outX * factor)..<min(width, (outX + 1) * factor) {
                            if isGray {
                                let gray = Int(source[offset])
                                sums.b += gray; sums.g += gray; sums.r += gray
                                sums.a += Int(source[offset + 1])
                            } else {
                                sums.b += Int(source[offset]); sums.g += Int(source[offset + 1]); sums.r += Int(source[offset + 2])
                                sums.a += Int(source[offset + 3])
                            }
                            offset += bytesPerPixel
                            count += 1
                        }
                    }
                    let index = (outY * outWidth + outX) * 4
                    // Premultiplied colour sums divided by the alpha sum give the straight colour.
                    let alpha = sums.a
                    func straight(_ sum: Int) -> UInt8 { alpha == 0 ? 0 : UInt8(min(255, (sum * 255 + alpha / 2) / alpha)) }
                    out[index] = isGray ? UInt8(min(255, sums.r / max(1, count))) : straight(sums.r)
                    out[index + 1] = isGray ? out[index] : straight(sums.g)
                    out[index + 2] = isGray ? out[index] : straight(sums.b)
                    out[index + 3] = UInt8(alpha / max(1, count))
                }
            }
        }
        return (outWidth, outHeight, out)
    }

    /// Pixels whose alpha is below 255 (none for a format whose alpha is not known).
    package var transparentPixelCount: Int {
        guard let alpha = pixelFormat.alphaOffset, bytesPerPixel > alpha else { return 0 }
        return pixels.withUnsafeBufferPointer { buffer in
            var count = 0
            for y in 0..<height {
                var offset = y * rowBytes + alpha
                for _ in 0..<width {
                    if buffer[offset] != 255 { count += 1 }
                    offset += bytesPerPixel
                }
            }
            return count
        }
    }
}
