import BundleCheckFormats


/// The platform a fixture bundle is built for, and what Xcode 26.1 (17B55, a release) writes
/// for it: the Info.plist's platform and SDK keys and the default executable's Mach-O platform,
/// architecture and encryption. `FixtureBundle.built(for:)` applies it.
///
/// The SDK builds are Xcode 26.1's, from `Rules/data/xcode-builds.yml`; a simulator SDK shares
/// its device SDK's build.
public struct FixturePlatform: Sendable, Hashable, CustomStringConvertible {
    public enum OS: String, Sendable, Hashable, CaseIterable {
        case iOS = "ios"
        case tvOS = "tvos"
        case watchOS = "watchos"
        case visionOS = "visionos"
    }

    public let os: OS
    /// A simulator build: runs in Simulator only, never submitted.
    public let simulator: Bool

    public init(_ os: OS, simulator: Bool = false) {
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

    /// Every platform, each device build before its simulator's.
    public static let all: [FixturePlatform] = OS.allCases.flatMap { [FixturePlatform($0), FixturePlatform($0, simulator: true)] }

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
        }
    }

    /// `UIDeviceFamily` as Xcode writes it for the OS: iPhone 1, Apple TV 3, Apple Watch 4,
    /// Apple Vision 7. `FixtureBundle.built(for:)` writes none for iOS, as `FixtureBundle.app`
    /// never did (an iPhone-only app).
    public var deviceFamily: [Int] {
        switch os {
        case .iOS: [1]
        case .tvOS: [3]
        case .watchOS: [4]
        case .visionOS: [7]
        }
    }

    /// The default `MinimumOSVersion`.
    public var minimumOSVersion: String {
        switch os {
        case .iOS: "16.0"
        case .tvOS: "17.0"
        case .watchOS: "10.0"
        case .visionOS: "1.0"
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
        }
    }

    /// The executable's one architecture: arm64, but arm64_32 on Apple Watch devices.
    public var architecture: MachOFixtureArchitecture {
        os == .watchOS && !simulator ? .arm64_32 : .arm64
    }

    /// Whether an app's executable carries `LC_ENCRYPTION_INFO`: device builds do, simulator
    /// builds do not.
    public var hasEncryptionInfo: Bool { !simulator }
}

extension FixturePlatform {
    /// The SDK version the default executable's `LC_BUILD_VERSION` states: Xcode 26.1's 26.1,
    /// except for iOS, whose fixtures predate the other platforms' and keep the 18.0 they have
    /// always written (no check reads it; their bytes, and the committed examples, stay as they are).
    var executableSDK: MachOVersion {
        os == .iOS ? MachOVersion(major: 18) : MachOVersion(major: 26, minor: 1)
    }
}
