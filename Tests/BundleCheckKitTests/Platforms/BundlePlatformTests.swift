import Testing

@testable import BundleCheckFormats
@testable import BundleCheckModel

/// Each bundle's platform is decided once, from what it says of itself, strongest first, and
/// from where it sits when it says nothing.
@Suite struct BundlePlatformTests {
    static func plist(_ text: String) throws -> PropertyListDocument {
        try PropertyListParser.parse(
            Array(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict>\(text)</dict></plist>
                """.utf8), file: "Info.plist")
    }

    static func slice(_ platform: MachOPlatform) -> MachOSlice {
        MachOSlice(architecture: "arm64", cpuType: 0x0100_000C, cpuSubtype: 0, is64Bit: true, fileType: .execute, offset: 0, size: 0, platform: platform)
    }

    static func decide(_ keys: String, slices: [MachOSlice] = [], kind: BundleKind = .app, container: BundlePlatform? = nil) throws -> String {
        let decided = BundlePlatform.decide(infoPlist: try plist(keys), executable: slices, kind: kind, container: container)
        return "\(decided.id)\(decided.simulator ? " simulator" : "") \(decided.evidence)"
    }

    @Test(arguments: [
        // apple-tv.ipa's keys, as Xcode 15.2 wrote them.
        (
            "<key>CFBundleSupportedPlatforms</key><array><string>AppleTVOS</string></array><key>DTPlatformName</key><string>appletvos</string><key>UIDeviceFamily</key><array><integer>3</integer></array>",
            "tvos supportedPlatforms(index: 0)"
        ),
        (
            "<key>CFBundleSupportedPlatforms</key><array><string>Linux</string><string>XRSimulator</string></array>",
            "visionos simulator supportedPlatforms(index: 1)"
        ),
        // A simulator named anywhere makes a simulator build, as ITMS-90542 reads the list.
        (
            "<key>CFBundleSupportedPlatforms</key><array><string>iPhoneOS</string><string>iPhoneSimulator</string></array>",
            "ios simulator supportedPlatforms(index: 1)"
        ),
        (
            "<key>CFBundleSupportedPlatforms</key><array><string>iPhoneOS</string></array><key>DTPlatformName</key><string>iphonesimulator</string>",
            "ios simulator platformName(key: \"DTPlatformName\")"
        ),
        ("<key>DTPlatformName</key><string>watchsimulator</string>", "watchos simulator platformName(key: \"DTPlatformName\")"),
        ("<key>DTSDKName</key><string>appletvos17.2</string>", "tvos platformName(key: \"DTSDKName\")"),
        ("<key>UIDeviceFamily</key><array><integer>7</integer></array>", "visionos deviceFamily"),
        ("<key>UIDeviceFamily</key><array><string>1</string><string>2</string></array>", "ios deviceFamily"),
        ("<key>UIDeviceFamily</key><integer>3</integer>", "tvos deviceFamily"),
        ("<key>WKApplication</key><true/>", "watchos identifyingKey(\"WKApplication\")"),
        ("<key>LSRequiresIPhoneOS</key><true/>", "ios fallback"),
        // macOS and Mac Catalyst share their names; UIDeviceFamily tells Catalyst apart.
        ("<key>CFBundleSupportedPlatforms</key><array><string>MacOSX</string></array>", "macos supportedPlatforms(index: 0)"),
        (
            "<key>CFBundleSupportedPlatforms</key><array><string>MacOSX</string></array><key>UIDeviceFamily</key><array><integer>2</integer><integer>6</integer></array>",
            "maccatalyst supportedPlatforms(index: 0)"
        ),
    ])
    func theInfoPlistSaysWhichPlatform(keys: String, expected: String) throws {
        #expect(try Self.decide(keys) == expected)
    }

    @Test func theExecutableSpeaksWhenTheInfoPlistDoesNot() throws {
        #expect(try Self.decide("", slices: [Self.slice(.watchOS)]) == "watchos executable")
        #expect(try Self.decide("", slices: [Self.slice(.tvOSSimulator)]) == "tvos simulator executable")
        // A fat file of simulator and device slices is a device build with slices to strip.
        #expect(try Self.decide("", slices: [Self.slice(.iOSSimulator), Self.slice(.iOS)]) == "ios executable")
        #expect(try Self.decide("", slices: [Self.slice(.iOSSimulator)]) == "ios simulator executable")
        // An unknown platform number says nothing.
        #expect(try Self.decide("", slices: [Self.slice(MachOPlatform(rawValue: 10)), Self.slice(.visionOS)]) == "visionos executable")
        // Where the Info.plist's name fits two platforms, the executable picks.
        #expect(
            try Self.decide("<key>DTPlatformName</key><string>macosx</string>", slices: [Self.slice(.macCatalyst)])
                == "maccatalyst platformName(key: \"DTPlatformName\")")
        // The Info.plist outranks the executable: a mismatch is unsupported-architecture's to report.
        #expect(
            try Self.decide("<key>DTPlatformName</key><string>iphoneos</string>", slices: [Self.slice(.tvOS)]) == "ios platformName(key: \"DTPlatformName\")")
    }

    @Test func aBundleThatSaysNothingTakesItsPlaceInThePackage() throws {
        let tvOS = BundlePlatform.decide(
            infoPlist: try Self.plist("<key>DTPlatformName</key><string>appletvsimulator</string>"), executable: [], kind: .app, container: nil)
        #expect(try Self.decide("", kind: .appex, container: tvOS) == "tvos simulator container")
        #expect(try Self.decide("", kind: .framework, container: tvOS) == "tvos simulator container")
        let iOS = BundlePlatform.decide(infoPlist: nil, executable: [], kind: .app, container: nil)
        #expect("\(iOS.id) \(iOS.evidence)" == "ios fallback")
        #expect(try Self.decide("", kind: .watchApp, container: iOS) == "watchos container")
        #expect(try Self.decide("", kind: .appClip, container: iOS) == "ios container")
    }

    @Test func thePackageSettlesItsBundlesContainersFirst() throws {
        let app = InspectedBundle(
            path: "Payload/TV.app", kind: .app, parent: nil, infoPlistPath: "Payload/TV.app/Info.plist",
            infoPlist: try Self.plist("<key>CFBundleSupportedPlatforms</key><array><string>AppleTVOS</string></array>"))
        let shelf = InspectedBundle(
            path: "Payload/TV.app/PlugIns/Shelf.appex", kind: .appex, parent: "Payload/TV.app",
            infoPlistPath: "Payload/TV.app/PlugIns/Shelf.appex/Info.plist", infoPlist: try Self.plist(""))
        let kit = InspectedBundle(
            path: "Payload/TV.app/PlugIns/Shelf.appex/Frameworks/Kit.framework", kind: .framework, parent: shelf.path,
            infoPlistPath: "Payload/TV.app/PlugIns/Shelf.appex/Frameworks/Kit.framework/Info.plist", infoPlist: nil)
        // On its own, the extension knows nothing: iOS.
        #expect(shelf.platform.id == "ios")
        // Children before parents in the list changes nothing.
        let settled = InspectedBundle.resolvingPlatforms([kit, shelf, app])
        #expect(settled.map(\.platform.id) == ["tvos", "tvos", "tvos"])
        #expect(settled.map(\.path) == [kit.path, shelf.path, app.path])
    }

    @Test func theReportNamesThePlatformAndItsSimulator() throws {
        let simulator = BundlePlatform.decide(
            infoPlist: try Self.plist("<key>DTPlatformName</key><string>xrsimulator</string>"), executable: [], kind: .app, container: nil)
        #expect(simulator.description == "visionOS Simulator")
        #expect(simulator.pointer == JSONPointer("DTPlatformName"))
        let device = BundlePlatform.decide(
            infoPlist: try Self.plist("<key>CFBundleSupportedPlatforms</key><array><string>WatchOS</string></array>"), executable: [], kind: .app,
            container: nil)
        #expect(device.description == "watchOS")
        #expect(device.pointer == JSONPointer("CFBundleSupportedPlatforms", "0"))
    }
}
