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

    static let table = "ipad-multitasking"
    static let shipped = DataTables.read(table, IPadMultitasking.init)

    init(_ table: DataTable) throws(YAMLLoadError) {
        let entries = table.root
        iPadDeviceFamily = try entries("ipad-device-family").integer()
        fullScreenKeys = try entries("full-screen-keys").strings()
        orientationKeys = try entries("orientation-keys").strings()
        orientations = try entries("orientations").strings()
        orientationCode = try entries("orientation-code").string()
        launchStoryboardKeys = try entries("launch-storyboard-keys").strings()
        launchScreenKeys = try entries("launch-screen-keys").strings()
        compiledLaunchScreens = try entries("compiled-launch-screens").strings()
        launchScreenCode = try entries("launch-screen-code").string()
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
