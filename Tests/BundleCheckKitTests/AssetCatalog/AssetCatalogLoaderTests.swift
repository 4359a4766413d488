import BundleCheckFixtures
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel

/// An app's `Assets.car` listed as a run lists it: streamed from its zip entry in a few passes,
/// the same as the catalog read whole, the App Store icon's pixels kept in the listing's pass,
/// and the summary the rules and the reports read.
@Suite struct AssetCatalogLoaderTests {
    /// The catalog of `package` as its deflated zip entry (which cannot seek).
    static func streamed(_ package: CorpusCatalog, limits: BOMLimits = .standard) throws -> (store: BOMStreamedStore, bytes: [UInt8])? {
        guard let path = RepositoryPaths.corpusOrSkip(package.rawValue) else { return nil }
        let container = try PackageOpener.open(path: path)
        let car = try #require(container.files.first { $0.path.hasSuffix("/Assets.car") })
        let bytes = try container.read(car.path, limit: 64 << 20)
        return (try BOMStreamedStore(length: bytes.count, limits: limits) { try container.openEntry(car.path) }, bytes)
    }

    /// What a listing says of each rendition, to compare two readings.
    static func listing(_ catalog: AssetCatalog) -> [String] {
        catalog.renditions.map {
            "\($0.block) \($0.key.values) \($0.header.name) \($0.header.width)x\($0.header.height) \($0.header.layout) \($0.properties.count)"
        }
    }

    @Test(.enabled(if: RepositoryPaths.corpusTestsEnabled, "needs ../shared/corpus"), arguments: CorpusCatalog.allCases)
    func aStreamedListingIsTheWholeOneInAFewPasses(_ package: CorpusCatalog) throws {
        guard let (store, bytes) = try Self.streamed(package) else { return }
        let streamed = try AssetCatalog.read(streaming: store)
        let whole = try AssetCatalog.read(try BOMStore(bytes: bytes))
        #expect(Self.listing(streamed) == Self.listing(whole))
        #expect(streamed.facets.map(\.name) == whole.facets.map(\.name))
        #expect(!streamed.renditions.isEmpty)
        // The table and variables; the variables' and the trees' blocks where the head lacks
        // them; keys and rendition headers together.
        #expect(store.passes <= 4, "\(store.passes) passes")
    }

    @Test(.enabled(if: RepositoryPaths.corpusTestsEnabled, "needs ../shared/corpus"))
    func theAppStoreIconsPixelsComeInTheListingsPass() throws {
        guard let (store, bytes) = try Self.streamed(.shorebird) else { return }
        let catalog = try AssetCatalog.read(streaming: store, keepsPixels: { $0.width == 1024 && $0.height == 1024 })
        let passes = store.passes
        let set = try #require(try catalog.iconSet(named: "AppIcon", streaming: store))
        let marketing = try #require(set.marketingImage)
        let bitmap = try catalog.bitmap(of: marketing.rendition, streaming: store)
        #expect(store.passes == passes, "no pass of its own for the icon or the set's sizes")
        let whole = try BOMStore(bytes: bytes)
        #expect(bitmap == (try AssetCatalog.read(whole).bitmap(of: marketing.rendition, in: whole)))
        #expect(bitmap.isOpaque == true)
        // A larger bitmap of another size was not kept: asking for it costs a pass, and gives
        // the same pixels as the whole store.
        let other = try #require(
            catalog.renditions.first { rendition in
                rendition.header.pixelFormat == .argb && rendition.header.width != 1024 && (try? whole.blockRange(of: rendition.block).count) ?? 0 > 4096
            })
        let pixels = try catalog.bitmap(of: other, streaming: store)
        #expect(store.passes == passes + 1)
        #expect(pixels == (try AssetCatalog.read(whole).bitmap(of: other, in: whole)))
    }

    @Test(.enabled(if: RepositoryPaths.corpusTestsEnabled, "needs ../shared/corpus"))
    func theFlutterAppsSummaryListsItsAllSizesSet() throws {
        guard let path = RepositoryPaths.corpusOrSkip(CorpusCatalog.shorebird.rawValue) else { return }
        let report = PackageInspector().inspect(path: path)
        let app = try #require(report.bundles.first { $0.kind == .app })
        let catalog = try #require(app.assetCatalog)
        #expect(catalog.problem == nil)
        #expect(catalog.namedIconSet == "AppIcon")
        #expect(catalog.renditionCount == 34)
        let set = try #require(catalog.namedSet)
        #expect(set.images.count == 20)
        #expect(Set(set.images.map(\.idiom)) == ["phone", "pad", "marketing"])
        #expect(set.images.contains { $0.idiom == "phone" && $0.points == .init(width: 60, height: 60) && $0.scale == 3 && $0.pixelWidth == 180 })
        let icon = try #require(catalog.appStoreIcon)
        #expect(icon.idiom == "marketing" && icon.pixelWidth == 1024 && icon.opaque == true && icon.transparentPixels == 0)
        #expect(icon.preview?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true)
        for rule in AssetCatalogWants.listingRules { #expect(report.findings(rule).isEmpty, "\(rule)") }
    }

    @Test(.enabled(if: RepositoryPaths.corpusTestsEnabled, "needs ../shared/corpus"))
    func theTVOSBrandAssetIsListedWithItsLayersAndTopShelfImages() throws {
        guard let path = RepositoryPaths.corpusOrSkip(CorpusCatalog.tv.rawValue) else { return }
        let report = PackageInspector().inspect(path: path)
        let catalog = try #require(report.bundles.first?.assetCatalog)
        #expect(catalog.namedIconSet == "App Icon")
        #expect(catalog.namedSet?.layerStacks == 1)
        // tvOS asks for a 1280×768 marketing image in "App Icon"; this build's catalog has no
        // marketing rendition at all (its source's App Store stack declares idiom tv).
        #expect(catalog.appStoreIcon == nil && catalog.appStoreIconExpected)
        // The layer stack's layers, bottom first, resolved to their facets: JPEG, 800×480 @2x.
        let stack = try #require(catalog.namedSet?.layeredImages.first)
        #expect(stack.pixelWidth == 400 && stack.pixelHeight == 240)
        #expect(stack.layers.map(\.name) == ["App Icon/Middle/Content", "App Icon/Front/Content"])
        #expect(stack.layers.map(\.role) == ["Middle", "Front"])
        #expect(stack.layers.flatMap(\.images).map { "\($0.format) \($0.pixelWidth)x\($0.pixelHeight)@\($0.scale)" } == ["JPEG 800x480@2", "JPEG 800x480@2"])
        // The top-shelf images the Info.plist names: JPEG, their size from the slices, opaque by format.
        #expect(catalog.topShelfImages.map(\.key) == ["TVTopShelfPrimaryImage", "TVTopShelfPrimaryImageWide"])
        #expect(catalog.topShelfImages.filter { !$0.held }.isEmpty)
        #expect(
            catalog.topShelfImages.flatMap(\.images).map { "\($0.format) \($0.pixelWidth)x\($0.pixelHeight) \($0.opaque == true)" } == [
                "JPEG 1920x720 true", "JPEG 2320x720 true",
            ])
        #expect(catalog.alternateIcons.isEmpty)
        // The one verdict: no App Store image stack anywhere in the catalog (none compiled
        // apart either), ITMS-90471; the top-shelf images are there, at Apple's 1x sizes, opaque.
        #expect(catalog.appStoreIconElsewhere == nil)
        let missing = report.findings(AppStoreIconMissingCheck.ruleID)
        #expect(missing.map(\.appleCodes) == [["ITMS-90471"]])
        #expect(missing.first?.message.contains("no 1280×768 App Store image stack") == true)
        for rule in AssetCatalogWants.listingRules where rule != AppStoreIconMissingCheck.ruleID {
            #expect(report.findings(rule).isEmpty, "\(rule)")
        }
    }

    @Test func aRunWithoutTheCatalogRulesDoesNotReadTheCatalog() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("Notes.ipa")
        try FixturePackage.ipa(.app("Notes", bundleIdentifier: "com.example.notes")).writeZip(to: path)
        let rules = RuleCatalogue.shipped.rules.filter { !AssetCatalogWants.listingRules.contains($0.id) }
        #expect(PackageInspector(rules: rules).inspect(path: path).bundles.allSatisfy { $0.assetCatalog == nil })
        let all = PackageInspector().inspect(path: path)
        #expect(all.bundles.first?.assetCatalog?.appStoreIcon?.opaque == true)
        // Without the alpha rule, the listing is read but not the pixels.
        let listingOnly = PackageInspector(rules: RuleCatalogue.shipped.rules.filter { $0.id != AppStoreIconAlphaCheck.ruleID }).inspect(path: path)
        let icon = try #require(listingOnly.bundles.first?.assetCatalog?.appStoreIcon)
        #expect(icon.opaque == nil && icon.preview == nil)
    }

    @Test func aCatalogInAFolderReadsAsInAZip() throws {
        let app = FixtureBundle.app("Notes", bundleIdentifier: "com.example.notes")
        let zipped = try inspect(.ipa(app))
        let directory = try TemporaryDirectory()
        try FixturePackage.app(app).writeDirectory(to: directory.path("Build"))
        let folder = PackageInspector().inspect(path: directory.path("Build/Notes.app"))
        let expected = try #require(zipped.bundles.first?.assetCatalog)
        #expect(expected.appStoreIcon?.opaque == true)
        #expect(folder.bundles.first?.assetCatalog?.appStoreIcon == expected.appStoreIcon)
        #expect(folder.bundles.first?.assetCatalog?.iconSets == expected.iconSets)
    }

    @Test func anAlphaIconIsCountedToThePixel() throws {
        var catalog = FixtureAssetCatalog.appIcon(pixels: .transparentPixel(x: 5, y: 7))
        catalog.layout = .indexAfterFirstBlocks
        let app = try FixtureBundle.app("Notes", bundleIdentifier: "com.example.notes").withAssetCatalog(catalog)
        let report = try inspect(.ipa(app))
        let icon = try #require(report.bundles.first?.assetCatalog?.appStoreIcon)
        #expect(icon.opaque == false)
        #expect(icon.transparentPixels == 1)
        #expect(icon.firstTransparentPixel == .init(x: 5, y: 7))
        let finding = try #require(report.findings(AppStoreIconAlphaCheck.ruleID).first)
        #expect(finding.message.contains("1 of its 1,048,576 pixels are not fully opaque (the first at x 5, y 7"))
        #expect(finding.appleCodes == ["ITMS-90717"])
    }

    @Test(arguments: [
        FixtureAssetCatalog.Hostile.truncated(length: 600), .renditionsTreeCycle, .wideTreeNode(count: 65535), .keyFormatCount(0xFFFF_FFFF),
    ])
    func aDamagedCatalogIsAFindingAndTheOtherRulesStillRun(_ damage: FixtureAssetCatalog.Hostile) throws {
        var catalog = FixtureAssetCatalog.appIcon()
        catalog.hostile = [damage]
        let app = try FixtureBundle.app("Notes", bundleIdentifier: "com.example.notes").setting("CFBundleVersion", to: .string("")).withAssetCatalog(catalog)
        let report = try inspect(.ipa(app))
        #expect(report.error == nil)
        let finding = try #require(report.findings(AssetCatalogMalformedCheck.ruleID).first, "\(damage)")
        #expect(finding.file == "Payload/Notes.app/Assets.car")
        #expect(finding.message.hasPrefix("the asset catalog Assets.car of Notes.app cannot be read: ") || finding.message.hasPrefix("the App Store icon"))
        #expect(!report.findings.filter { $0.rule.hasPrefix("version") }.isEmpty, "the version rules still ran")
        #expect(report.findings(AppStoreIconMissingCheck.ruleID).isEmpty && report.findings(AppIconSetMissingCheck.ruleID).isEmpty)
    }
}
