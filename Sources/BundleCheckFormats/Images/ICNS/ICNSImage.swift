/// One image of an icns file: the size its element's type names, and what its data turned out to be.
///
/// An embedded image's data is told apart by its first bytes: the PNG signature, the JPEG 2000
/// signature box (`00 00 00 0C 'jP  '`) or a bare J2K codestream (SOC then SIZ, `FF 4F FF 51`),
/// or Apple's `ARGB` planes. A PNG's own header is read (`PNGHeader.read`, from its first 64
/// bytes, never past the element), so a PNG of another size than its type says is seen.
package struct ICNSImage: Sendable, Hashable {
    /// The size in points the element's type names (512 for both `ic09` and `ic10`).
    package let points: Int
    /// 1, or 2 for a Retina (`@2x`) image.
    package let scale: Int
    package let encoding: Encoding

    package init(points: Int, scale: Int, encoding: Encoding) {
        self.points = points
        self.scale = scale
        self.encoding = encoding
    }

    /// What an image's data holds.
    package enum Encoding: Sendable, Hashable {
        /// A PNG file, with the size its header gives.
        case png(width: UInt32, height: UInt32)
        /// Data that starts with the PNG signature but whose header cannot be read.
        case malformedPNG(PNGError)
        /// A JPEG 2000 file or codestream (its size is not read).
        case jpeg2000
        /// Apple's `ARGB` planes, run-length coded.
        case rawARGB
        /// The packed RGB planes of `is32`, `il32`, `ih32` and `it32`.
        case packedRGB
        /// Data of an embedded type that is none of the above (empty data among it).
        case unknown
    }

    /// Pixels wide and high, as the type implies.
    package var pixels: Int { points * scale }

    /// Whether the data can be the image its type says: a PNG must be `pixels` wide and high; a
    /// PNG whose header cannot be read and data of no known encoding are not; JPEG 2000, ARGB and
    /// packed RGB data are taken at the type's word (their sizes are not read).
    package var matchesItsType: Bool {
        switch encoding {
        case .png(let width, let height): Int(width) == pixels && Int(height) == pixels
        case .jpeg2000, .rawARGB, .packedRGB: true
        case .malformedPNG, .unknown: false
        }
    }

    static let jpeg2000Signature: [UInt8] = [0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20]
    static let jpeg2000Codestream: [UInt8] = [0xFF, 0x4F, 0xFF, 0x51]
    static let argbMagic: [UInt8] = Array("ARGB".utf8)

    /// The image an element of kind `kind` holds in `data`, or nil for an element that is no image.
    static func reading(_ data: ArraySlice<UInt8>, as kind: ICNSElementKind) -> ICNSImage? {
        guard case .image(let points, let scale, let storage) = kind else { return nil }
        guard storage == .embedded else { return ICNSImage(points: points, scale: scale, encoding: .packedRGB) }
        return ICNSImage(points: points, scale: scale, encoding: embeddedEncoding(data))
    }

    private static func embeddedEncoding(_ data: ArraySlice<UInt8>) -> Encoding {
        if data.starts(with: PNGHeader.signature) {
            do throws(PNGError) {
                let header = try PNGHeader.read(Array(data.prefix(PNGHeader.prefixLength)))
                return .png(width: header.width, height: header.height)
            } catch {
                return .malformedPNG(error)
            }
        }
        if data.starts(with: jpeg2000Signature) || data.starts(with: jpeg2000Codestream) { return .jpeg2000 }
        if data.starts(with: argbMagic) { return .rawARGB }
        return .unknown
    }
}
