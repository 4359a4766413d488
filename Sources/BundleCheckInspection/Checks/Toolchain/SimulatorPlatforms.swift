import BundleCheckFormats
import BundleCheckModel

/// The simulator platforms of `Rules/data/simulator-platforms.yml`: how Info.plists name them,
/// and the device platform each stands in for.
struct SimulatorPlatforms {
    struct Platform: Equatable {
        /// As `CFBundleSupportedPlatforms` lists it: `iPhoneSimulator`.
        let supportedPlatform: String
        /// As `DTPlatformName` and `DTSDKName` spell it: `iphonesimulator`.
        let platformName: String
        /// The device's `DTPlatformName`: `iphoneos`.
        let device: String
        /// `iOS Simulator`.
        let name: String
    }

    let platforms: [Platform]
    /// Lines of the table's rows that could not be read (a test keeps this empty).
    let unreadableLines: [Int]

    static let shipped = SimulatorPlatforms(entries: DataTables.named("simulator-platforms").entries)

    init(entries: YAMLNode) {
        var platforms: [Platform] = []
        var unreadable: [Int] = []
        for row in entries.sequence ?? [] {
            guard let supported = row["supported-platform"]?.scalar, let name = row["platform-name"]?.scalar,
                  let device = row["device"]?.scalar, let display = row["name"]?.scalar
            else {
                unreadable.append(row.line)
                continue
            }
            platforms.append(Platform(supportedPlatform: supported, platformName: name, device: device, name: display))
        }
        self.platforms = platforms
        self.unreadableLines = unreadable
    }

    /// The simulator a `DTPlatformName` (or `DTSDKName` prefix) names, if any.
    func platform(named platformName: String) -> Platform? {
        platforms.first { $0.platformName == platformName }
    }

    /// The device platform whose SDK builds a platform's builds share: itself unless it is a simulator.
    func devicePlatform(of platformName: String) -> String {
        platform(named: platformName)?.device ?? platformName
    }

    /// Where a bundle's Info.plist says it was built for a simulator: the first simulator in
    /// `CFBundleSupportedPlatforms`, else a simulator `DTPlatformName`; nil for device builds.
    func evidence(in bundle: InspectedBundle) -> (platform: Platform, pointer: JSONPointer, key: String)? {
        let supported = bundle.infoPlist?.value(at: JSONPointer("CFBundleSupportedPlatforms"))?.arrayValue ?? []
        for (index, value) in supported.enumerated() {
            if let name = value.stringValue, let platform = platforms.first(where: { $0.supportedPlatform == name }) {
                return (platform, JSONPointer("CFBundleSupportedPlatforms", String(index)), "CFBundleSupportedPlatforms")
            }
        }
        if let name = bundle.infoString("DTPlatformName"), let platform = platform(named: name) {
            return (platform, JSONPointer("DTPlatformName"), "DTPlatformName")
        }
        return nil
    }
}
