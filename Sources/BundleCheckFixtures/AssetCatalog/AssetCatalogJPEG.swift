/// The JPEG a JPEG rendition's payload holds here: a header alone (SOI, a JFIF `APP0`, a
/// baseline `SOF0` giving the height, the width and 3 components, EOI), 41 bytes whatever the
/// size. It is not a decodable image: there are no tables and no scan. Nothing reads a JPEG's
/// pixels: the reader takes the rendition's size from its slices (property 1001), as for the
/// corpus's JPEGs, whose CSI header says 0×0. A real catalogue holds the whole file (the
/// corpus's tvOS layers are 230 KB each).
enum AssetCatalogJPEG {
    static func header(width: Int, height: Int) -> [UInt8] {
        let startOfImage: [UInt8] = [0xFF, 0xD8]
        // JFIF 1.1, no density units, 1×1, no thumbnail.
        let app0: [UInt8] = [0xFF, 0xE0, 0, 16] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        // 8-bit samples; Y sampled 2×2 on table 0, Cb and Cr 1×1 on table 1, as cameras write.
        let frame: [UInt8] = [0xFF, 0xC0, 0, 17, 8] + bigEndian16(height) + bigEndian16(width) + [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
        return startOfImage + app0 + frame + [0xFF, 0xD9]
    }

    /// A JPEG's sizes are 16 bits.
    static let maximumSide = 65535

    private static func bigEndian16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
}
