import Testing

@testable import BundleCheckFormats
@testable import BundleCheckModel

/// The platform table reads completely and answers as Apple's tools write bundles.
@Suite struct ApplePlatformsTests {
    let table = ApplePlatforms.shipped

    @Test func everyRowOfThePlatformTableIsRead() {
        // Each platform ships first through its own App Store: what a package is judged by when no distribution is stated.
        #expect(table.platforms.allSatisfy { $0.distributions.first?.isStore == true })
        #expect(table.platforms.map(\.id) == ["ios", "tvos", "watchos", "visionos", "macos", "maccatalyst"])
        #expect(table.fallback.id == "ios")
        for platform in table.platforms {
            #expect(!platform.architectures.isEmpty, "\(platform) accepts no architecture")
        }
        // Apple's SDK requirements name no Mac SDK; the table invents none.
        #expect(table.platforms.filter { $0.uploadSDK != nil }.map(\.id) == ["ios", "tvos", "watchos", "visionos"])
        #expect(table.platforms.filter { $0.simulator == nil }.map(\.id) == ["macos", "maccatalyst"])
        // Only the Mac's two final channels are chosen by the signature; iOS keeps its App Store.
        #expect(table.platforms.filter { !$0.signatureDistributions.isEmpty }.map(\.id) == ["macos", "maccatalyst"])
        #expect(table.platform(id: "macos")?.signatureDistributions == [.macAppStore, .developerID])
    }

    static let iOSRow = """
        - {id: ios, name: iOS, device: {supported-platform: iPhoneOS, platform-name: iphoneos, macho-platform: 2, destination: Any iOS Device}, \
        minimum-os-key: MinimumOSVersion, deployment-target: IPHONEOS_DEPLOYMENT_TARGET, architectures: [arm64], distributions: [app-store]}
        """

    @Test(arguments: [
        // A platform row without its device build.
        ("platforms:\n  \(ApplePlatformsTests.iOSRow)\n  - {id: tvos, name: tvOS}", 8, "entries.platforms[1].device", "missing required key"),
        // An extension point of a platform the table does not have.
        (
            "platforms:\n  \(ApplePlatformsTests.iOSRow)\nextension-points:\n  - {point: com.apple.share-services, platforms: [ios, tvos]}", 9,
            "entries.extension-points[0].platforms[1]", "'tvos' is not a platform of the table (ios)"
        ),
        // A signature may only decide one of the platform's own distributions.
        (
            "platforms:\n  "
                + ApplePlatformsTests.iOSRow.replacingOccurrences(
                    of: "distributions: [app-store]", with: "distributions: [app-store], signature-decides: [developer-id]"),
            7, "entries.platforms[0].signature-decides[0]", "'developer-id' is not one of the platform's distributions"
        ),
        // A misspelt optional key, which would otherwise read as its default.
        (
            "platforms:\n  \(ApplePlatformsTests.iOSRow)\nextension-points:\n  - {point: com.apple.share-services, platforms: [ios], activation: true}", 9,
            "entries.extension-points[0].activation", "unknown key; expected one of: point, platforms, extension-kit, activation-rule, principal-class"
        ),
    ])
    func aRowTheReaderCannotUseIsAnErrorNamingItsLineAndKey(entries: String, line: Int, field: String, message: String) throws {
        let broken = try DataTableText.table("platforms", entries: entries)
        #expect(throws: YAMLLoadError(file: "Rules/data/platforms.yml", line: line, field: field, message: message)) {
            try ApplePlatforms(broken)
        }
    }

    @Test func architecturesAreAcceptedPerPlatform() throws {
        let iOS = try #require(table.platform(id: "ios"))
        #expect(iOS.accepts("arm64", minimumOS: nil))
        #expect(iOS.accepts("armv7", minimumOS: MachOVersion(major: 10)))
        #expect(!iOS.accepts("armv7", minimumOS: MachOVersion(major: 11)))
        #expect(!iOS.accepts("x86_64", minimumOS: nil))
        let tvOS = try #require(table.platform(id: "tvos"))
        #expect(tvOS.accepts("arm64", minimumOS: nil) && !tvOS.accepts("arm64e", minimumOS: nil) && !tvOS.accepts("armv7", minimumOS: MachOVersion(major: 9)))
        let watchOS = try #require(table.platform(id: "watchos"))
        #expect(watchOS.accepts("arm64_32", minimumOS: nil) && watchOS.accepts("arm64", minimumOS: nil))
        #expect(try #require(table.platform(id: "visionos")).accepts("arm64", minimumOS: nil))
        #expect(tvOS.device.machOPlatform == .tvOS && watchOS.device.machOPlatform == .watchOS)
        #expect(table.platform(id: "visionos")?.simulator?.machOPlatform == .visionOSSimulator)
    }

    @Test func theOldVersionCommandsImplyTheTablesPlatforms() {
        let commands: [String: UInt32] = [
            "LC_VERSION_MIN_MACOSX": LoadCommandType.versionMinMacOSX, "LC_VERSION_MIN_IPHONEOS": LoadCommandType.versionMinIPhoneOS,
            "LC_VERSION_MIN_TVOS": LoadCommandType.versionMinTVOS, "LC_VERSION_MIN_WATCHOS": LoadCommandType.versionMinWatchOS,
        ]
        let named = table.platforms.compactMap { platform in platform.device.versionMinCommand.map { (platform, $0) } }
        #expect(named.map(\.0.id) == ["ios", "tvos", "watchos", "macos"])
        for (platform, name) in named {
            let command = commands[name]
            #expect(command != nil, "\(name) is no command the Mach-O reader knows")
            #expect(command.flatMap(LoadCommandType.versionMinPlatform) == platform.device.machOPlatform, "\(name) and \(platform)")
        }
    }

    @Test func buildsAreFoundByEveryNameTheyGo() {
        #expect(table.platforms(supportedPlatform: "AppleTVSimulator").map { "\($0.platform.id) \($0.simulator)" } == ["tvos true"])
        #expect(table.platforms(platformName: "xros").map { "\($0.platform.id) \($0.simulator)" } == ["visionos false"])
        #expect(table.platforms(supportedPlatform: "MacOSX").map(\.platform.id) == ["macos", "maccatalyst"])
        #expect(table.platform(machO: .tvOS)?.platform.id == "tvos")
        #expect(table.platform(machO: .watchOSSimulator).map { "\($0.platform.id) \($0.simulator)" } == "watchos true")
        #expect(table.platform(machO: .macCatalyst)?.platform.id == "maccatalyst")
        #expect(table.platform(machO: MachOPlatform(rawValue: 10)) == nil)
        #expect(table.platform(deviceFamilies: [3])?.id == "tvos")
        #expect(table.platform(deviceFamilies: [1, 2])?.id == "ios")
        #expect(table.platform(deviceFamilies: [7])?.id == "visionos")
        #expect(table.platform(deviceFamilies: [1, 3]) == nil)
    }

    @Test func aWatchAppInAnIOSAppIsWatchOSAndEverythingElseItsContainers() throws {
        let iOS = try #require(table.platform(id: "ios"))
        let tvOS = try #require(table.platform(id: "tvos"))
        #expect(table.expected(for: .watchApp, in: iOS).id == "watchos")
        #expect(table.expected(for: .appex, in: iOS).id == "ios")
        #expect(table.expected(for: .appex, in: tvOS).id == "tvos")
        #expect(table.expected(for: .watchApp, in: tvOS).id == "tvos")
    }

    @Test func extensionPointsBelongToTheirPlatforms() throws {
        let tvOS = try #require(table.platform(id: "tvos"))
        #expect(tvOS.extensionPoints.contains("com.apple.tv-top-shelf"))
        #expect(!tvOS.extensionPoints.contains("com.apple.share-services"))
        #expect(try #require(table.platform(id: "ios")).extensionPoints.contains("com.apple.share-services"))
        #expect(table.activationRulePoints == ["com.apple.share-services", "com.apple.ui-services", "com.apple.services"])
        #expect(table.extensionPoints["com.apple.appintents-extension"]?.extensionKit == true)
        #expect(table.extensionPoints["com.apple.widgetkit-extension"]?.needsPrincipalClass == false)
    }
}
