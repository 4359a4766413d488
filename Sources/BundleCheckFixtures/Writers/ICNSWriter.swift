import BundleCheckFormats

/// Writes icns files for fixtures: the `icns` header with the total length, then each element
/// as given (type, length with its 8-byte header, data). `appIcon` fills each image type with a
/// PNG of the size the type names (`PNGWriter`), as `iconutil` writes them.
public enum ICNSWriter {
    /// An icns file of these elements in this order; `type` is four characters, or `0x` and
    /// eight hexadecimal digits for a type outside ASCII (`ICNSElement.darkVariantType`).
    public static func write(_ elements: [(type: String, data: [UInt8])]) -> [UInt8] {
        var body: [UInt8] = []
        for element in elements {
            body += typeBytes(element.type) + PNGWriter.bigEndian(UInt32(8 + element.data.count)) + element.data
        }
        return Array("icns".utf8) + PNGWriter.bigEndian(UInt32(8 + body.count)) + body
    }

    /// An icns file holding, for each of `types` (image types such as `ic09`, `ic10`), a PNG of
    /// the pixel size the type names: `ic10` gets 1024×1024 pixels.
    public static func appIcon(types: [String]) -> [UInt8] {
        write(types.map { type in (type, PNGWriter.write(width: pixels(of: type), height: pixels(of: type))) })
    }

    /// The partial `AppIcon.icns` Xcode 26's actool wrote beside the corpus's Icon Composer
    /// catalogue (icon-composer/AppIcon.icns): `ic13`, `ic11`, `ic04` and `ic07` in that
    /// order (128@2x, 16@2x, 16 and 128 points), `ic04` as Apple's run-length coded `ARGB`
    /// planes and the others PNGs, all opaque here.
    public static func actoolPartial() -> [UInt8] {
        write(
            ["ic13", "ic11", "ic04", "ic07"].map { type in
                (type, type == "ic04" ? argbPlanes(width: 16, height: 16) : PNGWriter.write(width: pixels(of: type), height: pixels(of: type)))
            })
    }

    /// An opaque `width`×`height` image as `ARGB` planes: the tag, then alpha, red, green and
    /// blue, each plane run-length coded as icns packs its RGB images (a byte below 0x80 is
    /// that many plus one bytes as they are; from 0x80, the next byte that many minus 125 times).
    static func argbPlanes(width: Int, height: Int) -> [UInt8] {
        let count = width * height
        let planes: [[UInt8]] = [255, 0x54, 0xC5, 0xF8].map { [UInt8](repeating: $0, count: count) }
        return Array("ARGB".utf8) + planes.flatMap(runLengthCoded)
    }

    private static func runLengthCoded(_ bytes: [UInt8]) -> [UInt8] {
        var coded: [UInt8] = []
        var literal: [UInt8] = []
        func flush() {
            while !literal.isEmpty {
                let part = literal.prefix(128)
                coded += [UInt8(part.count - 1)] + part
                literal.removeFirst(part.count)
            }
        }
        var index = 0
        while index < bytes.count {
            var run = 1
            while index + run < bytes.count, bytes[index + run] == bytes[index], run < 130 { run += 1 }
            if run >= 3 {
                flush()
                coded += [UInt8(run + 125), bytes[index]]
            } else {
                literal += bytes[index..<(index + run)]
            }
            index += run
        }
        flush()
        return coded
    }

    /// The pixels wide and high an image type names.
    public static func pixels(of type: String) -> Int {
        guard case .image(let points, let scale, _) = ICNSElementKind.of(type) else {
            preconditionFailure("\(type) is not an icns image type")
        }
        return points * scale
    }

    private static func typeBytes(_ type: String) -> [UInt8] {
        if type.hasPrefix("0x"), type.count == 10, let value = UInt32(type.dropFirst(2), radix: 16) {
            return PNGWriter.bigEndian(value)
        }
        let bytes = Array(type.utf8)
        precondition(bytes.count == 4, "an icns type is four bytes: \(type)")
        return bytes
    }
}
