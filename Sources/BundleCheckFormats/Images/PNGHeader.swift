/// What the start of a PNG file says: its pixel size, and whether it is Apple's "CgBI" variant.
///
/// Xcode's `pngcrush -iphone` rewrites app PNGs with a `CgBI` chunk before `IHDR` (and
/// byte-swapped, premultiplied pixels behind it); only the header is read here, so both kinds
/// give their size the same way. The reader looks at the first `prefixLength` bytes and nothing
/// else: signature, at most one `CgBI` chunk, then `IHDR`. It trusts no length field, checks
/// every offset against what it was given, and does not verify chunk CRCs (the size is all a
/// check needs, and a damaged file is rejected by the first tool that decodes it).
package struct PNGHeader: Sendable, Hashable {
    package let width: UInt32
    package let height: UInt32
    /// Whether Apple's `CgBI` chunk precedes `IHDR`.
    package let isCgBI: Bool

    package init(width: UInt32, height: UInt32, isCgBI: Bool) {
        self.width = width
        self.height = height
        self.isCgBI = isCgBI
    }

    /// Enough for the signature, a `CgBI` chunk and `IHDR` (8 + 16 + 25 bytes), with room to spare.
    package static let prefixLength = 64

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// Length, type and CRC around a chunk's data.
    static let chunkOverhead = 12
    static let headerDataLength = 13
    /// The PNG specification caps widths, heights and chunk lengths at 2^31 - 1.
    static let maximumValue: UInt32 = 0x7FFF_FFFF

    /// Reads the header from the first bytes of a file (`prefixLength` suffice; more are ignored).
    package static func read(_ bytes: [UInt8]) throws(PNGError) -> PNGHeader {
        let view = ByteView(bytes)
        guard bytes.count >= signature.count else { throw .truncated(needed: signature.count, available: bytes.count) }
        guard Array(bytes[0..<signature.count]) == signature else { throw .notPNG }
        var offset = signature.count
        var isCgBI = false
        while true {
            guard let length = view.uint32BE(at: offset), let typeBytes = view.subrange(at: offset + 4, count: 4) else {
                throw .truncated(needed: offset + 8, available: bytes.count)
            }
            let type = chunkType(typeBytes)
            guard length <= maximumValue else { throw .chunkTooLong(type: type, length: length) }
            switch type {
            case "CgBI" where !isCgBI && offset == signature.count:
                // Apple's chunk comes first; its data (flags) does not bear on the size.
                isCgBI = true
                offset += chunkOverhead + Int(length)
            case "IHDR":
                guard length == UInt32(headerDataLength) else { throw .malformedHeader(reason: "IHDR holds \(length) bytes instead of 13") }
                guard let width = view.uint32BE(at: offset + 8), let height = view.uint32BE(at: offset + 12) else {
                    throw .truncated(needed: offset + 16, available: bytes.count)
                }
                guard (1...maximumValue).contains(width), (1...maximumValue).contains(height) else {
                    throw .malformedHeader(reason: "a size of \(width)×\(height) pixels is outside 1…2^31-1")
                }
                return PNGHeader(width: width, height: height, isCgBI: isCgBI)
            default:
                throw .headerNotFirst(found: type)
            }
        }
    }

    /// A chunk type as it can be quoted: four ASCII letters, else its bytes in hexadecimal.
    private static func chunkType(_ bytes: [UInt8]) -> String {
        let letters = bytes.allSatisfy { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
        return letters ? String(decoding: bytes, as: UTF8.self) : "0x" + bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}
