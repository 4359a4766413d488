/// One bitmap of a fixture asset catalogue (`FixtureAssetCatalog`): an icon of an icon set or an
/// image of an image set, at one idiom, size and scale, stored as Xcode 14 and 15 store them.
///
/// Pixels are 32-bit premultiplied BGRA (CoreUI's `ARGB` format, its bytes in that order in
/// the file), rows padded to a multiple of 32 bytes (a 180-pixel row takes 736 bytes in a real
/// catalogue); the padding is zero, so it reads as transparent even in an opaque image, as in
/// Apple's files. What the pixels show is image-like (flat areas, a disc, a band of noise), so
/// that they compress as real images do: neither all one value nor random.
public struct FixtureIconRendition: Sendable, Hashable, Codable {
    /// The idiom attribute of a rendition key, CoreUI's numbering in `code` (vision's 8 as the
    /// reader's `CARIdiom` has it, from CoreUI's later numbering: no visionOS catalogue is in the corpus).
    public enum Idiom: String, Sendable, Hashable, Codable, CaseIterable {
        case universal, phone, pad, tv, car, watch, marketing, vision

        public var code: UInt16 {
            switch self {
            case .universal: 0
            case .phone: 1
            case .pad: 2
            case .tv: 3
            case .car: 4
            case .watch: 5
            case .marketing: 6
            case .vision: 8
            }
        }
    }

    /// What the alpha channel holds: what ITMS-90717 (an App Store icon with alpha) is about.
    /// Apple records no opacity of its own for an icon (its header's flags are 0 either way,
    /// see `AssetCatalogRenditionValue`): only the pixels tell.
    public enum Pixels: Sendable, Hashable, Codable {
        /// Every pixel of the image opaque (alpha 255).
        case opaque
        /// Opaque, without the band of noise: compresses to a few KB, so that the fixtures'
        /// default catalogue keeps every fixture package (and fuzz seed) small.
        case flat
        /// Opaque but for the one pixel at (`x`, `y`), fully transparent.
        case transparentPixel(x: Int, y: Int)
        /// Every pixel transparent (all bytes zero).
        case transparent
        /// Every pixel of this alpha, its colour premultiplied by it.
        case translucent(alpha: UInt8)

        /// Whether every pixel is opaque: all a JPEG can hold.
        var isOpaque: Bool {
            switch self {
            case .opaque, .flat: true
            case .transparent, .transparentPixel: false
            case .translucent(let alpha): alpha == 255
            }
        }
    }

    /// How the pixels are compressed: CoreUI's compression types (`code`). Real catalogues of
    /// Xcode 14 and 15 hold LZFSE (4) in `bvx2` blocks, whose encoder this project does not
    /// have; the LZFSE written here is of blocks that need none (`LZFSEStreamWriter`).
    public enum Compression: String, Sendable, Hashable, Codable, CaseIterable {
        /// LZFSE streams of `bvxn` (LZVN) blocks, as Apple's encoder writes for small inputs.
        case lzfse
        /// LZFSE streams of raw `bvx-` blocks: valid LZFSE, nothing compressed.
        case lzfseRaw
        /// A bare LZVN stream (type 3, as Xcode 7's catalogues hold).
        case lzvn
        /// A zlib stream of stored deflate blocks (type 2; xcbuild's libcar writes gzip there,
        /// and no real catalogue here holds it, so which wrapper CoreUI takes is unconfirmed).
        case zlib
        /// The bytes as they are (type 0).
        case uncompressed

        public var code: UInt32 {
            switch self {
            case .uncompressed: 0
            case .zlib: 2
            case .lzvn: 3
            case .lzfse, .lzfseRaw: 4
            }
        }
    }

    /// How the rendition's value carries its pixels.
    public enum Storage: String, Sendable, Hashable, Codable, CaseIterable {
        /// In its own value, in `KCBC` chunks of rows each compressed alone, the `CELM` header
        /// version 3 and its length the number of chunks: as Xcode 14 and 15 store an image.
        case chunked
        /// In its own value as one compressed stream, `CELM` version 0 (as Xcode 7 stored small ones).
        case single
        /// In a packed atlas of the set's small icons of the same idiom and scale
        /// (`ZZZZPackedAsset`), the rendition itself an internal link (`INLK`) with no payload
        /// of its own: as actool stores the small icons of an "all sizes" set.
        case packed
    }

    /// The display gamut attribute, in key formats that have it (`KeyFormat.xcode16_4`): the
    /// single-size catalogue's icon is keyed Display P3 (1), its size list sRGB (0).
    public enum DisplayGamut: UInt16, Sendable, Hashable, Codable, CaseIterable {
        case sRGB = 0
        case displayP3 = 1
    }

    public var idiom: Idiom
    /// The subtype attribute (a screen's height in pixels for some idioms; 0 for most).
    public var subtype: UInt16
    /// The icon's size in points (83.5 for the iPad Pro's); for an image, its pixels over its scale.
    public var points: Double
    /// 1, 2 or 3.
    public var scale: Int
    public var pixelWidth: Int
    public var pixelHeight: Int
    public var pixels: Pixels
    public var compression: Compression
    public var storage: Storage
    /// The name the rendition's header records: the source file's.
    public var fileName: String
    /// The appearance attribute: `any` but for a dark or tinted variant; only key formats with
    /// an appearance attribute hold another.
    public var appearance: FixtureAppearance
    public var displayGamut: DisplayGamut

    public init(
        idiom: Idiom, subtype: UInt16 = 0, points: Double, scale: Int, pixelWidth: Int? = nil, pixelHeight: Int? = nil, pixels: Pixels = .opaque,
        compression: Compression = .lzfse, storage: Storage = .chunked, fileName: String? = nil, appearance: FixtureAppearance = .any,
        displayGamut: DisplayGamut = .sRGB
    ) {
        let pixelSize = Int((points * Double(scale)).rounded())
        self.idiom = idiom
        self.subtype = subtype
        self.points = points
        self.scale = scale
        self.pixelWidth = pixelWidth ?? pixelSize
        self.pixelHeight = pixelHeight ?? pixelSize
        self.pixels = pixels
        self.compression = compression
        self.storage = storage
        self.fileName = fileName ?? "Icon-App-\(Self.pointsText(points))x\(Self.pointsText(points))@\(scale)x.png"
        self.appearance = appearance
        self.displayGamut = displayGamut
    }

    /// `20`, `83.5`: points as Xcode writes them in file names.
    static func pointsText(_ points: Double) -> String {
        points == points.rounded() ? String(Int(points)) : String(points)
    }

    /// Bytes of one row of pixels: 4 a pixel, rounded up to 32 as CoreUI pads them.
    var bytesPerRow: Int { (pixelWidth * 4 + 31) / 32 * 32 }
}
