import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel
@testable import BundleCheckReports

/// Icons as Xcode really compiles them, judged on real files: the single-size set of an Xcode
/// 16.4 iPhone app (idiom phone, RGBW, no marketing image), and Xcode 26's Icon Composer icon
/// for macOS put into a Mac app beside the partial `.icns` actool wrote with it. Neither may
/// draw an icon finding: App Store Connect accepts both.
@Suite(.enabled(if: RepositoryPaths.corpusTestsEnabled, "../shared/corpus is absent"))
struct CorpusIconTests {
    static let iconRules = [
        "app-store-icon-missing", "app-store-icon-alpha", "app-icon-missing", "app-icon-set-missing", "asset-catalog-malformed", "mac-app-icon",
        "alternate-icon-missing", "icon-fallbacks-missing", "icon-catalog-bloat",
    ]

    @Test func theXcode16SingleSizeSetIsTheAppStoreIconInItsAnyAppearance() throws {
        guard let path = RepositoryPaths.corpusOrSkip("sentry-cli/single-size-icon.ipa") else { return }
        let report = PackageInspector().inspect(path: path)
        for rule in Self.iconRules { #expect(report.findings(rule).isEmpty, "\(rule): \(report.findings(rule).map(\.message))") }
        let catalog = try #require(report.bundles.first?.assetCatalog)
        let icon = try #require(catalog.appStoreIcon)
        // Idiom phone, as actool compiled it; its RGBW (half-float) pixels decoded and opaque.
        #expect(icon.iconSet == "AppIcon" && icon.idiom == "phone" && icon.appearance == "any" && !icon.iconStack)
        #expect(icon.pixelWidth == 1024 && icon.pixelHeight == 1024 && icon.opaque == true && icon.pixelProblem == nil)
        #expect(icon.preview?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true)
        #expect(catalog.appStoreIconAppearances.map(\.appearance) == ["any"])
        #expect(catalog.namedSet?.images.map(\.format) == ["RGBW"] && catalog.namedSet?.images.map(\.appearance) == ["any"])
        #expect(TextReporter.assetCatalog(catalog).hasSuffix("; App Store icon AppIcon 1024×1024 (phone), opaque"))
    }

    @Test func theSingleSizeCatalogNamesItsOneAppearanceAndItsRGBWPixelsAreTheLoosePNGs() throws {
        guard let bytes = try AssetCatalogTestSupport.realCatalogue("sentry-cli/single-size-icon.ipa") else { return }
        let store = try BOMStore(bytes: bytes)
        let catalog = try AssetCatalog.read(store)
        #expect(catalog.appearances == [0: "UIAppearanceAny"])
        let image = try #require(catalog.renditions.first { $0.header.layout == .onePartScale })
        #expect(image.header.pixelFormat == .wideRGB && image.key.idiom == .phone)
        let bitmap = try catalog.bitmap(of: image, in: store)
        #expect(bitmap.isOpaque == true && bitmap.transparentPixelCount == 0)
        // The top-left pixel is R 1.07, G 0.50, B -0.19 (a Display P3 orange): clamped to sRGB it
        // is the colour of AppIcon60x60@2x.png's top-left pixel, which Xcode drew from the same
        // image (B, G, R, A 0, 126, 255, 255 in that CgBI file).
        let preview = try #require(bitmap.previewRGBA(maxSide: 1024))
        #expect(Array(preview.rgba.prefix(4)) == [255, 126, 0, 255])
    }

    @Test func anIconComposerIconInAMacAppDrawsNoIconFinding() throws {
        guard let catalogPath = RepositoryPaths.corpusOrSkip("icon-composer/Assets.car"),
            let icnsPath = RepositoryPaths.corpusOrSkip("icon-composer/AppIcon.icns")
        else { return }
        var app = FixtureBundle.app("Notes", bundleIdentifier: "com.example.notes").built(for: .macOS)
            .setting("CFBundleIconFile", to: .string("AppIcon")).setting("CFBundleIconName", to: .string("AppIcon"))
            .adding(file: "Resources/AppIcon.icns", contents: Array(try Data(contentsOf: URL(fileURLWithPath: icnsPath))))
        let catalogIndex = try #require(app.files.firstIndex { $0.path == "Resources/Assets.car" }, "a Mac fixture app has a catalog")
        app.files[catalogIndex].contents = Array(try Data(contentsOf: URL(fileURLWithPath: catalogPath)))
        let report = try inspect(try .app(app), named: "Notes.app.zip")
        for rule in Self.iconRules { #expect(report.findings(rule).isEmpty, "\(rule): \(report.findings(rule).map(\.message))") }
        let catalog = try #require(report.bundles.first?.assetCatalog)
        let set = try #require(catalog.namedSet)
        // Three stacks, none in the System appearance; the fallbacks in it, @2x only.
        #expect(set.isIconComposerIcon && set.iconStacks.map(\.appearance).sorted() == ["dark", "light", "tinted"])
        #expect(set.iconStacks.allSatisfy { $0.iconStack && $0.pixelWidth == 1024 && $0.pixelHeight == 1024 })
        #expect(set.images.allSatisfy { $0.scale == 2 && $0.appearance == "any" })
        #expect(set.images.map(\.pixelWidth).sorted() == [32, 64, 128, 256, 512, 1024, 2048])
        #expect(catalog.renditionKinds.map(\.name).contains("icon stack"))
        #expect(
            TextReporter.assetCatalog(catalog).contains(
                "icon set AppIcon (7 images, an Icon Composer icon in dark, light, tinted: 1 group, 1 vector layer, 2 gradients, 4 colours;"
                    + " fallbacks 7 in any; 1.5 MB stored)"))
        // Read whole from the zipped app's stream: its group, SVG layer, gradients and colours.
        let icon = try #require(set.iconComposer)
        #expect(icon.appearances == ["dark", "light", "tinted"] && icon.groups == [.init(name: "AppIcon/Group", layers: ["AppIcon_Assets/4D"])])
        #expect(icon.vectorLayers == [.init(name: "AppIcon_Assets/4D", storedBytes: 1230, decodedBytes: 1682, svg: true)])
        #expect(icon.gradients.map(\.name) == ["AppIcon_Assets/Gradient-1", "AppIcon_Assets/Gradient-2"])
        #expect(icon.gradients.map(\.colors) == [["AppIcon_Assets/Color-2"], ["AppIcon_Assets/Color-3", "AppIcon_Assets/Color-4"]])
        #expect(icon.colors == (1...4).map { "AppIcon_Assets/Color-\($0)" })
        #expect(icon.fallbacks == [.init(appearance: "any", sizes: [16, 32, 64, 128, 256, 512, 1024].map { "\($0)pt@2x" })])
        // The fallbacks are nearly all of it: 1,520,787 of the catalog's 1,547,000 bytes.
        #expect(icon.bytes.fallbacks == 1_520_787 && icon.bytes.stacks + icon.bytes.layers < 8192)
        #expect(set.storedBytes == icon.bytes.total)
        // Past a 1 MB threshold the icon is a note naming it and its fallbacks' share.
        let bloat = try inspect(try .app(app), named: "Notes.app.zip", settings: InspectionSettings(iconCatalogThreshold: 1_000_000)).findings(
            "icon-catalog-bloat")
        #expect(bloat.count == 1 && bloat.first?.file == "Notes.app/Contents/Resources/Assets.car")
        #expect(bloat.first?.message.contains("the largest: AppIcon 1.5 MB (fallbacks 1.5 MB, stacks") == true, "\(bloat.map(\.message))")
        // The Mac's preview is the largest fallback up to 1024 pixels, in the any appearance.
        #expect(catalog.iconPreview?.pixelWidth == 1024)
        // The same app without its catalog: the partial icns alone is a finding (ic09, ic10).
        var bare = app
        bare.files.remove(at: catalogIndex)
        let alone = try inspect(try .app(bare), named: "Notes.app.zip")
        #expect(alone.findings("mac-app-icon").map(\.file) == ["Notes.app/Contents/Resources/AppIcon.icns"])
    }

    @Test func theIconComposerCatalogNamesItsFourAppearances() throws {
        guard let path = RepositoryPaths.corpusOrSkip("icon-composer/Assets.car") else { return }
        let store = try BOMStore(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        let catalog = try AssetCatalog.read(store)
        #expect(catalog.appearances == [0: "NSAppearanceNameSystem", 1: "NSAppearanceNameDarkAqua", 8: "NSAppearanceNameAqua", 10: "ISAppearanceTintable"])
        let set = try #require(try catalog.iconSet(named: "AppIcon", in: store))
        #expect(
            set.iconStacks.map { catalog.appearanceName(of: $0) ?? "" }.sorted() == [
                "ISAppearanceTintable", "NSAppearanceNameAqua", "NSAppearanceNameDarkAqua",
            ])
        #expect(set.iconStacks.allSatisfy { $0.header.name == "AppIcon.iconstack" })
    }

    /// Every other corpus package keeps the icon verdict it had before single-size sets and
    /// appearances were read (the app-icon-missing ones are old apps without their loose
    /// iPhone icons or catalogs; tvOS's App Store stack was compiled apart).
    @Test(arguments: [
        ("app-info/apple-tv.ipa", ["app-store-icon-missing"]),
        ("app-info/embedded.ipa", ["app-icon-missing"]),
        ("app-info/macos.zip", []),
        ("shorebird/flutter-base.ipa", []),
        ("sentry-cli/DemoApp.ipa", ["app-icon-missing"]),
        ("sentry-cli/two-apps.ipa", ["app-icon-missing", "app-icon-missing"]),
        ("isign/SimpleSaucyApp.ipa", ["app-icon-missing"]),
        ("fastlane/very-capable-app.ipa", ["app-icon-missing"]),
        ("maestro/maestro-driver-ios.zip", ["app-icon-missing"]),
    ])
    func theOtherCorpusPackagesKeepTheirIconVerdict(package: String, rules: [String]) throws {
        guard let path = RepositoryPaths.corpusOrSkip(package) else { return }
        let report = PackageInspector().inspect(path: path)
        let icons = Set(Self.iconRules + ["top-shelf-image-missing", "top-shelf-image-alpha", "vision-icon-layers"])
        #expect(report.findings.map(\.rule).filter(icons.contains).sorted() == rules)
    }
}
