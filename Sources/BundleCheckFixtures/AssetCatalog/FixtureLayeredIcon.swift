/// A visionOS app icon of a fixture catalogue: a layered image of one to three layers (Back,
/// Middle, Front), the back one opaque, each 1024×1024 pixels @2x as Apple asks.
///
/// No compiled visionOS catalogue is in the corpus. This is modelled on tvOS's brand asset
/// (`FixtureBrandAsset`), which is: the facet `name` holds a layer stack (layout 1002, idiom
/// vision, @2x, 1024×1024) and a flattened image (part 208, ARGB); each layer is the facet
/// `<name>/<layer>/Content`, an image of idiom vision. What App Store Connect rejects
/// (ITMS-90967, "the icon needs a background layer at scale 2") is a back layer compiled at
/// another scale, or without one, or @1x 512-pixel art: `backLayerScale` and
/// `backLayerPixels` make those.
public struct FixtureLayeredIcon: Sendable, Hashable, Codable {
    /// The icon's facet, what `CFBundleIcons/CFBundlePrimaryIcon/CFBundleIconName` names.
    public var name: String
    /// The layers' names, bottom first, the first the back layer (`FixtureLayeredIcon.layerNames`).
    public var layers: [String]
    public var layerFormat: FixtureImageFormat
    /// The back layer's scale: 2 as Apple asks, 1, or 0 for a layer whose Contents.json gives
    /// no scale, which is compiled here as its key's scale 0 (CoreUI's "any scale", as a vector
    /// original's) and its header's factor 100 (a 1x image): a choice, no such catalogue being known.
    public var backLayerScale: Int
    /// The back layer's pixels a side (1024 as Apple asks; 512 is @1x art).
    public var backLayerPixels: Int
    /// The pixels of the flattened image (1024×1024 @2x, ARGB); nil leaves it out.
    public var flattenedPixels: FixtureIconRendition.Pixels?

    public init(
        name: String = "AppIcon", layers: [String] = FixtureLayeredIcon.layerNames(3), layerFormat: FixtureImageFormat = .jpeg, backLayerScale: Int = 2,
        backLayerPixels: Int = 1024, flattenedPixels: FixtureIconRendition.Pixels? = .flat
    ) {
        self.name = name
        self.layers = layers
        self.layerFormat = layerFormat
        self.backLayerScale = backLayerScale
        self.backLayerPixels = backLayerPixels
        self.flattenedPixels = flattenedPixels
    }

    /// Names for `count` layers, bottom first: `Back`, then `Front` (2), or `Middle` and `Front` (3).
    public static func layerNames(_ count: Int) -> [String] {
        switch count {
        case ..<1: []
        case 1: ["Back"]
        case 2: ["Back", "Front"]
        default: ["Back", "Middle", "Front"] + (4..<(count + 1)).map { "Layer \($0)" }
        }
    }

    /// Every layer's pixels a side but the back one's, and the stack's and flattened image's, @2x.
    static let pixels = 1024
}
