import BundleCheckFormats
import BundleCheckModel

/// The App Store icon facts of `Rules/data/app-store-icons.yml`: per platform, the idioms its
/// App Store icon may be found as in the app's icon set (the App Store's own, and the device
/// idioms of the families the app runs on, as actool compiles a single-size set), its size in
/// pixels, whether it is a layered image, whether an Icon Composer icon stack stands for it,
/// and Apple's codes when it is missing or not opaque.
struct AppStoreIcons {
    struct Requirement: Equatable {
        /// `marketing`, `universal`, then the app's device idioms (`phone`, `pad`): CARIdiom
        /// names, first found first.
        let idioms: [String]
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

    /// A platform's row: the requirement less the device idioms, which depend on the app.
    struct Platform: Equatable {
        let idioms: [String]
        /// By `UIDeviceFamily` value: the idiom actool compiles a single-size set to for it.
        let deviceIdioms: [Int: String]
        /// The family an app that names none runs on.
        let defaultDeviceFamily: Int?
        let pixelWidth: Int
        let pixelHeight: Int
        let layered: Bool
        let iconStacks: Bool
        let missingCodes: [String]
        let alphaCodes: [String]
    }

    /// By platform id; a platform not listed is not judged.
    let platforms: [String: Platform]
    let unreadableLines: [Int]

    static let shipped = AppStoreIcons(entries: DataTables.named("app-store-icons").entries)

    init(entries: YAMLNode) {
        var unreadable: [Int] = []
        var platforms: [String: Platform] = [:]
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
            platforms[id] = Platform(
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
        guard let platform = platforms[bundle.platform.platform.id] else { return nil }
        let named = BundlePlatform.deviceFamilies(in: bundle.infoPlist).filter { platform.deviceIdioms[$0] != nil }
        let families = named.isEmpty ? platform.defaultDeviceFamily.map { [$0] } ?? [] : named
        var idioms = platform.idioms
        for family in families.sorted() {
            if let idiom = platform.deviceIdioms[family], !idioms.contains(idiom) { idioms.append(idiom) }
        }
        return Requirement(
            idioms: idioms, pixelWidth: platform.pixelWidth, pixelHeight: platform.pixelHeight, layered: platform.layered,
            iconStacks: platform.iconStacks, missingCodes: platform.missingCodes, alphaCodes: platform.alphaCodes
        )
    }
}
