/// How a pixel payload's (`MLEC`'s) bytes are compressed.
///
/// Numbers as carutil and iineva/bom give them (after CoreUI's own names); xcbuild's libcar,
/// older, is one off past 0. Seen in the corpus: 1 run-length (an ARGB icon of Xcode 14.3), 3
/// LZVN (2015), 4 LZFSE (`bvx2` and `bvxn` blocks, most bitmaps since), 6 blurred (a tvOS
/// radiosity image) and 11 deepmap 2 (1×1 grey launch images). Decoded here: 0...4.
package struct CARCompression: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    package let rawValue: UInt32

    package init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    package static let uncompressed = CARCompression(rawValue: 0)
    package static let runLength = CARCompression(rawValue: 1)
    package static let zlib = CARCompression(rawValue: 2)
    package static let lzvn = CARCompression(rawValue: 3)
    package static let lzfse = CARCompression(rawValue: 4)
    package static let jpegLZFSE = CARCompression(rawValue: 5)
    package static let blurred = CARCompression(rawValue: 6)
    package static let astc = CARCompression(rawValue: 7)
    package static let paletteImage = CARCompression(rawValue: 8)
    package static let hevc = CARCompression(rawValue: 9)
    package static let deepmapLZFSE = CARCompression(rawValue: 10)
    package static let deepmap2 = CARCompression(rawValue: 11)

    static let names = [
        "uncompressed", "run-length", "zlib", "LZVN", "LZFSE", "JPEG-LZFSE", "blurred", "ASTC", "palette image", "HEVC", "deepmap LZFSE",
        "deepmap 2",
    ]

    package var description: String { rawValue < Self.names.count ? Self.names[Int(rawValue)] : "compression \(rawValue)" }
}
