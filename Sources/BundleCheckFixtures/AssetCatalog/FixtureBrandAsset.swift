/// A tvOS "App Icon & Top Shelf Image" brand asset of a fixture catalogue, as actool (Xcode
/// 15.2, the corpus's apple-tv.ipa) compiles one (`FixtureBrandAsset+Facets.swift` says into
/// which facets and renditions):
///
/// - the facet `name` (what `CFBundleIcons/CFBundlePrimaryIcon` names, a string on tvOS) holds
///   the home-screen icon's layer stack (400×240 points), its flattened image (800×480 @2x)
///   and its radiosity image (960×640 @2x);
/// - each layer is a facet of its own, `App Icon/Front/Content`, its image @2x;
/// - the App Store icon (1280×768 @1x) is folded into the same facets as idiom marketing;
/// - the top-shelf images are facets of their own (`TVTopShelfImage`'s names).
public struct FixtureBrandAsset: Sendable, Hashable, Codable {
    /// Where the App Store icon is.
    public enum AppStoreIcon: Sendable, Hashable, Codable {
        /// Folded into the icon's facets as idiom marketing (6): a layer stack 1280×768 @1x,
        /// its flattened image of these pixels (ARGB, what App Store Connect reads) and a
        /// marketing rendition of each layer. What a correct brand asset compiles to.
        case folded(FixtureIconRendition.Pixels)
        /// Compiled as a brand asset of its own, `<name> - App Store`, its stack, its flattened
        /// image of these pixels and layers `<name> - App Store/Back/Content`…: a common
        /// mistake (the App Store image stack left outside the brand asset), which App Store
        /// Connect never looks at (ITMS-90471, the App Store icon missing).
        case separate(FixtureIconRendition.Pixels)
        /// No App Store icon at all.
        case absent
    }

    /// A top-shelf image: an image facet of idiom tv.
    public struct TopShelfImage: Sendable, Hashable, Codable {
        /// The facet's name, what `TVTopShelfImage`'s `TVTopShelfPrimaryImage` (or `…Wide`) names.
        public var name: String
        public var format: FixtureImageFormat
        /// The pixels of an ARGB image; a JPEG's are opaque whatever this says.
        public var pixels: FixtureIconRendition.Pixels
        /// 1, 2 or both: the @2x image is twice `width`×`height`.
        public var scales: [Int]
        /// The @1x image's pixels (Apple's sizes: 1920×720, the wide one 2320×720).
        public var width: Int
        public var height: Int

        public init(
            name: String, format: FixtureImageFormat = .jpeg, pixels: FixtureIconRendition.Pixels = .flat, scales: [Int] = [1, 2], width: Int, height: Int
        ) {
            self.name = name
            self.format = format
            self.pixels = pixels
            self.scales = scales
            self.width = width
            self.height = height
        }

        /// `Top Shelf Image`, 1920×720 @1x and 3840×1440 @2x.
        public static func standard(
            _ name: String = "Top Shelf Image", format: FixtureImageFormat = .jpeg, pixels: FixtureIconRendition.Pixels = .flat
        ) -> TopShelfImage {
            TopShelfImage(name: name, format: format, pixels: pixels, width: 1920, height: 720)
        }

        /// `Top Shelf Image Wide`, 2320×720 @1x and 4640×1440 @2x.
        public static func wide(
            _ name: String = "Top Shelf Image Wide", format: FixtureImageFormat = .jpeg, pixels: FixtureIconRendition.Pixels = .flat
        ) -> TopShelfImage {
            TopShelfImage(name: name, format: format, pixels: pixels, width: 2320, height: 720)
        }
    }

    /// The icon's facet, `App Icon` as Xcode names it.
    public var name: String
    /// The layers' names, bottom first (`FixtureBrandAsset.layerNames`), each the facet
    /// `<name>/<layer>/Content`; Apple asks for 2 to 5.
    public var layers: [String]
    public var layerFormat: FixtureImageFormat
    public var appStoreIcon: AppStoreIcon
    /// The pixels of the home icon's flattened image (800×480 @2x, ARGB).
    public var flattenedPixels: FixtureIconRendition.Pixels
    /// Whether the icon has its radiosity image (960×640 @2x, ARGB, one stream as the corpus's).
    public var radiosity: Bool
    public var topShelf: TopShelfImage?
    public var topShelfWide: TopShelfImage?

    public init(
        name: String = "App Icon", layers: [String] = FixtureBrandAsset.layerNames(3), layerFormat: FixtureImageFormat = .jpeg,
        appStoreIcon: AppStoreIcon = .folded(.flat), flattenedPixels: FixtureIconRendition.Pixels = .flat, radiosity: Bool = true,
        topShelf: TopShelfImage? = .standard(), topShelfWide: TopShelfImage? = .wide()
    ) {
        self.name = name
        self.layers = layers
        self.layerFormat = layerFormat
        self.appStoreIcon = appStoreIcon
        self.flattenedPixels = flattenedPixels
        self.radiosity = radiosity
        self.topShelf = topShelf
        self.topShelfWide = topShelfWide
    }

    /// Names for `count` layers, bottom first: Xcode's `Back`, `Middle` and `Front` (2: `Middle`
    /// and `Front`, as the corpus's icon, whose Back was removed), and for 4 and 5 `Layer 4` and
    /// `Layer 5` between Back and Middle (a guess: where Xcode puts added layers is not known here).
    public static func layerNames(_ count: Int) -> [String] {
        switch count {
        case ..<1: []
        case 1: ["Front"]
        case 2: ["Middle", "Front"]
        default: ["Back"] + (4..<(count + 1)).map { "Layer \($0)" } + ["Middle", "Front"]
        }
    }

    /// The home icon's size in points: the stack's and its layers' frame.
    static let points = (width: 400, height: 240)
    /// The App Store icon's, @1x.
    static let appStorePixels = (width: 1280, height: 768)
}
