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

    let catalogueRequiredFrom: MachOVersion
    let scales: [Int]
    let families: [Family]
    let unreadableLines: [Int]

    static let shipped = AppIconSizes(entries: DataTables.named("app-icon-sizes").entries)

    init(entries: YAMLNode) {
        var unreadable: [Int] = []
        let catalogue = entries["catalogue-required-from-sdk"]?.scalar.flatMap(MachOVersion.init)
        if catalogue == nil { unreadable.append(entries.line) }
        catalogueRequiredFrom = catalogue ?? MachOVersion(major: 11)
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
    /// strings) that the table knows; iPhone alone when it names none.
    func families(of bundle: InspectedBundle) -> [Family] {
        let values = (bundle.infoPlist?.value(at: JSONPointer("UIDeviceFamily"))?.arrayValue ?? []).compactMap { value -> Int? in
            if let integer = value.integerValue { return integer.int64.flatMap { Int(exactly: $0) } }
            return value.stringValue.flatMap(Int.init)
        }
        let named = families.filter { values.contains($0.deviceFamily) }
        return named.isEmpty ? families.filter { $0.deviceFamily == 1 } : named
    }
}
