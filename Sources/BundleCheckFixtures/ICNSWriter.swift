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
