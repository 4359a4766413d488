import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel

/// The tables behind the toolchain and icon rules read completely, and answer as their sources say.
@Suite struct ToolchainTablesTests {
    static func day(_ text: String) -> Date {
        ISODateParser.parse(text)!
    }

    @Test func everyRowOfTheToolchainAndIconTablesIsRead() {
        #expect(XcodeBuilds.shipped.unreadableLines.isEmpty)
        #expect(UploadMinimums.shipped.unreadableLines.isEmpty)
        #expect(AppIconSizes.shipped.unreadableLines.isEmpty)
        #expect(UploadMinimums.shipped.requirements.count == 3)
        #expect(AppIconSizes.shipped.platforms.keys.sorted() == ["ios", "tvos"])
        #expect(AppIconSizes.shipped.families.map(\.device) == ["iPhone", "iPad"])
        #expect(AppStoreIcons.shipped.unreadableLines.isEmpty && TopShelfImages.shipped.unreadableLines.isEmpty)
        #expect(LayeredIcons.shipped.unreadableLines.isEmpty && IconAppearances.shipped.unreadableLines.isEmpty)
        #expect(IconAppearances.shipped.anyOrder == ["any", "light"] && IconAppearances.shipped.names["ISAppearanceTintable"] == "tinted")
        #expect(AppStoreIcons.shipped.platforms.keys.sorted() == ["ios", "tvos", "watchos"])
        #expect(AppStoreIcons.shipped.platforms["ios"]?.missingCodes == ["ITMS-90704", "ITMS-91111"])
        #expect(AppStoreIcons.shipped.platforms["ios"]?.deviceIdioms == [1: "phone", 2: "pad"] && AppStoreIcons.shipped.platforms["ios"]?.iconStacks == true)
        #expect(AppStoreIcons.shipped.platforms["tvos"]?.layered == true && AppStoreIcons.shipped.platforms["tvos"]?.alphaCodes == [])
        #expect(TopShelfImages.shipped.images.map(\.key) == ["TVTopShelfPrimaryImage", "TVTopShelfPrimaryImageWide"])
        #expect(TopShelfImages.shipped.image(key: "TVTopShelfPrimaryImageWide")?.sizes[2] == [4640, 1440])
        #expect(LayeredIcons.shipped.platforms["visionos"] == LayeredIcons.Requirement(backLayerScale: 2, backLayerPixels: [1024, 1024], code: "ITMS-90967"))
    }

    /// A single-size set compiles to the device idioms of the families the app runs on.
    @Test(
        arguments: [
            (nil, ["marketing", "universal", "phone"]),
            ([1, 2], ["marketing", "universal", "phone", "pad"]),
            ([2], ["marketing", "universal", "pad"]),
            ([2, 3, 1], ["marketing", "universal", "phone", "pad"]),
        ] as [([Int]?, [String])])
    func theAppStoreIconsIdiomsFollowTheAppsDeviceFamilies(families: [Int]?, idioms: [String]) throws {
        var app = FixtureBundle.app("Notes", bundleIdentifier: "com.example.notes")
        if let families { app = app.setting("UIDeviceFamily", to: .array(families.map { .integer(PlistInteger($0)) })) }
        let report = try inspect(try .ipa(app))
        let bundle = try #require(report.bundles.first)
        #expect(AppStoreIcons.shipped.requirement(for: bundle)?.idioms == idioms)
    }

    @Test func anAppStoreIconRowWithoutItsDefaultFamilyOrCodesIsUnreadable() throws {
        let entries = try #require(
            try YAMLParser.parse(
                Array(
                    """
                    platforms:
                      ios: {idioms: [marketing], device-idioms: {1: phone}, pixels: [1024, 1024], missing-codes: [ITMS-90704], alpha-codes: []}
                      tvos: {idioms: [marketing], pixels: [1280, 768], missing-codes: [], alpha-codes: []}
                      watchos: {idioms: [marketing], device-idioms: {x: watch}, default-device-family: 4, pixels: [1024, 1024], missing-codes: [ITMS-90719], alpha-codes: []}
                    """.utf8), file: "test.yml"))
        let table = AppStoreIcons(entries: entries)
        #expect(table.unreadableLines == [2, 3, 4, 1], "\(table.unreadableLines)")
        #expect(table.platforms.isEmpty)
    }

    @Test func aRowTheReaderCannotUnderstandIsCountedNotDropped() throws {
        let entries = try #require(
            try YAMLParser.parse(
                Array(
                    """
                    - {build: 1A1, xcode: "1.0", kind: release}
                    - {build: 1A2, xcode: "1.0", kind: nightly}
                    """.utf8), file: "test.yml"))
        let builds = XcodeBuilds(entries: entries)
        #expect(builds.unreadableLines == [2])
        #expect(builds.xcode("1A1")?.kind == .release)
    }

    @Test(
        arguments: [
            ("2024-04-28", nil),
            ("2024-04-29", "17.0"),
            ("2025-04-23", "17.0"),
            ("2025-04-24", "18.0"),
            ("2026-04-27T23:59:59Z", "18.0"),
            ("2026-04-28", "26.0"),
            ("2031-01-01", "26.0"),
        ] as [(String, String?)])
    func theMinimumInForceIsTheLatestWhoseDayHasCome(date: String, iOS: String?) {
        let requirement = UploadMinimums.shipped.requirement(at: Self.day(date))
        #expect(requirement?.sdks["ios"]?.description == iOS)
        // Every platform whose SDK Apple's requirements name, and no other (never macOS).
        if iOS != nil { #expect(requirement?.sdks.keys.sorted() == ["ios", "tvos", "visionos", "watchos"]) }
    }

    @Test func xcodeBuildsAreKnownByTheirKindNotTheirShape() throws {
        let builds = XcodeBuilds.shipped
        #expect(builds.xcode("17A5285i")?.kind == .seed)
        #expect(builds.xcode("17A5285i")?.description == "Xcode 26.0 beta 4 (17A5285i)")
        // Release candidates are accepted; a letter at the end says nothing.
        #expect(builds.xcode("17B54")?.kind == .candidate)
        #expect(builds.xcode("7A218")?.kind == .candidate)
        #expect(builds.xcode("15F31d")?.kind == .release)
        #expect(builds.xcode("16C5032a")?.kind == .release)
        // Listed as the release candidate and again as the release.
        #expect(builds.xcode("16B40")?.kind == .release)
        #expect(builds.xcode("16B40")?.description == "Xcode 16.1 (16B40)")
        // Not in the table: unknown, which is not a beta.
        #expect(builds.xcode("17C52") == nil)
    }

    @Test func anSDKBuildIsASeedOnlyWhenNoReleaseShippedIt() throws {
        let builds = XcodeBuilds.shipped
        let beta = try #require(builds.sdk("23A5324a", platform: "iphoneos"))
        #expect(beta.kind == .seed)
        #expect(beta.shippedWith.map(\.build).sorted() == ["17A5305f", "17A5305k"])
        // Xcode 16.2 beta 1 shipped the watchOS 11.1 SDK of the 16.1 release.
        #expect(builds.sdk("22R574", platform: "watchos")?.kind == .release)
        #expect(builds.sdk("23B77", platform: "iphoneos")?.kind == .release)
        // SDK builds are looked up within their platform.
        #expect(builds.sdk("23B77", platform: "watchos") == nil)
    }
}
