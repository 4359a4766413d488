/// What an app's compiled asset catalog (`Assets.car`) holds, for the icon rules and the
/// inventory: its renditions by kind, its icon sets with their images, and the App Store icon
/// of the set the app names, whose pixels alone are decoded (the rules ask about no other).
///
/// A catalog that could not be listed keeps its path and size and says why in `problem`; the
/// rest is then empty, and `asset-catalog-malformed` reports it.
public struct AssetCatalogSummary: Sendable, Hashable {
    /// Relative to the package root.
    public let path: String
    /// Uncompressed bytes, as the package lists them.
    public let size: UInt64
    /// Why the catalog could not be listed (what was wrong and where); nil when it was.
    public let problem: String?
    public let renditionCount: Int
    /// Renditions counted by layout ("internal link", "multisize image set", …), by name.
    public let renditionKinds: [RenditionKind]
    /// The sets the app names and every other facet that is an icon set, by name.
    public let iconSets: [IconSet]
    /// The App Store icon of the set the app names, in its any appearance (what App Store
    /// Connect judges); nil when the set has none, or the platform's App Store icon is not known
    /// (`Rules/data/app-store-icons.yml`).
    public let appStoreIcon: AppStoreIcon?
    /// The App Store icon in each appearance the set has it in (any, dark, tinted, …), any
    /// first: what Xcode's Any, Dark and Tinted wells compiled to. Empty when none is found.
    public let appStoreIconAppearances: [AppearanceIcon]
    /// The set named by the Info.plist, whether or not the catalog holds it.
    public let namedIconSet: String?
    /// Whether the bundle's platform asks for an App Store icon in the catalog.
    public let appStoreIconExpected: Bool
    /// When the named set has no App Store icon: another facet of the catalog that holds an
    /// image of its idiom and size (tvOS's `App Icon - App Store`, compiled apart when its
    /// layers carry the wrong idiom), which App Store Connect does not look at.
    public let appStoreIconElsewhere: String?
    /// The top-shelf images a tvOS app's Info.plist names (`TVTopShelfImage`), in its order.
    public let topShelfImages: [TopShelfImage]
    /// The alternate icons the Info.plist names as asset-catalog sets (`CFBundleAlternateIcons`
    /// entries with `CFBundleIconName`), and whether the catalog holds each.
    public let alternateIcons: [AlternateIcon]
    /// For a platform with no App Store icon of its own in the table (macOS, visionOS): the
    /// named set's largest square image, up to 1024 pixels, as a small PNG for the HTML report.
    public let iconPreview: IconPreview?
    /// The named set's largest square image in each appearance but any (dark, tinted, …),
    /// up to 1024 pixels, as small PNGs the HTML report shows beside the any one; empty when
    /// the set has none or the pixels were not decoded.
    public let appearancePreviews: [IconPreview]

    public struct IconPreview: Sendable, Hashable {
        public let iconSet: String
        /// `any`, `dark`, `tinted`, … (`AppearanceIcon.appearance`).
        public let appearance: String
        public let pixelWidth: Int
        public let pixelHeight: Int
        public let png: [UInt8]

        package init(iconSet: String, appearance: String = "any", pixelWidth: Int, pixelHeight: Int, png: [UInt8]) {
            self.iconSet = iconSet
            self.appearance = appearance
            self.pixelWidth = pixelWidth
            self.pixelHeight = pixelHeight
            self.png = png
        }
    }

    public struct RenditionKind: Sendable, Hashable {
        public let name: String
        public let count: Int

        package init(name: String, count: Int) {
            self.name = name
            self.count = count
        }
    }

    public struct IconSet: Sendable, Hashable {
        public let name: String
        public let images: [IconImage]
        /// How many layered images (tvOS, visionOS) the set holds: `layeredImages.count`.
        public var layerStacks: Int { layeredImages.count }
        /// The set's layered images, one per idiom and scale, with their layers.
        public let layeredImages: [LayeredImage]
        /// The Icon Composer icon stacks (Xcode 26) of the set, one per appearance; its images
        /// are then the flattened fallbacks actool drew from them.
        public let iconStacks: [AppearanceIcon]
        /// The Icon Composer icon read whole; nil for a set of another kind.
        public let iconComposer: IconComposerIcon?
        /// Bytes the catalog stores for the set, renditions' headers included: its images (each
        /// atlas they link into counted once), its layer stacks with their layers' images, and
        /// an Icon Composer icon's stacks, groups, gradients, colours and vector layers.
        public let storedBytes: Int

        package init(
            name: String, images: [IconImage], layeredImages: [LayeredImage], iconStacks: [AppearanceIcon] = [], iconComposer: IconComposerIcon? = nil,
            storedBytes: Int = 0
        ) {
            self.name = name
            self.images = images
            self.layeredImages = layeredImages
            self.iconStacks = iconStacks
            self.iconComposer = iconComposer
            self.storedBytes = storedBytes
        }

        /// Whether the set is an Icon Composer icon.
        public var isIconComposerIcon: Bool { !iconStacks.isEmpty }
    }

    /// An icon in one appearance: an image, or an Icon Composer icon stack, by its size.
    public struct AppearanceIcon: Sendable, Hashable {
        /// `any`, `dark`, `tinted`, `light` (`Rules/data/icon-appearances.yml`), or the
        /// catalog's own name for an appearance the table does not know.
        public let appearance: String
        public let idiom: String
        public let pixelWidth: Int
        public let pixelHeight: Int
        /// Whether it is an Icon Composer icon stack rather than an image.
        public let iconStack: Bool

        package init(appearance: String, idiom: String, pixelWidth: Int, pixelHeight: Int, iconStack: Bool) {
            self.appearance = appearance
            self.idiom = idiom
            self.pixelWidth = pixelWidth
            self.pixelHeight = pixelHeight
            self.iconStack = iconStack
        }
    }

    /// A layer stack (tvOS's brand asset, visionOS's icon): its size, and its layers bottom first.
    public struct LayeredImage: Sendable, Hashable {
        public let idiom: String
        public let scale: Int
        public let pixelWidth: Int
        public let pixelHeight: Int
        public let layers: [StackLayer]

        package init(idiom: String, scale: Int, pixelWidth: Int, pixelHeight: Int, layers: [StackLayer]) {
            self.idiom = idiom
            self.scale = scale
            self.pixelWidth = pixelWidth
            self.pixelHeight = pixelHeight
            self.layers = layers
        }
    }

    /// One layer of a layered image: its facet (`App Icon/Back/Content`), the role its name
    /// gives (`Back`), and its images by idiom and scale.
    public struct StackLayer: Sendable, Hashable {
        /// Nil when no facet of the catalog has the layer's identifier.
        public let name: String?
        public let role: String?
        public let images: [IconImage]

        package init(name: String?, role: String?, images: [IconImage]) {
            self.name = name
            self.role = role
            self.images = images
        }
    }

    /// A top-shelf image the Info.plist names: the key (`TVTopShelfPrimaryImage`), the facet it
    /// names, whether the catalog holds it, and its images with their decoded alpha.
    public struct TopShelfImage: Sendable, Hashable {
        public let key: String
        public let name: String
        public let held: Bool
        public let images: [IconImage]
        /// By index of `images`: what the decoding found; nil where not decoded.
        public let pixels: [DecodedPixels?]

        package init(key: String, name: String, held: Bool, images: [IconImage], pixels: [DecodedPixels?]) {
            self.key = key
            self.name = name
            self.held = held
            self.images = images
            self.pixels = pixels
        }
    }

    /// What decoding an image's pixels found.
    public struct DecodedPixels: Sendable, Hashable {
        /// Nil when they could not be decoded (`problem` says why).
        public let opaque: Bool?
        public let firstTransparentPixel: Pixel?
        public let transparentPixels: Int
        public let problem: String?
        /// Whether the decoding failed because the catalog is damaged.
        public let malformed: Bool

        package init(opaque: Bool?, firstTransparentPixel: Pixel?, transparentPixels: Int, problem: String?, malformed: Bool) {
            self.opaque = opaque
            self.firstTransparentPixel = firstTransparentPixel
            self.transparentPixels = transparentPixels
            self.problem = problem
            self.malformed = malformed
        }
    }

    /// An alternate icon the Info.plist names by set (`CFBundleIcons/CFBundleAlternateIcons/X/CFBundleIconName`).
    public struct AlternateIcon: Sendable, Hashable {
        /// `CFBundleIcons` or `CFBundleIcons~ipad`.
        public let iconsKey: String
        /// The entry's key, what `setAlternateIconName` is given.
        public let entry: String
        /// The set it names.
        public let iconSet: String
        public let held: Bool

        package init(iconsKey: String, entry: String, iconSet: String, held: Bool) {
            self.iconsKey = iconsKey
            self.entry = entry
            self.iconSet = iconSet
            self.held = held
        }
    }

    public struct IconImage: Sendable, Hashable {
        /// `phone`, `pad`, `marketing` (the App Store's), `universal`, …
        public let idiom: String
        /// The size in points the set's size list gives it; nil when none does.
        public let points: PointSize?
        public let scale: Int
        public let pixelWidth: Int
        public let pixelHeight: Int
        /// Whether every pixel is opaque; nil when its pixels were not decoded (only the App
        /// Store icon's and the top-shelf images' are). A JPEG is opaque by its format.
        public let opaque: Bool?
        /// The pixel format: `ARGB`, `GA8`, `RGBW`, `JPEG`, `DATA` (a layer stack), ``.
        public let format: String
        /// `any`, `dark`, `tinted`, … (`AppearanceIcon.appearance`).
        public let appearance: String

        package init(idiom: String, points: PointSize?, scale: Int, pixelWidth: Int, pixelHeight: Int, opaque: Bool?, format: String, appearance: String) {
            self.format = format
            self.appearance = appearance
            self.idiom = idiom
            self.points = points
            self.scale = scale
            self.pixelWidth = pixelWidth
            self.pixelHeight = pixelHeight
            self.opaque = opaque
        }
    }

    public struct PointSize: Sendable, Hashable {
        public let width: Int
        public let height: Int

        package init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    public struct AppStoreIcon: Sendable, Hashable {
        public let iconSet: String
        public let idiom: String
        /// The appearance it was found in: `any`, or what stands for it (`light`).
        public let appearance: String
        /// Whether it is an Icon Composer icon stack (its pixels are not drawn, nor judged).
        public let iconStack: Bool
        public let pixelWidth: Int
        public let pixelHeight: Int
        /// Whether the icon is a layered image (tvOS), its pixels then its flattened image's.
        public let layered: Bool
        /// From the pixels; nil when they could not be decoded (`pixelProblem` says why).
        public let opaque: Bool?
        /// The first pixel, row by row from the top, that is not fully opaque.
        public let firstTransparentPixel: Pixel?
        /// Pixels not fully opaque, of `pixelWidth × pixelHeight`.
        public let transparentPixels: Int
        public let pixelProblem: String?
        /// Whether the decoding failed because the catalog is damaged, rather than in a
        /// compression or pixel format bundlecheck does not decode.
        public let pixelsMalformed: Bool
        /// A small PNG of the icon for the HTML report; nil when the pixels did not decode.
        public let preview: [UInt8]?

        package init(
            iconSet: String, idiom: String, appearance: String, iconStack: Bool = false, pixelWidth: Int, pixelHeight: Int, layered: Bool = false,
            opaque: Bool?, firstTransparentPixel: Pixel?, transparentPixels: Int, pixelProblem: String?, pixelsMalformed: Bool, preview: [UInt8]?
        ) {
            self.appearance = appearance
            self.iconStack = iconStack
            self.layered = layered
            self.iconSet = iconSet
            self.idiom = idiom
            self.pixelWidth = pixelWidth
            self.pixelHeight = pixelHeight
            self.opaque = opaque
            self.firstTransparentPixel = firstTransparentPixel
            self.transparentPixels = transparentPixels
            self.pixelProblem = pixelProblem
            self.pixelsMalformed = pixelsMalformed
            self.preview = preview
        }
    }

    public struct Pixel: Sendable, Hashable {
        public let x: Int
        public let y: Int

        package init(x: Int, y: Int) {
            self.x = x
            self.y = y
        }
    }

    package init(
        path: String, size: UInt64, problem: String?, renditionCount: Int, renditionKinds: [RenditionKind], iconSets: [IconSet],
        appStoreIcon: AppStoreIcon?, appStoreIconAppearances: [AppearanceIcon] = [], namedIconSet: String?, appStoreIconExpected: Bool,
        appStoreIconElsewhere: String? = nil, topShelfImages: [TopShelfImage] = [], alternateIcons: [AlternateIcon] = [], iconPreview: IconPreview? = nil,
        appearancePreviews: [IconPreview] = []
    ) {
        self.appearancePreviews = appearancePreviews
        self.appStoreIconAppearances = appStoreIconAppearances
        self.iconPreview = iconPreview
        self.appStoreIconElsewhere = appStoreIconElsewhere
        self.topShelfImages = topShelfImages
        self.alternateIcons = alternateIcons
        self.path = path
        self.size = size
        self.problem = problem
        self.renditionCount = renditionCount
        self.renditionKinds = renditionKinds
        self.iconSets = iconSets
        self.appStoreIcon = appStoreIcon
        self.namedIconSet = namedIconSet
        self.appStoreIconExpected = appStoreIconExpected
    }

    /// A catalog that could not be listed.
    package static func unreadable(path: String, size: UInt64, problem: String, namedIconSet: String?, appStoreIconExpected: Bool) -> AssetCatalogSummary {
        AssetCatalogSummary(
            path: path, size: size, problem: problem, renditionCount: 0, renditionKinds: [], iconSets: [], appStoreIcon: nil,
            namedIconSet: namedIconSet, appStoreIconExpected: appStoreIconExpected
        )
    }

    /// The set the Info.plist names, when the catalog holds it.
    public var namedSet: IconSet? {
        namedIconSet.flatMap { name in iconSets.first { $0.name == name } }
    }
}
