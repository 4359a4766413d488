import BundleCheckFormats

/// The platform a bundle was built for, decided once when the package is loaded
/// (`BundlePlatform.decide`) and asked by every check that depends on it.
public struct BundlePlatform: Sendable, Hashable, CustomStringConvertible {
    /// What told the platform, strongest first.
    public enum Evidence: Sendable, Hashable {
        /// `CFBundleSupportedPlatforms/<index>`.
        case supportedPlatforms(index: Int)
        /// `DTPlatformName`, else the letters `DTSDKName` starts with.
        case platformName(key: String)
        /// The executable's `LC_BUILD_VERSION` (or `LC_VERSION_MIN_*`).
        case executable
        /// `UIDeviceFamily`.
        case deviceFamily
        /// An Info.plist key only that platform's bundles carry (`WKApplication`).
        case identifyingKey(String)
        /// The bundle keeps its files in `Contents/`, as only the Mac's do.
        case layout
        /// The bundle said nothing: its container's platform, or a watch app's folder.
        case container
        /// Nothing said anything: iOS.
        case fallback
    }

    public let platform: ApplePlatform
    /// Built for the platform's simulator.
    public let simulator: Bool
    public let evidence: Evidence

    public init(platform: ApplePlatform, simulator: Bool, evidence: Evidence) {
        self.platform = platform
        self.simulator = simulator && platform.simulator != nil
        self.evidence = evidence
    }

    /// `tvos`.
    public var id: String { platform.id }

    /// `tvOS`, or `tvOS Simulator`.
    public var description: String {
        simulator ? platform.simulator?.name ?? platform.name + " Simulator" : platform.name
    }

    /// The Info.plist key that told it, for findings about the platform.
    public var pointer: JSONPointer? {
        switch evidence {
        case .supportedPlatforms(let index): JSONPointer("CFBundleSupportedPlatforms", String(index))
        case .platformName(let key): JSONPointer(key)
        case .deviceFamily: JSONPointer("UIDeviceFamily")
        case .identifyingKey(let key): JSONPointer(key)
        case .executable, .layout, .container, .fallback: nil
        }
    }
}

extension BundlePlatform {
    /// Decides a bundle's platform from what it says of itself, strongest first: the Info.plist's
    /// `CFBundleSupportedPlatforms`, its `DTPlatformName` (or `DTSDKName`), the executable's
    /// build-version command, `UIDeviceFamily`, a key only one platform's bundles carry, a
    /// Mac layout (`hasMacLayout`: `Contents/` or a versioned framework); then where it sits: a watch
    /// app is watchOS, anything else nested is its container's. Where two
    /// platforms share a name (`MacOSX` for macOS and Mac Catalyst), the executable, then
    /// `UIDeviceFamily`, picks; failing both, the first row of the table.
    public static func decide(
        infoPlist: PropertyListDocument?, executable: [MachOSlice], kind: BundleKind, container: BundlePlatform?,
        hasMacLayout: Bool = false, table: ApplePlatforms = .shipped
    ) -> BundlePlatform {
        // A fat file of device and simulator slices is a device build with slices to strip
        // (unsupported-architecture's): a device slice speaks first.
        let sliceBuilds = executable.compactMap(\.platform).compactMap(table.platform(machO:))
        let sliceBuild = sliceBuilds.first { !$0.simulator } ?? sliceBuilds.first
        let families = deviceFamilies(in: infoPlist)
        func pick(_ candidates: [(platform: ApplePlatform, simulator: Bool)], _ evidence: Evidence) -> BundlePlatform? {
            guard let first = candidates.first else { return nil }
            let chosen =
                candidates.first { $0.platform == sliceBuild?.platform }
                ?? candidates.first { candidate in
                    !families.isEmpty && families.allSatisfy(candidate.platform.deviceFamilies.contains) && !candidate.platform.deviceFamilies.isEmpty
                }
                ?? first
            return BundlePlatform(platform: chosen.platform, simulator: chosen.simulator, evidence: evidence)
        }
        let supported = infoPlist?.value(at: JSONPointer("CFBundleSupportedPlatforms"))?.arrayValue ?? []
        // A simulator named anywhere in the list makes it a simulator build (ITMS-90542 names such
        // a value wherever it stands); otherwise the first value the table knows decides.
        let named = supported.enumerated().compactMap { index, value in
            value.stringValue.flatMap { name in pick(table.platforms(supportedPlatform: name), .supportedPlatforms(index: index)) }
        }
        if let decided = named.first(where: \.simulator) ?? named.first {
            // No device build is named after a simulator: either key naming one makes it one.
            if !decided.simulator, let name = infoPlist?.value(at: JSONPointer("DTPlatformName"))?.stringValue,
                table.platforms(platformName: name).contains(where: { $0.platform == decided.platform && $0.simulator })
            {
                return BundlePlatform(platform: decided.platform, simulator: true, evidence: .platformName(key: "DTPlatformName"))
            }
            return decided
        }
        if let name = infoPlist?.value(at: JSONPointer("DTPlatformName"))?.stringValue,
            let decided = pick(table.platforms(platformName: name), .platformName(key: "DTPlatformName"))
        {
            return decided
        }
        if let sdk = infoPlist?.value(at: JSONPointer("DTSDKName"))?.stringValue,
            let decided = pick(table.platforms(platformName: String(sdk.prefix { $0.isLetter })), .platformName(key: "DTSDKName"))
        {
            return decided
        }
        if let sliceBuild {
            return BundlePlatform(platform: sliceBuild.platform, simulator: sliceBuild.simulator, evidence: .executable)
        }
        if let platform = table.platform(deviceFamilies: families) {
            return BundlePlatform(platform: platform, simulator: container?.simulator ?? false, evidence: .deviceFamily)
        }
        if let plist = infoPlist {
            for platform in table.platforms {
                if let key = platform.identifyingKeys.first(where: { plist.value(at: JSONPointer($0)) != nil }) {
                    return BundlePlatform(platform: platform, simulator: container?.simulator ?? false, evidence: .identifyingKey(key))
                }
            }
        }
        if hasMacLayout, let platform = table.platforms.first(where: \.usesContentsLayout) {
            return BundlePlatform(platform: platform, simulator: false, evidence: .layout)
        }
        if kind == .watchApp, let container,
            let nesting = table.nestings.first(where: { $0.container == container.id && $0.kind == .watchApp }),
            let watch = table.platform(id: nesting.nested)
        {
            return BundlePlatform(platform: watch, simulator: container.simulator, evidence: .container)
        }
        if let container {
            return BundlePlatform(platform: container.platform, simulator: container.simulator, evidence: .container)
        }
        return BundlePlatform(platform: table.fallback, simulator: false, evidence: .fallback)
    }

    /// `UIDeviceFamily` as numbers; a lone value counts as a list of one.
    package static func deviceFamilies(in infoPlist: PropertyListDocument?) -> [Int] {
        guard let value = infoPlist?.value(at: JSONPointer("UIDeviceFamily")) else { return [] }
        return (value.arrayValue ?? [value]).compactMap(deviceFamily)
    }

    /// One `UIDeviceFamily` value as a number: Xcode writes integers, some tools strings.
    package static func deviceFamily(_ value: PlistValue) -> Int? {
        if let integer = value.integerValue { return integer.int64.flatMap { Int(exactly: $0) } }
        return value.stringValue.flatMap { Int($0) }
    }
}
