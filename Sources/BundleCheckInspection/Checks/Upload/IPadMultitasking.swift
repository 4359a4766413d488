import BundleCheckFormats
import BundleCheckModel

/// The iPad multitasking facts of `Rules/data/ipad-multitasking.yml`: which apps take part in
/// it, the orientations it asks for, the launch-screen keys, and Apple's codes.
struct IPadMultitasking {
    let iPadDeviceFamily: Int
    let fullScreenKeys: [String]
    let orientationKeys: [String]
    let orientations: [String]
    let orientationCode: String
    let launchStoryboardKeys: [String]
    let launchScreenKeys: [String]
    /// `storyboardc`, `nib`: the extensions a named launch screen is compiled to.
    let compiledLaunchScreens: [String]
    let launchScreenCode: String
    let unreadableLines: [Int]

    static let shipped = IPadMultitasking(entries: DataTables.named("ipad-multitasking").entries)

    init(entries: YAMLNode) {
        var unreadable: [Int] = []
        func strings(_ key: String) -> [String] {
            guard let list = entries[key]?.sequence?.compactMap(\.scalar), !list.isEmpty else {
                unreadable.append(entries.line)
                return []
            }
            return list
        }
        func string(_ key: String) -> String {
            guard let value = entries[key]?.scalar, !value.isEmpty else {
                unreadable.append(entries.line)
                return ""
            }
            return value
        }
        iPadDeviceFamily = entries["ipad-device-family"]?.scalar.flatMap(Int.init) ?? 2
        fullScreenKeys = strings("full-screen-keys")
        orientationKeys = strings("orientation-keys")
        orientations = strings("orientations")
        orientationCode = string("orientation-code")
        launchStoryboardKeys = strings("launch-storyboard-keys")
        launchScreenKeys = strings("launch-screen-keys")
        compiledLaunchScreens = strings("compiled-launch-screens")
        launchScreenCode = string("launch-screen-code")
        if entries["ipad-device-family"]?.scalar.flatMap(Int.init) == nil { unreadable.append(entries.line) }
        unreadableLines = unreadable
    }

    /// Whether `bundle` runs on iPad (its `UIDeviceFamily` holds iPad's value).
    func runsOnIPad(_ bundle: InspectedBundle) -> Bool {
        let families = (bundle.infoPlist?.value(at: JSONPointer("UIDeviceFamily"))?.arrayValue ?? []).compactMap(BundlePlatform.deviceFamily)
        return families.contains(iPadDeviceFamily)
    }

    /// The first full-screen key that is true, which opts the app out of multitasking.
    func fullScreenKey(of bundle: InspectedBundle) -> String? {
        fullScreenKeys.first { bundle.infoPlist?.value(at: JSONPointer($0))?.boolValue == true }
    }

    /// Whether `bundle` takes part in iPad multitasking: it runs on iPad and does not opt out.
    func multitasks(_ bundle: InspectedBundle) -> Bool {
        runsOnIPad(bundle) && fullScreenKey(of: bundle) == nil
    }
}
