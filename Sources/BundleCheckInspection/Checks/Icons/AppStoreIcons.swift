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
    let unreadableLines: [Int]

    static let table = "app-store-icons"
    static let shipped = AppStoreIcons(entries: DataTables.named(table).entries)

    init(entries: YAMLNode) {
        var unreadable: [Int] = []
        var platforms: [String: Requirement] = [:]
        for pair in entries["platforms"]?.mapping ?? [] {
            let row = pair.value
            let pixels = (row["pixels"]?.sequence ?? []).compactMap { $0.scalar.flatMap(Int.init) }
            var deviceIdioms: [Int: String] = [:]
            var deviceIdiomsRead = true
            for entry in row["device-idioms"]?.mapping ?? [] {
                guard let family = entry.key.scalar.flatMap(Int.init), let idiom = entry.value.scalar, !idiom.isEmpty else {
                    deviceIdiomsRead = false
                    continue
                }
                deviceIdioms[family] = idiom
            }
            let defaultFamily = row["default-device-family"]?.scalar.flatMap(Int.init)
            guard let id = pair.key.scalar, ApplePlatforms.shipped.platform(id: id) != nil,
                let idioms = row["idioms"]?.sequence?.compactMap(\.scalar), !idioms.isEmpty,
                pixels.count == 2, pixels.allSatisfy({ $0 > 0 }), deviceIdiomsRead,
                deviceIdioms.isEmpty || defaultFamily.map({ deviceIdioms[$0] != nil }) == true,
                let missing = row["missing-codes"]?.sequence?.compactMap(\.scalar), !missing.isEmpty,
                let alpha = row["alpha-codes"]?.sequence?.compactMap(\.scalar)
            else {
                unreadable.append(pair.key.line)
                continue
            }
            platforms[id] = Requirement(
                idioms: idioms, deviceIdioms: deviceIdioms, defaultDeviceFamily: defaultFamily, pixelWidth: pixels[0], pixelHeight: pixels[1],
                layered: row["layered"]?.scalar == "true", iconStacks: row["icon-stacks"]?.scalar == "true", missingCodes: missing, alphaCodes: alpha
            )
        }
        if platforms.isEmpty { unreadable.append(entries.line) }
        self.platforms = platforms
        unreadableLines = unreadable
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
