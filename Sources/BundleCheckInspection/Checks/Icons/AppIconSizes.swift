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

    /// By platform id; a platform not listed is not judged.
    let platforms: [String: PlatformIcons]
    let scales: [Int]
    let families: [Family]
    let unreadableLines: [Int]

    static let table = "app-icon-sizes"
    static let shipped = AppIconSizes(entries: DataTables.named(table).entries)

    init(entries: YAMLNode) {
        var unreadable: [Int] = []
        var platforms: [String: PlatformIcons] = [:]
        for pair in entries["platforms"]?.mapping ?? [] {
            guard let id = pair.key.scalar, ApplePlatforms.shipped.platform(id: id) != nil,
                let from = pair.value["catalogue-required-from-sdk"]?.scalar.flatMap(MachOVersion.init),
                let places = pair.value["icon-name"]?.sequence, !places.isEmpty
            else {
                unreadable.append(pair.key.line)
                continue
            }
            let pointers = places.compactMap { place -> JSONPointer? in
                guard let keys = place.sequence?.compactMap(\.scalar), !keys.isEmpty else {
                    unreadable.append(place.line)
                    return nil
                }
                return JSONPointer(components: keys)
            }
            platforms[id] = PlatformIcons(catalogueRequiredFrom: from, iconNamePointers: pointers)
        }
        if platforms.isEmpty { unreadable.append(entries.line) }
        self.platforms = platforms
        scales = (entries["scales"]?.sequence ?? []).compactMap { node in
            guard let scale = node.scalar.flatMap(Int.init), scale > 0 else {
                unreadable.append(node.line)
                return nil
            }
            return scale
        }
        families = (entries["families"]?.sequence ?? []).compactMap { row in
            guard let family = row["device-family"]?.scalar.flatMap(Int.init), let device = row["device"]?.scalar,
                let iconsKey = row["icons-key"]?.scalar, let suffix = row["suffix"]?.scalar
            else {
                unreadable.append(row.line)
                return nil
            }
            let required = (row["required"]?.sequence ?? []).compactMap { node -> Requirement? in
                guard let pixels = node["pixels"]?.scalar.flatMap(Int.init), let code = node["code"]?.scalar else {
                    unreadable.append(node.line)
                    return nil
                }
                return Requirement(pixels: pixels, code: code)
            }
            return Family(deviceFamily: family, device: device, iconsKey: iconsKey, suffix: suffix, required: required)
        }
        unreadableLines = unreadable
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
