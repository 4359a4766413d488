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

    static let table = "ipad-multitasking"
    static let shipped = IPadMultitasking(entries: DataTables.named(table).entries)

    init(entries: YAMLNode) {
        var fields = DataTableFields(entries)
        iPadDeviceFamily = fields.integer("ipad-device-family") ?? 2
        fullScreenKeys = fields.strings("full-screen-keys")
        orientationKeys = fields.strings("orientation-keys")
        orientations = fields.strings("orientations")
        orientationCode = fields.string("orientation-code")
        launchStoryboardKeys = fields.strings("launch-storyboard-keys")
        launchScreenKeys = fields.strings("launch-screen-keys")
        compiledLaunchScreens = fields.strings("compiled-launch-screens")
        launchScreenCode = fields.string("launch-screen-code")
        unreadableLines = fields.unreadableLines
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
