import BundleCheckFixtures
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel

/// Bundles the fixture builder writes for each platform, read back by the inspector: the
/// Info.plist keys Xcode 26.1 writes and the default executable's slice. The expectations are
/// written out here, not taken from `FixturePlatform`, so a wrong fact there fails.
@Suite struct FixturePlatformTests {
    /// What Xcode 26.1 (17B55) writes for one platform.
    struct Expected: Sendable, CustomStringConvertible {
        var name: String
        var supportedPlatform: String
        var platformName: String
        var sdkBuild: String
        /// nil: no UIDeviceFamily (iOS fixtures never wrote one).
        var deviceFamily: Int?
        var minimumOS: String
        var machOPlatform: UInt32
        var architecture: String
        var encrypted: Bool
        var description: String { name }
    }

    static let expected: [Expected] = [
        Expected(
            name: "ios", supportedPlatform: "iPhoneOS", platformName: "iphoneos", sdkBuild: "23B77", deviceFamily: nil, minimumOS: "16.0", machOPlatform: 2,
            architecture: "arm64", encrypted: true),
        Expected(
            name: "ios-simulator", supportedPlatform: "iPhoneSimulator", platformName: "iphonesimulator", sdkBuild: "23B77", deviceFamily: nil,
            minimumOS: "16.0", machOPlatform: 7, architecture: "arm64", encrypted: false),
        Expected(
            name: "tvos", supportedPlatform: "AppleTVOS", platformName: "appletvos", sdkBuild: "23J576", deviceFamily: 3, minimumOS: "17.0", machOPlatform: 3,
            architecture: "arm64", encrypted: true),
        Expected(
            name: "tvos-simulator", supportedPlatform: "AppleTVSimulator", platformName: "appletvsimulator", sdkBuild: "23J576", deviceFamily: 3,
            minimumOS: "17.0", machOPlatform: 8, architecture: "arm64", encrypted: false),
        Expected(
            name: "watchos", supportedPlatform: "WatchOS", platformName: "watchos", sdkBuild: "23S34", deviceFamily: 4, minimumOS: "10.0", machOPlatform: 4,
            architecture: "arm64_32", encrypted: true),
        Expected(
            name: "watchos-simulator", supportedPlatform: "WatchSimulator", platformName: "watchsimulator", sdkBuild: "23S34", deviceFamily: 4,
            minimumOS: "10.0", machOPlatform: 9, architecture: "arm64", encrypted: false),
        Expected(
            name: "visionos", supportedPlatform: "XROS", platformName: "xros", sdkBuild: "23N45", deviceFamily: 7, minimumOS: "1.0", machOPlatform: 11,
            architecture: "arm64", encrypted: true),
        Expected(
            name: "visionos-simulator", supportedPlatform: "XRSimulator", platformName: "xrsimulator", sdkBuild: "23N45", deviceFamily: 7, minimumOS: "1.0",
            machOPlatform: 12, architecture: "arm64", encrypted: false),
    ]

    struct NoRow: Error {}

    static func row(_ name: String) throws -> Expected {
        guard let row = expected.first(where: { $0.name == name }) else { throw NoRow() }
        return row
    }

    /// Writes the package as an IPA and reads it back with no rules: only the bundles matter.
    static func bundles(_ package: FixturePackage) throws -> [InspectedBundle] {
        let directory = try TemporaryDirectory()
        let path = directory.path("Fixture.ipa")
        try package.writeZip(to: path)
        let input = PackageInspector(rules: []).inspect(path: path)
        #expect(input.error == nil)
        return input.bundles
    }

    static func string(_ bundle: InspectedBundle, _ key: String) -> String? {
        bundle.infoPlist?.value(at: JSONPointer(key))?.stringValue
    }

    static func value(_ bundle: InspectedBundle, _ key: String) -> PlistValue? {
        bundle.infoPlist?.value(at: JSONPointer(key))
    }

    /// The Info.plist and the first slice of `bundle`'s executable against `expected`: the only
    /// one, but a watch app's device executable also holds arm64, as Xcode 26 builds it.
    static func check(_ bundle: InspectedBundle, _ expected: Expected) throws {
        #expect(value(bundle, "CFBundleSupportedPlatforms") == .array([.string(expected.supportedPlatform)]))
        #expect(string(bundle, "DTPlatformName") == expected.platformName)
        #expect(string(bundle, "DTPlatformVersion") == "26.1")
        #expect(string(bundle, "DTSDKName") == expected.platformName + "26.1")
        #expect(string(bundle, "DTSDKBuild") == expected.sdkBuild)
        #expect(string(bundle, "DTPlatformBuild") == expected.sdkBuild)
        #expect(string(bundle, "DTXcode") == "2610")
        #expect(string(bundle, "DTXcodeBuild") == "17B55")
        #expect(string(bundle, "MinimumOSVersion") == expected.minimumOS)
        #expect(value(bundle, "UIDeviceFamily") == expected.deviceFamily.map { .array([.integer(PlistInteger($0))]) })

        let file = try #require(bundle.signing?.executable)
        let watchDevice = expected.architecture == "arm64_32"
        #expect(file.kind == (watchDevice ? .fat : .thin))
        let slice = try #require(file.slices.first)
        #expect(file.slices.map(\.architecture) == (watchDevice ? ["arm64_32", "arm64"] : [expected.architecture]))
        #expect(slice.architecture == expected.architecture)
        #expect(slice.is64Bit == (expected.architecture != "arm64_32"))
        #expect(slice.platform?.rawValue == expected.machOPlatform)
        #expect(slice.minimumOS?.description == expected.minimumOS)
        #expect((slice.encryption != nil) == expected.encrypted)
        #expect(slice.encryption.map(\.isEncrypted) != true)
        #expect(slice.codeSignature?.identifier == bundle.bundleIdentifier)
    }

    @Test(arguments: expected)
    func anAppBuiltForEachPlatformReadsBackAsXcodeWritesIt(_ expected: Expected) throws {
        let platform = try #require(FixturePlatform(name: expected.name))
        let app = FixtureBundle.app("Notes", bundleIdentifier: "com.example.notes").built(for: platform)
        let bundles = try Self.bundles(try .ipa(app))
        let read = try #require(bundles.first)
        #expect(bundles.count == 1)
        #expect(read.path == "Payload/Notes.app")
        try Self.check(read, expected)
    }

    /// The Mac's two platforms are checked by `MacFixtureTests`, without the reader.
    @Test func everyPlatformHasItsRowAndItsName() {
        #expect(FixturePlatform.all.map(\.name) == Self.expected.map(\.name) + ["macos", "maccatalyst"])
        #expect(FixturePlatform(name: "macos") == .macOS)
        #expect(FixturePlatform(name: "maccatalyst") == .macCatalyst)
        #expect(FixturePlatform(name: "macos-simulator") == nil)
        #expect(FixturePlatform(name: "maccatalyst-simulator") == nil)
        #expect(FixturePlatform(name: "watchos") == .watchOS)
        #expect(FixturePlatform(name: "visionos-simulator") == FixturePlatform(.visionOS, simulator: true))
    }

    @Test func aFrameworkBuiltForAPlatformHasItsSliceWithoutEncryptionInfo() throws {
        let framework = FixtureBundle.framework("VendorKit", bundleIdentifier: "com.vendor.kit").built(for: .tvOS)
        let app = FixtureBundle.app("Notes", bundleIdentifier: "com.example.notes").built(for: .tvOS).adding(framework, in: "Frameworks")
        let bundles = try Self.bundles(try .ipa(app))
        let read = try #require(bundles.first { $0.kind == .framework })
        let slice = try #require(read.signing?.executable?.slices.first)
        #expect(slice.platform == .tvOS)
        #expect(slice.architecture == "arm64")
        #expect(slice.fileType == .dylib)
        #expect(slice.encryption == nil)
    }

    /// iOS fixtures are what they were before there were platforms: the same bytes.
    @Test func buildingForIOSChangesNothing() throws {
        let app = FixtureBundle.app("Notes", bundleIdentifier: "com.example.notes")
            .adding(.appex("Share", bundleIdentifier: "com.example.notes.share", extensionPoint: "com.apple.share-services"), in: "PlugIns")
            .adding(.framework("VendorKit", bundleIdentifier: "com.vendor.kit"), in: "Frameworks")
        let plain = try FixturePackage.ipa(app).files
        let built = try FixturePackage.ipa(app.built(for: .iOS)).files
        #expect(plain.map(\.path) == built.map(\.path))
        #expect(plain.map(\.contents) == built.map(\.contents))
        #expect(app.infoPlist["UIDeviceFamily"] == nil)
    }

    @Test func builtForWatchOSIsTheWatchOSDeviceBuild() throws {
        let app = FixtureBundle.app("NotesWatch", bundleIdentifier: "com.example.notes.watchkitapp")
        #expect(app.builtForWatchOS().infoPlist == app.built(for: .watchOS).infoPlist)
        #expect(app.builtForWatchOS().platform == .watchOS)
        let bundles = try Self.bundles(try .ipa(FixtureBundle.app("Notes", bundleIdentifier: "com.example.notes").adding(app.builtForWatchOS(), in: "Watch")))
        let watch = try #require(bundles.first { $0.kind == .watchApp })
        try Self.check(watch, try Self.row("watchos"))
        let container = try #require(bundles.first { $0.kind == .app })
        try Self.check(container, try Self.row("ios"))
    }

    /// Building again for another platform replaces every key of the first, UIDeviceFamily included.
    @Test func aSecondPlatformReplacesTheFirst() throws {
        let app = FixtureBundle.app("Notes", bundleIdentifier: "com.example.notes").built(for: .visionOS).built(for: .iOSSimulator)
        let read = try #require(try Self.bundles(try .ipa(app)).first)
        try Self.check(read, try Self.row("ios-simulator"))
        #expect(app.infoPlist.entries.filter { $0.key == "DTSDKName" }.count == 1)
    }

    @Test func aStandaloneWatchAppIsAStubContainerAroundTheWatchApp() throws {
        let bundles = try Self.bundles(try .ipa(.watchOnlyApp("Notes", bundleIdentifier: "com.example.notes")))
        #expect(bundles.map(\.path) == ["Payload/Notes.app", "Payload/Notes.app/Watch/Notes Watch App.app"])
        let container = try #require(bundles.first)
        #expect(container.kind == .app)
        #expect(Self.value(container, "ITSWatchOnlyContainer") == .bool(true))
        #expect(Self.value(container, "CFBundleIcons") != nil)
        try Self.check(container, try Self.row("ios"))
        let watch = try #require(bundles.last)
        #expect(watch.kind == .watchApp)
        #expect(watch.bundleIdentifier == "com.example.notes.watchkitapp")
        #expect(watch.executable == "Notes Watch App")
        #expect(Self.value(watch, "WKApplication") == .bool(true))
        #expect(Self.value(watch, "WKWatchOnly") == .bool(true))
        #expect(Self.value(watch, "ITSWatchOnlyContainer") == nil)
        try Self.check(watch, try Self.row("watchos"))
    }

    // MARK: - Package descriptions

    static func describedBundles(_ yaml: String) throws -> [InspectedBundle] {
        let node = try #require(try YAMLParser.parse(Array(yaml.utf8), file: "fixture.yml"))
        return try bundles(try FixtureDescription.package(from: node))
    }

    @Test(arguments: expected)
    func aDescribedBundleTakesItsPlatform(_ expected: Expected) throws {
        let bundles = try Self.describedBundles(
            """
            app:
              name: Notes
              platform: \(expected.name)
            """)
        try Self.check(try #require(bundles.first), expected)
    }

    @Test func describedWatchAppsDefaultToWatchOSAndTheRestToIOS() throws {
        let bundles = try Self.describedBundles(
            """
            app:
              name: Notes
              watch:
                - name: NotesWatch
              plugins:
                - name: Share
            """)
        let watch = try #require(bundles.first { $0.kind == .watchApp })
        try Self.check(watch, try Self.row("watchos"))
        for bundle in bundles where bundle.kind != .watchApp {
            try Self.check(bundle, try Self.row("ios"))
        }
    }

    @Test func plistEditsComeAfterThePlatform() throws {
        let bundles = try Self.describedBundles(
            """
            app:
              name: Notes
              platform: tvos-simulator
              plist:
                DTSDKName: appletvsimulator26.0
                MinimumOSVersion: "18.0"
                UIDeviceFamily: !absent
            """)
        let app = try #require(bundles.first)
        #expect(Self.string(app, "DTSDKName") == "appletvsimulator26.0")
        #expect(Self.string(app, "DTPlatformName") == "appletvsimulator")
        #expect(Self.value(app, "UIDeviceFamily") == nil)
        let slice = try #require(app.signing?.executable?.slices.first)
        #expect(slice.platform == .tvOSSimulator)
        #expect(slice.minimumOS?.description == "18.0")
        #expect(slice.encryption == nil)
    }

    @Test func anUnknownPlatformIsRefusedWithTheNames() throws {
        let node = try #require(try YAMLParser.parse(Array("app:\n  name: Notes\n  platform: macos-simulator\n".utf8), file: "fixture.yml"))
        let error = #expect(throws: FixtureDescription.Problem.self) {
            try FixtureDescription.package(from: node)
        }
        #expect(
            error?.description
                == "line 3: platform 'macos-simulator' is not one of ios, ios-simulator, tvos, tvos-simulator, watchos, watchos-simulator, visionos, visionos-simulator, macos, maccatalyst"
        )
    }

    @Test(
        arguments: [
            ("ios", 2), ("ios-simulator", 7), ("tvos", 3), ("tvos-simulator", 8),
            ("watchos", 4), ("watchos-simulator", 9), ("visionos", 11), ("visionos-simulator", 12),
        ] as [(String, UInt32)])
    func anExecutableDescriptionNamesEachPlatform(_ name: String, _ number: UInt32) throws {
        let bundles = try Self.describedBundles(
            """
            app:
              name: Notes
              executable:
                platform: \(name)
                architectures: [arm64_32, arm64]
            """)
        let app = try #require(bundles.first)
        let file = try #require(app.signing?.executable)
        #expect(file.slices.map(\.architecture) == ["arm64_32", "arm64"])
        #expect(file.slices.map { $0.platform?.rawValue } == [number, number])
    }
}
