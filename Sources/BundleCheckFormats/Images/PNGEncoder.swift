/// Writes 8-bit RGBA pixels as a PNG file (colour type 6, no interlace, filter 0 on every row,
/// the image data deflated by zlib): how the HTML report shows a decoded icon as a `data:` URL.
/// Nothing is written to disk.
package enum PNGEncoder {
    /// `rgba` holds `height` rows of `width × 4` bytes, not premultiplied; nil when zlib fails
    /// or the sizes do not fit a PNG.
    package static func encode(width: Int, height: Int, rgba: [UInt8]) -> [UInt8]? {
        guard width > 0, height > 0, width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF, rgba.count == width * height * 4 else { return nil }
        var scanlines: [UInt8] = []
        scanlines.reserveCapacity((width * 4 + 1) * height)
        for row in 0..<height {
            scanlines.append(0)
            scanlines += rgba[(row * width * 4)..<((row + 1) * width * 4)]
        }
        guard let deflated = try? ZlibCompressor.compress(scanlines, format: .zlib) else { return nil }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        // Bit depth 8, colour type 6 (RGBA), deflate, filter method 0, no interlace.
        png += chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 6, 0, 0, 0])
        png += chunk("IDAT", deflated)
        png += chunk("IEND", [])
        return png
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        let crc = CRC32.checksum(typed)
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc)
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
