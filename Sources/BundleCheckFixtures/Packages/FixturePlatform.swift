import BundleCheckFormats

/// The platform a fixture bundle is built for, and what Xcode 26.1 (17B55, a release) writes
/// for it: the Info.plist's platform and SDK keys and the default executable's Mach-O platform,
/// architecture and encryption. `FixtureBundle.built(for:)` applies it.
///
/// The SDK builds are Xcode 26.1's, from `Rules/data/xcode-builds.yml`; a simulator SDK shares
/// its device SDK's build. The macOS 26.1 SDK's build (25B74, shared by Mac Catalyst, which
/// builds against the macOS SDK) is from xcodereleases/data (`Sources/XCData/Xcode26.swift`).
///
/// macOS and Mac Catalyst have device builds only: a Mac runs what is built for it, there is
/// no simulator. Their bundles are laid out the Mac's way (`Contents/`, versioned frameworks;
/// `FixtureBundleLayout`).
public struct FixturePlatform: Sendable, Hashable, CustomStringConvertible {
    public enum OS: String, Sendable, Hashable, CaseIterable {
        case iOS = "ios"
        case tvOS = "tvos"
        case watchOS = "watchos"
        case visionOS = "visionos"
        case macOS = "macos"
        /// An iPad app built for the Mac with the macOS SDK (UIKit on the Mac).
        case macCatalyst = "maccatalyst"

        /// Whether Xcode builds for a simulator of the OS: not for the Mac's two.
        public var hasSimulator: Bool { !isMac }

        /// Runs on a Mac: macOS or Mac Catalyst.
        public var isMac: Bool { self == .macOS || self == .macCatalyst }
    }

    public let os: OS
    /// A simulator build: runs in Simulator only, never submitted.
    public let simulator: Bool

    /// `simulator` of an OS without one (the Mac's) is a programming error.
    public init(_ os: OS, simulator: Bool = false) {
        precondition(!simulator || os.hasSimulator, "\(os.rawValue) has no simulator")
        self.os = os
        self.simulator = simulator
    }

    public static let iOS = FixturePlatform(.iOS)
    public static let iOSSimulator = FixturePlatform(.iOS, simulator: true)
    public static let tvOS = FixturePlatform(.tvOS)
    public static let tvOSSimulator = FixturePlatform(.tvOS, simulator: true)
    public static let watchOS = FixturePlatform(.watchOS)
    public static let watchOSSimulator = FixturePlatform(.watchOS, simulator: true)
    public static let visionOS = FixturePlatform(.visionOS)
    public static let visionOSSimulator = FixturePlatform(.visionOS, simulator: true)
    public static let macOS = FixturePlatform(.macOS)
    public static let macCatalyst = FixturePlatform(.macCatalyst)

    /// Every platform, each device build before its simulator's (the Mac's have none).
    public static let all: [FixturePlatform] = OS.allCases.flatMap { os in
        os.hasSimulator ? [FixturePlatform(os), FixturePlatform(os, simulator: true)] : [FixturePlatform(os)]
    }

    /// The name in a rule example's package description: `tvos`, `tvos-simulator`.
    public var name: String { os.rawValue + (simulator ? "-simulator" : "") }

    /// The platform a package description names (`ios` … `visionos-simulator`), or nil.
    public init?(name: String) {
        guard let platform = Self.all.first(where: { $0.name == name }) else { return nil }
        self = platform
    }

    public var description: String { name }

    /// `CFBundleSupportedPlatforms`' one entry.
    public var supportedPlatform: String {
        switch (os, simulator) {
        case (.iOS, false): "iPhoneOS"
        case (.iOS, true): "iPhoneSimulator"
        case (.tvOS, false): "AppleTVOS"
        case (.tvOS, true): "AppleTVSimulator"
        case (.watchOS, false): "WatchOS"
        case (.watchOS, true): "WatchSimulator"
        case (.visionOS, false): "XROS"
        case (.visionOS, true): "XRSimulator"
        // Mac Catalyst builds with the macOS SDK and says so.
        case (.macOS, _), (.macCatalyst, _): "MacOSX"
        }
    }

    /// `DTPlatformName`, and the start of `DTSDKName`.
    public var platformName: String {
        switch (os, simulator) {
        case (.iOS, false): "iphoneos"
        case (.iOS, true): "iphonesimulator"
        case (.tvOS, false): "appletvos"
        case (.tvOS, true): "appletvsimulator"
        case (.watchOS, false): "watchos"
        case (.watchOS, true): "watchsimulator"
        case (.visionOS, false): "xros"
        case (.visionOS, true): "xrsimulator"
        case (.macOS, _), (.macCatalyst, _): "macosx"
        }
    }

    /// `DTPlatformVersion`: every SDK of Xcode 26.1 is numbered 26.1.
    public var sdkVersion: String { "26.1" }

    /// `DTSDKName`, e.g. `appletvos26.1`.
    public var sdkName: String { platformName + sdkVersion }

    /// `DTSDKBuild` and `DTPlatformBuild`: Xcode 26.1's SDK build for the OS.
    public var sdkBuild: String {
        switch os {
        case .iOS: "23B77"
        case .watchOS: "23S34"
        case .tvOS: "23J576"
        case .visionOS: "23N45"
        case .macOS, .macCatalyst: "25B74"
        }
    }

    /// `UIDeviceFamily` as Xcode writes it for the OS: iPhone 1, Apple TV 3, Apple Watch 4,
    /// Apple Vision 7; a Mac Catalyst app "optimized for Mac" 2 and 6 (the iPad idiom and the
    /// Mac's; "scaled to match iPad" would be 2 alone); a macOS app none, as AppKit knows no
    /// device families. `FixtureBundle.built(for:)` writes none for iOS, as `FixtureBundle.app`
    /// never did (an iPhone-only app).
    public var deviceFamily: [Int] {
        switch os {
        case .iOS: [1]
        case .tvOS: [3]
        case .watchOS: [4]
        case .visionOS: [7]
        case .macOS: []
        case .macCatalyst: [2, 6]
        }
    }

    /// The Info.plist key of the minimum OS: `MinimumOSVersion`, but `LSMinimumSystemVersion`
    /// on the Mac (Mac Catalyst too, where it holds the macOS version).
    public var minimumOSKey: String {
        os.isMac ? "LSMinimumSystemVersion" : "MinimumOSVersion"
    }

    /// The default minimum OS (under `minimumOSKey`): for Mac Catalyst the macOS version, as
    /// `LSMinimumSystemVersion` states it.
    public var minimumOSVersion: String {
        switch os {
        case .iOS: "16.0"
        case .tvOS: "17.0"
        case .watchOS: "10.0"
        case .visionOS: "1.0"
        case .macOS, .macCatalyst: "14.0"
        }
    }

    /// The `LC_BUILD_VERSION` platform of the executable.
    public var machOPlatform: MachOPlatform {
        switch (os, simulator) {
        case (.iOS, false): .iOS
        case (.iOS, true): .iOSSimulator
        case (.tvOS, false): .tvOS
        case (.tvOS, true): .tvOSSimulator
        case (.watchOS, false): .watchOS
        case (.watchOS, true): .watchOSSimulator
        case (.visionOS, false): .visionOS
        case (.visionOS, true): .visionOSSimulator
        case (.macOS, _): .macOS
        case (.macCatalyst, _): .macCatalyst
        }
    }

    /// The executable's first (or only) architecture: arm64, but arm64_32 on Apple Watch devices.
    public var architecture: MachOFixtureArchitecture {
        os == .watchOS && !simulator ? .arm64_32 : .arm64
    }

    /// The default executable's architectures: `architecture` alone, but on the Mac a universal
    /// file of arm64 and x86_64, as Xcode's "Any Mac" destination builds it (in that order), and on
    /// Apple Watch devices arm64_32 and arm64, as Xcode 26's Standard Architectures build a watch
    /// app (App Store Connect requires arm64 from April 2026, ITMS-90733, and arm64_32 while the
    /// app supports watchOS below 27).
    public var architectures: [MachOFixtureArchitecture] {
        if os.isMac { return [.arm64, .x86_64] }
        return os == .watchOS && !simulator ? [.arm64_32, .arm64] : [architecture]
    }

    /// Whether an app's executable carries `LC_ENCRYPTION_INFO`: device builds do, simulator
    /// builds do not, nor do Mac executables (the Mac App Store does not encrypt them).
    public var hasEncryptionInfo: Bool { !simulator && !os.isMac }

    /// The minimum OS `LC_BUILD_VERSION` records for a bundle whose Info.plist states
    /// `minimumOS`: the same, except for Mac Catalyst, whose executables record the iOS version
    /// the macOS one corresponds to (macOS 14.0: Mac Catalyst 17.0; `catalystVersion(forMacOS:)`).
    public func machOMinimumOS(_ minimumOS: MachOVersion) -> MachOVersion {
        os == .macCatalyst ? Self.catalystVersion(forMacOS: minimumOS) : minimumOS
    }

    /// The Mac Catalyst (iOS) version of a macOS version: 10.15 is 13.1 (Catalyst's first), 11
    /// to 15 are 14 to 18, and from 26 the numbers are the same. Minor versions carry over.
    public static func catalystVersion(forMacOS version: MachOVersion) -> MachOVersion {
        switch version.major {
        case ..<11: MachOVersion(major: 13, minor: 1)
        case 11...15: MachOVersion(major: UInt16(version.major + 3), minor: UInt8(version.minor), patch: UInt8(version.patch))
        default: version
        }
    }
}

extension FixturePlatform {
    /// The SDK version the default executable's `LC_BUILD_VERSION` states: Xcode 26.1's 26.1,
    /// except for iOS, whose fixtures predate the other platforms' and keep the 18.0 they have
    /// always written (no check reads it; their bytes, and the committed examples, stay as they are).
    var executableSDK: MachOVersion {
        os == .iOS ? MachOVersion(major: 18) : MachOVersion(major: 26, minor: 1)
    }

    /// The default executable's slices, from the given template (signature, file type …): one
    /// per architecture of the platform, each stating its platform, `minimumOS` (as the
    /// Info.plist does; `machOMinimumOS` turns it into Mac Catalyst's) and SDK, encrypted when
    /// `encrypted`.
    func executableSlices(_ template: MachOSliceDescription, minimumOS: MachOVersion, encrypted: Bool) -> [MachOSliceDescription] {
        architectures.map { architecture in
            var slice = template
            slice.architecture = architecture
            slice.platformVersion = .buildVersion(machOPlatform, minimumOS: machOMinimumOS(minimumOS), sdk: executableSDK)
            slice.cryptID = encrypted ? 0 : nil
            if os.isMac, slice.linkedDylibs == MachOSliceDescription().linkedDylibs {
                // On the Mac, Foundation is a versioned framework too.
                slice.linkedDylibs[0] = LinkedDylib(path: "/System/Library/Frameworks/Foundation.framework/Versions/C/Foundation")
            }
            return slice
        }
    }
}
