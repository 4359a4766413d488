import BundleCheckFormats
import BundleCheckModel

/// The App Store icon facts of `Rules/data/app-store-icons.yml`: per platform, the idioms its
/// App Store icon may be found as in the app's icon set, its size in pixels, whether it is a
/// layered image, and Apple's codes when it is missing or not opaque.
struct AppStoreIcons {
    struct Requirement: Equatable {
        /// `marketing`, `universal`: CARIdiom names, first found first.
        let idioms: [String]
        let pixelWidth: Int
        let pixelHeight: Int
        /// tvOS: the icon is a layer stack, found as the stack or its flattened image.
        let layered: Bool
        /// `ITMS-90704`.
        let missingCode: String
        /// `ITMS-90717`; empty where the icon's alpha is not judged.
        let alphaCodes: [String]

        var size: String { "\(pixelWidth)×\(pixelHeight)" }
    }

    /// By platform id; a platform not listed is not judged.
    let platforms: [String: Requirement]
    let unreadableLines: [Int]

    static let shipped = AppStoreIcons(entries: DataTables.named("app-store-icons").entries)

    init(entries: YAMLNode) {
        var unreadable: [Int] = []
        var platforms: [String: Requirement] = [:]
        for pair in entries["platforms"]?.mapping ?? [] {
            let pixels = (pair.value["pixels"]?.sequence ?? []).compactMap { $0.scalar.flatMap(Int.init) }
            guard let id = pair.key.scalar, ApplePlatforms.shipped.platform(id: id) != nil,
                  let idioms = pair.value["idioms"]?.sequence?.compactMap(\.scalar), !idioms.isEmpty,
                  pixels.count == 2, pixels.allSatisfy({ $0 > 0 }),
                  let missing = pair.value["missing-code"]?.scalar, let alpha = pair.value["alpha-codes"]?.sequence?.compactMap(\.scalar)
            else {
                unreadable.append(pair.key.line)
                continue
            }
            let layered = pair.value["layered"]?.scalar == "true"
            platforms[id] = Requirement(
                idioms: idioms, pixelWidth: pixels[0], pixelHeight: pixels[1], layered: layered, missingCode: missing, alphaCodes: alpha
            )
        }
        if platforms.isEmpty { unreadable.append(entries.line) }
        self.platforms = platforms
        unreadableLines = unreadable
    }

    /// What the App Store asks of `bundle`'s icon; nil for a platform the table does not judge.
    func requirement(for bundle: InspectedBundle) -> Requirement? {
        platforms[bundle.platform.platform.id]
    }
}
