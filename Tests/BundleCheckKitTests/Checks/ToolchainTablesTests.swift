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

    /// The error a table type gives for a row of `Rules/data/<name>.yml` it cannot use.
    static func refused(_ name: String, line: Int, _ field: String, _ message: String) -> YAMLLoadError {
        YAMLLoadError(file: "Rules/data/\(name).yml", line: line, field: field, message: message)
    }

    @Test func theToolchainAndIconTablesReadToTheirLastRow() {
        #expect(XcodeBuilds.shipped.xcode("6A215l")?.description == "Xcode 6.0 beta 1 (6A215l)")
        #expect(UploadMinimums.shipped.requirements.count == 4)
        // April 2027, which Apple gave as a month: its first day, quoted as Apple gave it.
        let announced = UploadMinimums.shipped.requirements.last
        #expect(announced?.fromText == "April 2027" && announced?.isApproximate == true && announced?.xcode.description == "27.0")
        #expect(announced?.from == ISODateParser.parse("2027-04-01"))
        #expect(AppIconSizes.shipped.platforms.keys.sorted() == ["ios", "tvos"])
        #expect(AppIconSizes.shipped.platforms["tvos"]?.iconNamePointers.last == JSONPointer("CFBundleIconName"))
        #expect(AppIconSizes.shipped.scales == [1, 2, 3])
        #expect(AppIconSizes.shipped.families.map(\.device) == ["iPhone", "iPad"])
        #expect(AppIconSizes.shipped.families.map(\.suffix) == ["", "~ipad"] && AppIconSizes.shipped.families[1].required.map(\.pixels) == [152, 167])
        let fallbacks = AppIconSizes.shipped.iconComposerFallbacks
        #expect(fallbacks.keys.sorted() == ["ios", "macos"] && fallbacks.values.allSatisfy { $0.stacksDrawnFrom == MachOVersion(major: 26) })
        #expect(fallbacks["macos"]?.points == [16, 32, 64, 128, 256, 512, 1024] && fallbacks["macos"]?.scale == 2)
        #expect(fallbacks["ios"]?.points == [1024] && fallbacks["ios"]?.scale == 1)
        #expect(IconAppearances.shipped.anyOrder == ["any", "light"] && IconAppearances.shipped.names["ISAppearanceTintable"] == "tinted")
        #expect(AppStoreIcons.shipped.platforms.keys.sorted() == ["ios", "tvos", "watchos"])
        #expect(AppStoreIcons.shipped.platforms["ios"]?.missingCodes == ["ITMS-90704", "ITMS-91111"])
        #expect(AppStoreIcons.shipped.platforms["ios"]?.deviceIdioms == [1: "phone", 2: "pad"] && AppStoreIcons.shipped.platforms["ios"]?.iconStacks == true)
        #expect(AppStoreIcons.shipped.platforms["watchos"]?.defaultDeviceFamily == 4 && AppStoreIcons.shipped.platforms["watchos"]?.layered == false)
        #expect(AppStoreIcons.shipped.platforms["tvos"]?.layered == true && AppStoreIcons.shipped.platforms["tvos"]?.alphaCodes == [])
        #expect(TopShelfImages.shipped.images.map(\.key) == ["TVTopShelfPrimaryImage", "TVTopShelfPrimaryImageWide"])
        #expect(TopShelfImages.shipped.image(key: "TVTopShelfPrimaryImageWide")?.sizes[2] == [4640, 1440])
        #expect(TopShelfImages.shipped.dictionary == "TVTopShelfImage" && TopShelfImages.shipped.alphaCode == "ITMS-90497")
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

    @Test(
        arguments: [
            (
                "platforms:\n  ios: {idioms: [marketing], device-idioms: {1: phone}, pixels: [1024, 1024], missing-codes: [ITMS-90704], alpha-codes: []}",
                refused("app-store-icons", line: 7, "entries.platforms.ios.default-device-family", "missing required key")
            ),
            (
                "platforms:\n  tvos: {idioms: [marketing], pixels: [1280, 768], missing-codes: [], alpha-codes: []}",
                refused("app-store-icons", line: 7, "entries.platforms.tvos.missing-codes", "expected at least one item")
            ),
            (
                "platforms:\n  watchos: {idioms: [marketing], device-idioms: {x: watch}, default-device-family: 4}",
                refused("app-store-icons", line: 7, "entries.platforms.watchos.device-idioms.x", "'x' is not a non-negative whole number")
            ),
            (
                "platforms:\n  watchos: {idioms: [marketing], device-idioms: {4: watch}, default-device-family: 1}",
                refused("app-store-icons", line: 7, "entries.platforms.watchos.default-device-family", "'1' is not a family of device-idioms")
            ),
            (
                "platforms:\n  tvos: {idioms: [marketing], pixels: [1280], layered: true, missing-codes: [ITMS-90471], alpha-codes: []}",
                refused("app-store-icons", line: 7, "entries.platforms.tvos.pixels", "expected two items, width and height in pixels, found 1")
            ),
            (
                "platforms:\n  tvos: {idioms: [marketing], pixels: [1280, 768], layered: yes, missing-codes: [ITMS-90471], alpha-codes: []}",
                refused("app-store-icons", line: 7, "entries.platforms.tvos.layered", "'yes' is not one of: true, false")
            ),
            (
                "platforms:\n  tvos: {idioms: [marketing], pixels: [1280, 768], missing-codes: [ITMS-90471]}",
                refused("app-store-icons", line: 7, "entries.platforms.tvos.alpha-codes", "missing required key")
            ),
        ] as [(String, YAMLLoadError)])
    func anAppStoreIconRowTheReaderCannotUseIsRefused(entries: String, error: YAMLLoadError) throws {
        let table = try DataTableText.table("app-store-icons", entries: entries)
        #expect(throws: error) { try AppStoreIcons(table) }
    }

    @Test(
        arguments: [
            // A platform's key is named on its own line, not on its first field's.
            (
                """
                platforms:
                  ios:
                    catalogue-required-from-sdk: "11.0"
                    icon-name: [[CFBundleIconName]]
                  android:
                    catalogue-required-from-sdk: "1.0"
                    icon-name: [[CFBundleIconName]]
                """,
                refused("app-icon-sizes", line: 10, "entries.platforms.android", "'android' is not a platform of platforms.yml")
            ),
            (
                "platforms: {ios: {catalogue-required-from-sdk: \"11.0\", icon-name: [[]]}}",
                refused("app-icon-sizes", line: 6, "entries.platforms.ios.icon-name[0]", "expected at least one item")
            ),
            (
                "platforms: {ios: {catalogue-required-from-sdk: \"11.0\", icon-name: [[CFBundleIconName]]}}\nscales: [1, 0]",
                refused("app-icon-sizes", line: 7, "entries.scales[1]", "'0' is not a whole number of 1 or more")
            ),
            (
                """
                platforms: {ios: {catalogue-required-from-sdk: "11.0", icon-name: [[CFBundleIconName]]}}
                families:
                  - {device-family: 1, device: iPhone, icons-key: CFBundleIcons, required: [{pixels: 120, code: ITMS-90022}]}
                """,
                refused("app-icon-sizes", line: 8, "entries.families[0].suffix", "missing required key")
            ),
        ] as [(String, YAMLLoadError)])
    func anAppIconRowTheReaderCannotUseIsRefused(entries: String, error: YAMLLoadError) throws {
        let table = try DataTableText.table("app-icon-sizes", entries: entries)
        #expect(throws: error) { try AppIconSizes(table) }
    }

    @Test func aTopShelfLayeredOrAppearanceRowTheReaderCannotUseIsRefused() throws {
        let twoScales = try DataTableText.table(
            "tv-top-shelf-images",
            entries: """
                dictionary: TVTopShelfImage
                alpha-code: ITMS-90497
                images:
                  - key: TVTopShelfPrimaryImage
                    sizes: [{scale: 1, pixels: [1920, 720]}, {scale: 1, pixels: [3840, 1440]}]
                """)
        #expect(throws: Self.refused("tv-top-shelf-images", line: 10, "entries.images[0].sizes[1].scale", "scale 1 is listed twice")) {
            try TopShelfImages(twoScales)
        }
        let noCode = try DataTableText.table(
            "tv-top-shelf-images", entries: "dictionary: TVTopShelfImage\nimages: [{key: TVTopShelfPrimaryImage, sizes: [{scale: 1, pixels: [1920, 720]}]}]")
        #expect(throws: Self.refused("tv-top-shelf-images", line: 6, "entries.alpha-code", "missing required key")) { try TopShelfImages(noCode) }
        let threePixels = try DataTableText.table(
            "layered-icons", entries: "platforms:\n  visionos: {back-layer-scale: 2, back-layer-pixels: [1024, 1024, 1], code: ITMS-90967}")
        #expect(
            throws: Self.refused(
                "layered-icons", line: 7, "entries.platforms.visionos.back-layer-pixels", "expected two items, width and height in pixels, found 3")
        ) {
            try LayeredIcons(threePixels)
        }
        let noScale = try DataTableText.table(
            "layered-icons", entries: "platforms:\n  visionos: {back-layer-scale: 0, back-layer-pixels: [1024, 1024], code: ITMS-90967}")
        #expect(throws: Self.refused("layered-icons", line: 7, "entries.platforms.visionos.back-layer-scale", "'0' is not a whole number of 1 or more")) {
            try LayeredIcons(noScale)
        }
        let listed = try DataTableText.table("icon-appearances", entries: "names: {UIAppearanceAny: any, UIAppearanceDark: [dark]}\nany-else: [light]")
        #expect(throws: Self.refused("icon-appearances", line: 6, "entries.names.UIAppearanceDark", "expected a string, found a list")) {
            try IconAppearances(listed)
        }
        let noElse = try DataTableText.table("icon-appearances", entries: "names: {UIAppearanceAny: any}\nany-else: []")
        #expect(throws: Self.refused("icon-appearances", line: 7, "entries.any-else", "expected at least one item")) { try IconAppearances(noElse) }
    }

    @Test(
        arguments: [
            (
                "- {build: 1A1, xcode: \"1.0\", kind: release}\n- {build: 1A2, xcode: \"1.0\", kind: nightly}",
                refused("xcode-builds", line: 7, "entries[1].kind", "'nightly' is not a kind: beta N, developer preview N, rc N, gm seed N or release")
            ),
            (
                "- {build: 1A1, xcode: \"1.0\", kind: release, sdks: {iphonesimulator: 1B1}}",
                refused("xcode-builds", line: 6, "entries[0].sdks.iphonesimulator", "'iphonesimulator' is not a device platform-name of platforms.yml")
            ),
            (
                "- {xcode: \"1.0\", kind: release}",
                refused("xcode-builds", line: 6, "entries[0].build", "missing required key")
            ),
        ] as [(String, YAMLLoadError)])
    func anXcodeBuildRowTheReaderCannotUseIsRefused(entries: String, error: YAMLLoadError) throws {
        let table = try DataTableText.table("xcode-builds", entries: entries)
        #expect(throws: error) { try XcodeBuilds(table) }
    }

    @Test(
        arguments: [
            (
                "requirements:\n  - {from: April 2024, xcode: \"15.0\", sdks: {ios: \"17.0\"}}",
                refused("upload-minimums", line: 7, "entries.requirements[0].from", "'April 2024' is not a date such as 2026-04-28")
            ),
            (
                "requirements:\n  - {from: 2024-04-29, xcode: \"15.0\", sdks: {ios: \"17.0\", macos: \"14.0\"}}",
                refused("upload-minimums", line: 7, "entries.requirements[0].sdks.macos", "'macos' has no upload-sdk in platforms.yml")
            ),
            (
                "requirements:\n  - {from: 2024-04-29, xcode: \"15.0\", sdks: {ios: latest}}",
                refused("upload-minimums", line: 7, "entries.requirements[0].sdks.ios", "'latest' is not a version such as 17.0")
            ),
            (
                "requirements:\n  - {from: 2024-04-29, xcode: \"15.0\"}",
                refused("upload-minimums", line: 7, "entries.requirements[0].sdks", "missing required key")
            ),
        ] as [(String, YAMLLoadError)])
    func anUploadMinimumRowTheReaderCannotUseIsRefused(entries: String, error: YAMLLoadError) throws {
        let table = try DataTableText.table("upload-minimums", entries: entries)
        #expect(throws: error) { try UploadMinimums(table) }
    }

    @Test func anXcodeBuildListedAsCandidateAndReleaseIsTheRelease() throws {
        let table = try DataTableText.table(
            "xcode-builds",
            entries: "- {build: 1A1, xcode: \"1.0\", kind: release, sdks: {iphoneos: 1B1}}\n- {build: 1A1, xcode: \"1.0\", kind: rc 1, sdks: {iphoneos: 1B1}}")
        let builds = try XcodeBuilds(table)
        #expect(builds.xcode("1A1")?.kind == .release)
        #expect(builds.sdk("1B1", platform: "iphoneos")?.shippedWith.map(\.kindText) == ["release"])
    }

    @Test(
        arguments: [
            ("2024-04-28", nil),
            ("2024-04-29", "17.0"),
            ("2025-04-23", "17.0"),
            ("2025-04-24", "18.0"),
            ("2026-04-27T23:59:59Z", "18.0"),
            ("2026-04-28", "26.0"),
            ("2027-03-31T23:59:59Z", "26.0"),
            ("2027-04-01", "27.0"),
            ("2031-01-01", "27.0"),
        ] as [(String, String?)])
    func theMinimumInForceIsTheLatestWhoseDayHasCome(date: String, iOS: String?) {
        let requirement = UploadMinimums.shipped.requirement(at: Self.day(date))
        #expect(requirement?.sdks["ios"]?.description == iOS)
        // Every platform whose SDK Apple's requirements name, and no other (never macOS).
        if iOS != nil { #expect(requirement?.sdks.keys.sorted() == ["ios", "tvos", "visionos", "watchos"]) }
    }

    @Test func theAnnouncedFloorsAreThoseStillAhead() {
        #expect(UploadMinimums.shipped.upcoming(after: Self.day("2026-12-06")).map(\.fromText) == ["April 2027"])
        #expect(UploadMinimums.shipped.upcoming(after: Self.day("2027-04-01")).isEmpty)
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
