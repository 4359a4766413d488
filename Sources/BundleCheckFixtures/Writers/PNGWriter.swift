/// Writes small, valid PNG files of a given size for icon fixtures: one-bit greyscale, all
/// black, the image data in stored (uncompressed) deflate blocks, every chunk with its CRC.
/// With `cgbi`, Apple's `CgBI` chunk comes first, as Xcode's `pngcrush -iphone` writes it; the
/// pixels behind it are not byte-swapped, since nothing here decodes them.
public enum PNGWriter {
    public static func write(width: Int, height: Int, cgbi: Bool = false) -> [UInt8] {
        precondition(width > 0 && height > 0 && width <= 0x7FFF_FFFF && height <= 0x7FFF_FFFF, "a PNG is 1 to 2^31-1 pixels wide and high")
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        if cgbi {
            // The flags Xcode's CgBI chunks carry.
            bytes += chunk("CgBI", [0x50, 0x00, 0x20, 0x06])
        }
        // Width, height, bit depth 1, colour type 0 (greyscale), compression, filter, no interlace.
        bytes += chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [1, 0, 0, 0, 0])
        let row = [UInt8](repeating: 0, count: 1 + (width + 7) / 8)
        var scanlines: [UInt8] = []
        scanlines.reserveCapacity(row.count * height)
        for _ in 0..<height { scanlines += row }
        bytes += chunk("IDAT", zlibStored(scanlines))
        bytes += chunk("IEND", [])
        return bytes
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return bigEndian(UInt32(data.count)) + typeBytes + data + bigEndian(crc32(typeBytes + data))
    }

    /// A zlib stream of stored deflate blocks (at most 65535 bytes each) and its Adler-32.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65535, data.count - offset)
            let isLast = offset + count == data.count
            out.append(isLast ? 1 : 0)
            out += [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += data[offset..<(offset + count)]
            offset += count
        } while offset < data.count
        return out + bigEndian(adler32(data))
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    /// CRC-32 as PNG (and zip) define it: polynomial 0xEDB88320, reflected.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }
}
