/// A bitmap as straight (not premultiplied) 8-bit RGBA, shrunk by a whole factor to at most
/// `maxSide` pixels a side: what a report shows of an icon, small enough for a `data:` URL.
/// Each output pixel averages the square of pixels it stands for.
extension CARBitmap {
    /// nil for a pixel format other than ARGB (B, G, R, A premultiplied), GA8 (grey, alpha) and
    /// RGBW (half floats, each clamped to 0...1: an extended-range colour shows as its nearest sRGB).
    package func previewRGBA(maxSide: Int) -> (width: Int, height: Int, rgba: [UInt8])? {
        guard width > 0, height > 0, maxSide > 0, [.argb, .gray8, .wideRGB].contains(pixelFormat), bytesPerPixel >= Self.previewBytes(pixelFormat) else {
            return nil
        }
        let factor = max(1, (max(width, height) + maxSide - 1) / maxSide)
        let outWidth = max(1, width / factor), outHeight = max(1, height / factor)
        var out = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
        let isGray = pixelFormat == .gray8
        let format = pixelFormat
        pixels.withUnsafeBufferPointer { source in
            for outY in 0..<outHeight {
                for outX in 0..<outWidth {
                    var sums = (b: 0, g: 0, r: 0, a: 0), count = 0
                    for y in (outY * factor)..<min(height, (outY + 1) * factor) {
                        var offset = y * rowBytes + outX * factor * bytesPerPixel
                        for _ in (outX * factor)..<min(width, (outX + 1) * factor) {
                            let pixel = Self.sample(source, at: offset, format: format)
                            sums.b += pixel.b
                            sums.g += pixel.g
                            sums.r += pixel.r
                            sums.a += pixel.a
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

    /// The bytes of a pixel the preview reads.
    private static func previewBytes(_ format: CARPixelFormat) -> Int {
        switch format {
        case .gray8: 2
        case .wideRGB: 8
        default: 4
        }
    }

    /// One pixel as 8-bit B, G, R, A (a grey pixel's grey in all three, not premultiplied).
    @inline(__always)
    private static func sample(_ source: UnsafeBufferPointer<UInt8>, at offset: Int, format: CARPixelFormat) -> (b: Int, g: Int, r: Int, a: Int) {
        switch format {
        case .gray8:
            let gray = Int(source[offset])
            return (gray, gray, gray, Int(source[offset + 1]))
        case .wideRGB:
            func channel(_ at: Int) -> Int {
                let value = CARAlphaSample.float(halfBits: UInt16(source[offset + at]) | UInt16(source[offset + at + 1]) << 8)
                return value.isNaN ? 0 : Int((min(max(value, 0), 1) * 255).rounded())
            }
            return (channel(4), channel(2), channel(0), channel(6))
        default:
            return (Int(source[offset]), Int(source[offset + 1]), Int(source[offset + 2]), Int(source[offset + 3]))
        }
    }

    /// Pixels not fully opaque (none for a format whose alpha is not known).
    package var transparentPixelCount: Int {
        guard let alpha = alphaSample else { return 0 }
        return pixels.withUnsafeBufferPointer { buffer in
            var count = 0
            for y in 0..<height {
                var offset = y * rowBytes
                for _ in 0..<width {
                    if !alpha.isOpaque(buffer, pixelAt: offset) { count += 1 }
                    offset += bytesPerPixel
                }
            }
            return count
        }
    }
}
