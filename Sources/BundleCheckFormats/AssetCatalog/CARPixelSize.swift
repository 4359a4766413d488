/// A rendition's size in pixels. The CSI header gives it for a bitmap; for a JPEG or HEIF
/// image the header says 0 × 0 and the size is the slices property's (1001: a count, then x,
/// y, width and height of each), as the corpus's tvOS layers and top-shelf images show
/// (`Top Shelf Image`: JPEG, header 0 × 0, one slice of 1920 × 720).
package struct CARPixelSize: Sendable, Hashable {
    package let width: UInt32
    package let height: UInt32

    package init(width: UInt32, height: UInt32) {
        self.width = width
        self.height = height
    }
}

extension CARRendition {
    /// The header's size, or the one slice's when the header gives none; 0 × 0 when neither does
    /// (a colour, a multisize image set) or the slices are not one whole rectangle at (0, 0).
    package var pixelSize: CARPixelSize {
        if header.width != 0 || header.height != 0 { return CARPixelSize(width: header.width, height: header.height) }
        guard let slices = properties.first(where: { $0.type == CARRenditionTLV.slices }), slices.value.count == 20 else {
            return CARPixelSize(width: 0, height: 0)
        }
        let bytes = slices.bytes(block: block)
        guard let count = try? bytes.uint32(at: 0), count == 1, (try? bytes.uint32(at: 4)) == 0, (try? bytes.uint32(at: 8)) == 0,
            let width = try? bytes.uint32(at: 12), let height = try? bytes.uint32(at: 16)
        else { return CARPixelSize(width: 0, height: 0) }
        return CARPixelSize(width: width, height: height)
    }

    /// Whether the rendition's pixel format cannot carry alpha at all: a JPEG is opaque by its
    /// format, so its pixels need not be decoded to know it.
    package var hasNoAlphaChannel: Bool { header.pixelFormat == .jpeg }
}
