import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel
@testable import BundleCheckReports

/// Each platform's App Store icon as the loader finds it in the shape the writer compiles:
/// tvOS's layered one folded into App Icon or compiled apart, its top-shelf images (decoded
/// only when their rule runs, and only at Apple's sizes), a watch app's own catalog.
@Suite struct AssetCatalogPlatformShapesTests {
    static func tvApp(_ asset: FixtureBrandAsset = FixtureBrandAsset()) throws -> FixtureBundle {
        try FixtureBundle.app("Cinema", bundleIdentifier: "com.example.cinema").built(for: .tvOS).withAssetCatalog(.brandAsset(asset))
    }

    static func inspect(_ app: FixtureBundle, rules: [RuleDefinition]) throws -> InputReport {
        let directory = try TemporaryDirectory()
        let path = directory.path("Cinema.ipa")
        try FixturePackage.ipa(app).writeZip(to: path)
        return PackageInspector(rules: rules).inspect(path: path)
    }

    @Test func theFoldedTVOSAppStoreIconIsTheFlattenedMarketingImageDecoded() throws {
        let report = try BundleCheckKitTests.inspect(.ipa(try Self.tvApp()))
        let catalog = try #require(report.bundles.first?.assetCatalog)
        let icon = try #require(catalog.appStoreIcon)
        #expect(icon.iconSet == "App Icon" && icon.idiom == "marketing" && icon.layered)
        #expect(icon.pixelWidth == 1280 && icon.pixelHeight == 768 && icon.opaque == true)
        #expect(icon.preview?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true)
        for rule in AssetCatalogWants.listingRules { #expect(report.findings(rule).isEmpty, "\(rule)") }
        // What a person reads: the icon, its layers bottom first, the top-shelf images; the
        // HTML picture in the icon's proportions.
        let line = TextReporter.assetCatalog(catalog)
        #expect(line.contains("App Store icon App Icon 1280×768 (marketing, layered), opaque"))
        #expect(line.contains("; layers Back, Middle, Front; top shelf Top Shelf Image, Top Shelf Image Wide"))
        let html = HTMLReporter.assetCatalog(catalog)
        #expect(html.contains("width=\"128\" height=\"76\"") && html.contains("alt=\"App Store icon App Icon, 1280×768, flattened\""))
    }

    @Test func anAppStoreIconCompiledApartIsNamedInTheFinding() throws {
        let report = try BundleCheckKitTests.inspect(.ipa(try Self.tvApp(FixtureBrandAsset(appStoreIcon: .separate(.flat)))))
        let catalog = try #require(report.bundles.first?.assetCatalog)
        #expect(catalog.appStoreIcon == nil && catalog.appStoreIconElsewhere == "App Icon - App Store")
        let finding = try #require(report.findings(AppStoreIconMissingCheck.ruleID).first)
        #expect(finding.appleCodes == ["ITMS-90471"])
        #expect(finding.message.contains("an image of that size is in App Icon - App Store, a set of its own"))
        // Absent altogether: nothing else is named.
        let absent = try BundleCheckKitTests.inspect(.ipa(try Self.tvApp(FixtureBrandAsset(appStoreIcon: .absent))))
        #expect(absent.bundles.first?.assetCatalog?.appStoreIconElsewhere == nil)
        #expect(absent.findings(AppStoreIconMissingCheck.ruleID).first?.message.contains("a set of its own") == false)
    }

    @Test func aTopShelfImagesPixelsAreDecodedOnlyWhenItsRuleRuns() throws {
        let wide = FixtureBrandAsset.TopShelfImage.wide(format: .argb, pixels: .transparentPixel(x: 3, y: 2))
        var narrow = wide
        narrow.scales = [1]
        let app = try Self.tvApp(FixtureBrandAsset(topShelfWide: narrow))
        let report = try Self.inspect(app, rules: RuleCatalogue.shipped.rules)
        let image = try #require(report.bundles.first?.assetCatalog?.topShelfImages.last)
        #expect(image.key == "TVTopShelfPrimaryImageWide" && image.images.map(\.format) == ["ARGB"])
        let pixels = try #require(image.pixels.first ?? nil)
        #expect(pixels.opaque == false && pixels.transparentPixels == 1 && pixels.firstTransparentPixel == .init(x: 3, y: 2))
        #expect(image.images.first?.opaque == false)
        let finding = try #require(report.findings(TopShelfImageAlphaCheck.ruleID).first)
        #expect(finding.appleCodes == ["ITMS-90497"])
        #expect(
            finding.message.contains("Top Shelf Image Wide (TVTopShelfPrimaryImageWide) at 1x, 2320×720")
                && finding.message.contains("1 of its 1,670,400 pixels"))
        // The primary image is a JPEG: opaque by its format, never decoded.
        let primary = try #require(report.bundles.first?.assetCatalog?.topShelfImages.first)
        #expect(primary.images.allSatisfy { $0.format == "JPEG" && $0.opaque == true } && primary.pixels.allSatisfy { $0 == nil })

        let withoutRule = try Self.inspect(app, rules: RuleCatalogue.shipped.rules.filter { $0.id != TopShelfImageAlphaCheck.ruleID })
        let undecoded = try #require(withoutRule.bundles.first?.assetCatalog?.topShelfImages.last)
        #expect(undecoded.pixels == [nil] && undecoded.images.first?.opaque == nil)
    }

    @Test func aTopShelfImageOfAnotherSizeIsReportedAndStillJudged() throws {
        var odd = FixtureBrandAsset.TopShelfImage.standard(format: .argb, pixels: .transparent)
        odd.scales = [1]
        odd.width = 64
        odd.height = 24
        let report = try BundleCheckKitTests.inspect(.ipa(try Self.tvApp(FixtureBrandAsset(topShelf: odd))))
        let image = try #require(report.bundles.first?.assetCatalog?.topShelfImages.first)
        // Not a size Apple gives, so the sweep did not keep its pixels; they are fetched and judged all the same.
        #expect(image.pixels.first??.transparentPixels == 64 * 24)
        #expect(report.findings(TopShelfImageAlphaCheck.ruleID).count == 1)
        let finding = try #require(report.findings(TopShelfImageMissingCheck.ruleID).first)
        #expect(finding.message.contains("is 64×24 at 1x; Apple's size is 1920×720 at 1x, 3840×1440 at 2x"))
        #expect(finding.keyPath == JSONPointer("TVTopShelfImage", "TVTopShelfPrimaryImage"))
    }

    @Test func aVisionOSIconIsDrawnFromItsFlattenedImage() throws {
        let app = try FixtureBundle.app("Atlas", bundleIdentifier: "com.example.atlas").built(for: .visionOS).withAssetCatalog(.layeredIcon())
        let report = try BundleCheckKitTests.inspect(.ipa(app))
        let catalog = try #require(report.bundles.first?.assetCatalog)
        #expect(catalog.appStoreIcon == nil && !catalog.appStoreIconExpected)
        let preview = try #require(catalog.iconPreview)
        #expect(preview.iconSet == "AppIcon" && preview.pixelWidth == 1024 && preview.png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(HTMLReporter.assetCatalog(catalog).contains("alt=\"Icon AppIcon, 1024×1024\""))
        #expect(report.findings(VisionIconLayersCheck.ruleID).isEmpty)
    }

    @Test func aWatchAppsAppStoreIconIsInItsOwnCatalog() throws {
        var watch = FixtureAssetCatalog(iconSets: [.watchAllSizes(pixels: .translucent(alpha: 200))])
        watch.deploymentPlatform = FixtureAssetCatalog.deploymentPlatform(for: .watchOS)
        let watchApp = try FixtureBundle.app("NotesWatch", bundleIdentifier: "com.example.notes.watchkitapp").builtForWatchOS().withAssetCatalog(watch)
        let app = FixtureBundle.app("Notes", bundleIdentifier: "com.example.notes").adding(watchApp, in: "Watch")
        let report = try BundleCheckKitTests.inspect(.ipa(app))
        let watchBundle = try #require(report.bundles.first { $0.kind == .watchApp })
        let icon = try #require(watchBundle.assetCatalog?.appStoreIcon)
        #expect(icon.idiom == "marketing" && icon.pixelWidth == 1024 && icon.opaque == false)
        #expect(watchBundle.assetCatalog?.namedSet?.images.filter { $0.idiom == "watch" }.count == 8)
        let findings = report.findings(AppStoreIconAlphaCheck.ruleID)
        #expect(findings.map(\.bundle) == ["Payload/Notes.app/Watch/NotesWatch.app"])
        #expect(findings.first?.appleCodes == ["ITMS-90717", "ITMS-90396"])
    }
}
