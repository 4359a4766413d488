/// One element of an icns file: its type, where it lies, and the image it holds if it is one.
package struct ICNSElement: Sendable, Hashable {
    /// The four-character type as text (`ic10`, `TOC `); a type with a byte outside printable
    /// ASCII is written as `0x` and its bytes in hexadecimal (`0xfdd92fa8`, the dark variant).
    package let type: String
    /// Where the element's 8-byte header starts in the file.
    package let offset: Int
    /// The element's length as it declares it, header included (at least 8, never past the file's end).
    package let length: Int
    /// The image, for an image type (`ICNSElementKind.image`); nil for masks, metadata and unknown types.
    package let image: ICNSImage?

    package init(type: String, offset: Int, length: Int, image: ICNSImage?) {
        self.type = type
        self.offset = offset
        self.length = length
        self.image = image
    }

    /// What the element's type says it holds.
    package var kind: ICNSElementKind { ICNSElementKind.of(type) }

    /// The type of the dark-mode variant (bytes FD D9 2F A8), whose data is an icns file of its own.
    package static let darkVariantType = "0xfdd92fa8"

    /// A type as it can be quoted: four printable ASCII characters, else its bytes in hexadecimal.
    static func typeText(_ bytes: ArraySlice<UInt8>) -> String {
        guard bytes.contains(where: { !(0x20...0x7E).contains($0) }) else { return String(decoding: bytes, as: UTF8.self) }
        return "0x" + bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}
