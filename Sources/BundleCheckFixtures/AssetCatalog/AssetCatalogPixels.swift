/// The pixels of a fixture rendition: premultiplied BGRA rows padded with zeros, showing
/// something image-like so that they compress as real images do: bands of flat colour 8 rows
/// high (rows repeat), a flat disc, and a band of noise across a 25th of the height that does
/// not compress (a 1024×1024 image takes about 200 KB in LZVN, 4 MiB raw; without the band, the
/// `flat` pattern, a few KB). Deterministic: the same seed gives the same bytes.
enum AssetCatalogPixels {
    /// A `width`×`height` image of `pattern`, each row `bytesPerRow` bytes.
    static func image(width: Int, height: Int, bytesPerRow: Int, pattern: FixtureIconRendition.Pixels, seed: UInt32) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: bytesPerRow * height)
        if case .transparent = pattern { return bytes }
        let alpha: UInt32
        if case .translucent(let value) = pattern { alpha = UInt32(value) } else { alpha = 255 }
        let base = (r: UInt32(seed & 0xFF), g: UInt32(seed >> 8 & 0xFF), b: UInt32(seed >> 16 & 0xFF))
        let disc = (r: 255 - base.r, g: 255 - base.g, b: (base.b + 128) & 0xFF)
        let centre = (x: width / 2, y: height * 9 / 20)
        let radius = min(width, height) * 3 / 10
        // A flat image has no noise band: every row is the bands' and the disc's.
        let noise = pattern == .flat ? 0..<0 : (height * 72 / 100)..<(height * 72 / 100 + height / 25)
        var random = seed | 1
        bytes.withUnsafeMutableBufferPointer { buffer in
            // Raw pointers and whole pixels: this runs once a pixel, and debug builds check every subscript.
            let pixels = UnsafeMutableRawPointer(buffer.baseAddress!)
            func pixel(_ r: UInt32, _ g: UInt32, _ b: UInt32) -> UInt32 {
                alpha == 255 ? b | g << 8 | r << 16 | 0xFF00_0000 : b * alpha / 255 | (g * alpha / 255) << 8 | (r * alpha / 255) << 16 | alpha << 24
            }
            let discPixel = pixel(disc.r, disc.g, disc.b)
            for y in 0..<height {
                let row = pixels + y * bytesPerRow
                let shade = UInt32(y >> 3) * 3 & 0x3F
                let band = (r: (base.r + shade) & 0xFF, g: (base.g + shade / 2) & 0xFF, b: base.b)
                if noise.contains(y) {
                    for x in 0..<width {
                        random ^= random << 13
                        random ^= random >> 17
                        random ^= random << 5
                        row.storeBytes(
                            of: pixel(band.r ^ (random & 0x3F), band.g ^ (random >> 8 & 0x3F), band.b ^ (random >> 16 & 0x3F)).littleEndian,
                            toByteOffset: 4 * x, as: UInt32.self)
                    }
                    continue
                }
                let bandPixel = pixel(band.r, band.g, band.b)
                let dy = y - centre.y
                let reach = dy * dy <= radius * radius ? Int(Double(radius * radius - dy * dy).squareRoot()) : -1
                let discSpan = reach >= 0 ? max(0, centre.x - reach)..<min(width, centre.x + reach + 1) : 0..<0
                for x in 0..<width {
                    row.storeBytes(of: (discSpan.contains(x) ? discPixel : bandPixel).littleEndian, toByteOffset: 4 * x, as: UInt32.self)
                }
            }
            if case .transparentPixel(let x, let y) = pattern {
                let at = y * bytesPerRow + x * 4
                for channel in 0..<4 { buffer[at + channel] = 0 }
            }
        }
        return bytes
    }

    /// A seed for a rendition from its file name and size, so that renditions differ.
    static func seed(_ name: String, _ width: Int, _ height: Int) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 + [UInt8(width & 0xFF), UInt8(height & 0xFF)] {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        return hash
    }
}
