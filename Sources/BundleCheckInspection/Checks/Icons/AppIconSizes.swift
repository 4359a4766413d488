import BundleCheckFormats
import BundleCheckModel

/// The app icon facts of `Rules/data/app-icon-sizes.yml`: from which iOS SDK the icons must come
/// from an asset catalogue, the scales of loose icon files, and per device family the
/// dictionary naming them, their file-name suffix and the sizes App Store Connect requires.
struct AppIconSizes {
    struct Requirement: Equatable {
        let pixels: Int
        /// `ITMS-90022`.
        let code: String
    }

    struct Family: Equatable {
        /// The `UIDeviceFamily` value: 1 iPhone, 2 iPad.
        let deviceFamily: Int
        let device: String
        /// `CFBundleIcons` or `CFBundleIcons~ipad`.
        let iconsKey: String
        /// `~ipad`, or empty.
        let suffix: String
        let required: [Requirement]
    }

    /// What the table says of one platform's apps.
    struct PlatformIcons: Equatable {
        /// From this SDK of the platform on, the icon must come from an asset catalogue.
        let catalogueRequiredFrom: MachOVersion
        /// Where the Info.plist names the icon set, first found first.
        let iconNamePointers: [JSONPointer]
    }

    /// The flattened images an Icon Composer icon carries for systems that cannot draw its
    /// stacks: each a size in points at `scale`, in the any appearance.
    struct IconComposerFallbacks: Equatable {
        /// From this version of the platform on, the system draws the icon stacks itself.
        let stacksDrawnFrom: MachOVersion
        let scale: Int
        let points: [Int]
    }

    /// By platform id; a platform not listed is not judged.
    let platforms: [String: PlatformIcons]
    /// By platform id; a platform not listed is not judged.
    let iconComposerFallbacks: [String: IconComposerFallbacks]
    let scales: [Int]
    let families: [Family]

    static let table = "app-icon-sizes"
    static let shipped = DataTables.read(table, AppIconSizes.init)

    init(_ table: DataTable) throws(YAMLLoadError) {
        let entries = table.root
        var platforms: [String: PlatformIcons] = [:]
        for (key, row) in try entries("platforms").keyedPairs() {
            let id = try key.platformID()
            let from = try row("catalogue-required-from-sdk").version()
            let pointers = try row("icon-name").items().map { place throws(YAMLLoadError) in JSONPointer(components: try place.strings()) }
            platforms[id] = PlatformIcons(catalogueRequiredFrom: from, iconNamePointers: pointers)
        }
        self.platforms = platforms
        var fallbacks: [String: IconComposerFallbacks] = [:]
        for (key, value) in try entries.optional("icon-composer-fallbacks")?.keyedPairs() ?? [] {
            let row = try value.allowing(keys: ["stacks-drawn-from", "scale", "points"])
            fallbacks[try key.platformID()] = IconComposerFallbacks(
                stacksDrawnFrom: try row("stacks-drawn-from").version(), scale: try row("scale").positiveInteger(),
                points: try row("points").items().map { size throws(YAMLLoadError) in try size.positiveInteger() })
        }
        iconComposerFallbacks = fallbacks
        scales = try entries.optional("scales")?.items().map { scale throws(YAMLLoadError) in try scale.positiveInteger() } ?? []
        families = try (entries.optional("families")?.items() ?? []).map { row throws(YAMLLoadError) in
            let required = try (row.optional("required")?.items() ?? []).map { size throws(YAMLLoadError) in
                Requirement(pixels: try size("pixels").positiveInteger(), code: try size("code").string())
            }
            return Family(
                deviceFamily: try row("device-family").integer(), device: try row("device").string(), iconsKey: try row("icons-key").string(),
                suffix: try row("suffix").scalar(), required: required)
        }
    }

    /// The families a bundle runs on: its `UIDeviceFamily` values (numbers, or numbers as
    /// strings) that the table knows; iPhone alone when it names none and iPhone is a family of
    /// its platform; none for the other platforms.
    func families(of bundle: InspectedBundle) -> [Family] {
        let values = (bundle.infoPlist?.value(at: JSONPointer("UIDeviceFamily"))?.arrayValue ?? []).compactMap(BundlePlatform.deviceFamily)
        let named = families.filter { values.contains($0.deviceFamily) }
        guard named.isEmpty else { return named }
        return families.filter { $0.deviceFamily == 1 && bundle.platform.platform.deviceFamilies.contains($0.deviceFamily) }
    }
}
