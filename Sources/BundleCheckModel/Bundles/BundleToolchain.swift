import BundleCheckFormats

/// What built a bundle, as Xcode records it in every Info.plist: the platform and SDK
/// (`DTPlatformName`, `DTSDKName` such as `iphoneos26.1`, `DTPlatformVersion`, `DTSDKBuild`) and
/// Xcode itself (`DTXcode` such as `2610`, `DTXcodeBuild` such as `17B55`). Each field is the
/// string as written, nil when the key is absent or not a string.
public struct BundleToolchain: Sendable, Hashable {
    public let platformName: String?
    public let sdkName: String?
    public let platformVersion: String?
    public let sdkBuild: String?
    /// `DTXcode` as written: four digits, `1640` for Xcode 16.4.
    public let xcode: String?
    public let xcodeBuild: String?

    /// Xcode's version from `DTXcode`: `1640` is 16.4, `2601` is 26.0.1, `0720` is 7.2.
    public var xcodeVersion: MachOVersion? {
        Self.xcodeVersion(xcode)
    }

    /// `16.4`, or `DTXcode` as written when it is not four digits.
    public var xcodeDescription: String? {
        xcodeVersion?.description ?? xcode
    }

    /// The SDK's version: the number `DTSDKName` ends with, else `DTPlatformVersion`.
    public var sdkVersion: MachOVersion? {
        if let sdkName, let version = MachOVersion(String(sdkName.drop { $0.isLetter })) {
            return version
        }
        return platformVersion.flatMap(MachOVersion.init)
    }

    /// The platform the SDK is for: `DTPlatformName`, else the letters `DTSDKName` starts with.
    public var sdkPlatform: String? {
        if let platformName, !platformName.isEmpty { return platformName }
        guard let sdkName else { return nil }
        let letters = sdkName.prefix { $0.isLetter }
        return letters.isEmpty ? nil : String(letters)
    }

    /// The SDK's version when the SDK is `platform`'s (its device's or simulator's); nil when
    /// unknown or of another platform, whose versions do not compare with this one's.
    public func sdkVersion(for platform: ApplePlatform) -> MachOVersion? {
        guard let name = sdkPlatform, name == platform.device.platformName || name == platform.simulator?.platformName else { return nil }
        return sdkVersion
    }

    static func xcodeVersion(_ text: String?) -> MachOVersion? {
        guard let text, text.count == 4, text.allSatisfy({ $0.isASCII && $0.isNumber }), let digits = Int(text) else { return nil }
        return MachOVersion(major: UInt16(digits / 100), minor: UInt8(digits / 10 % 10), patch: UInt8(digits % 10))
    }
}

extension InspectedBundle {
    /// The toolchain keys of the Info.plist; nil when it has none of them.
    public var toolchain: BundleToolchain? {
        let toolchain = BundleToolchain(
            platformName: infoString("DTPlatformName"), sdkName: infoString("DTSDKName"),
            platformVersion: infoString("DTPlatformVersion"), sdkBuild: infoString("DTSDKBuild"),
            xcode: infoString("DTXcode"), xcodeBuild: infoString("DTXcodeBuild")
        )
        let fields = [toolchain.platformName, toolchain.sdkName, toolchain.platformVersion, toolchain.sdkBuild, toolchain.xcode, toolchain.xcodeBuild]
        return fields.allSatisfy { $0 == nil } ? nil : toolchain
    }
}
