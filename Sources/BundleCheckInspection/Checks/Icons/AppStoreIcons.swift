import BundleCheckFormats
import BundleCheckModel

/// The App Store icon facts of `Rules/data/app-store-icons.yml`: per platform, the idioms its
/// App Store icon may be found as in the app's icon set (the App Store's own, and the device
/// idioms of the families the app runs on, as actool compiles a single-size set), its size in
/// pixels, whether it is a layered image, whether an Icon Composer icon stack stands for it,
/// and Apple's codes when it is missing or not opaque.
struct AppStoreIcons {
    /// A platform's row; as `requirement(for:)` gives it, its `idioms` are the app's own.
    struct Requirement: Equatable {
        /// `marketing`, `universal`, then (for an app) its device idioms (`phone`, `pad`):
        /// CARIdiom names, first found first.
        var idioms: [String]
        /// By `UIDeviceFamily` value: the idiom actool compiles a single-size set to for it.
        let deviceIdioms: [Int: String]
        /// The family an app that names none runs on.
        let defaultDeviceFamily: Int?
        let pixelWidth: Int
        let pixelHeight: Int
        /// tvOS: the icon is a layer stack, found as the stack or its flattened image.
        let layered: Bool
        /// iOS: an Icon Composer icon stack of the size stands for the image.
        let iconStacks: Bool
        /// `ITMS-90704`, `ITMS-91111`.
        let missingCodes: [String]
        /// `ITMS-90717`; empty where the icon's alpha is not judged.
        let alphaCodes: [String]

        var size: String { "\(pixelWidth)×\(pixelHeight)" }
    }

    /// By platform id; a platform not listed is not judged.
    let platforms: [String: Requirement]

    static let table = "app-store-icons"
    static let shipped = DataTables.read(table, AppStoreIcons.init)

    init(_ table: DataTable) throws(YAMLLoadError) {
        var platforms: [String: Requirement] = [:]
        for (key, row) in try table.root("platforms").keyedPairs() {
            let id = try key.platformID()
            let idioms = try row("idioms").strings()
            var deviceIdioms: [Int: String] = [:]
            for (family, idiom) in try row.optional("device-idioms")?.keyedPairs() ?? [] {
                deviceIdioms[try family.integer()] = try idiom.string()
            }
            // An app that names no family of device-idioms runs on the default one, which must be one of them.
            let defaultFamily = try deviceIdioms.isEmpty ? row.optional("default-device-family") : row("default-device-family")
            let defaultValue = try defaultFamily?.integer()
            if let defaultFamily, let defaultValue, deviceIdioms[defaultValue] == nil {
                throw defaultFamily.error("'\(defaultValue)' is not a family of device-idioms")
            }
            let pixels = try row("pixels").pixels()
            platforms[id] = Requirement(
                idioms: idioms, deviceIdioms: deviceIdioms, defaultDeviceFamily: defaultValue, pixelWidth: pixels[0], pixelHeight: pixels[1],
                layered: try row.optional("layered")?.bool() ?? false, iconStacks: try row.optional("icon-stacks")?.bool() ?? false,
                missingCodes: try row("missing-codes").strings(),
                alphaCodes: try row("alpha-codes").items(allowEmpty: true).map { code throws(YAMLLoadError) in try code.string() })
        }
        self.platforms = platforms
    }

    /// What the App Store asks of `bundle`'s icon; nil for a platform the table does not judge.
    func requirement(for bundle: InspectedBundle) -> Requirement? {
        guard var requirement = platforms[bundle.platform.platform.id] else { return nil }
        let named = BundlePlatform.deviceFamilies(in: bundle.infoPlist).filter { requirement.deviceIdioms[$0] != nil }
        let families = named.isEmpty ? requirement.defaultDeviceFamily.map { [$0] } ?? [] : named
        for family in families.sorted() {
            if let idiom = requirement.deviceIdioms[family], !requirement.idioms.contains(idiom) { requirement.idioms.append(idiom) }
        }
        return requirement
    }
}
