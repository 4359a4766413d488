import Testing

@testable import BundleCheckFixtures
@testable import BundleCheckFormats

/// The catalogue each platform's fixture app carries by default (`FixtureAssetCatalogDefaults`),
/// and what its Info.plist names in it.
@Suite struct AssetCatalogWriterDefaultsTests {
    typealias Support = AssetCatalogLayeredTestSupport

    static func app(_ platform: FixturePlatform) -> FixtureBundle {
        FixtureBundle.app("Notes", bundleIdentifier: "com.example.notes").built(for: platform)
    }

    @Test func aTVOSAppCarriesTheBrandAssetAndNamesItsIconAndTopShelfImages() throws {
        let app = Self.app(.tvOS)
        let bytes = try #require(app.files.first { $0.path == "Assets.car" }?.contents)
        #expect(bytes == (try FixtureAssetCatalog.brandAsset().bytes()))
        let reading = try Support.read(bytes)
        #expect(app.infoPlist["CFBundleIcons"]?.dictionaryValue?["CFBundlePrimaryIcon"]?.stringValue == "App Icon")
        #expect(reading.catalog.facet(named: "App Icon") != nil)
        let topShelf = try #require(app.infoPlist["TVTopShelfImage"]?.dictionaryValue)
        #expect(topShelf.entries.map(\.key) == ["TVTopShelfPrimaryImage", "TVTopShelfPrimaryImageWide"])
        for entry in topShelf.entries {
            let name = try #require(entry.value.stringValue)
            #expect(reading.catalog.facet(named: name) != nil, "\(entry.key) names \(name), a facet of the catalogue")
        }
        for platform in [FixturePlatform.iOS, .visionOS, .watchOS, .macOS] {
            #expect(Self.app(platform).infoPlist["TVTopShelfImage"] == nil, "\(platform.name)")
        }
    }

    @Test func aVisionOSAppCarriesTheLayeredIconItsPlistNames() throws {
        let app = Self.app(.visionOS)
        let bytes = try #require(app.files.first { $0.path == "Assets.car" }?.contents)
        #expect(bytes == (try FixtureAssetCatalog.layeredIcon().bytes()))
        let name = try #require(app.infoPlist["CFBundleIcons"]?.dictionaryValue?["CFBundlePrimaryIcon"]?.dictionaryValue?["CFBundleIconName"]?.stringValue)
        let reading = try Support.read(bytes)
        #expect(try reading.catalog.iconSet(named: name, in: reading.store)?.layerStacks.count == 1)
    }

    @Test func aWatchAppKeepsTheUniversalSingleSizeGuess() throws {
        let bytes = try #require(Self.app(.watchOS).files.first { $0.path == "Assets.car" }?.contents)
        let catalog = FixtureAssetCatalog(iconSets: [.singleSizeUniversal(pixels: .flat)], deploymentPlatform: "watchos")
        #expect(bytes == (try catalog.bytes()))
    }

    @Test func anIOSAppCarriesActoolsPhoneShape() throws {
        let bytes = try #require(Self.app(.iOS).files.first { $0.path == "Assets.car" }?.contents)
        #expect(bytes == (try FixtureAssetCatalog.appIcon(pixels: .flat).bytes()))
        let reading = try Support.read(bytes)
        let set = try #require(try reading.catalog.iconSet(named: "AppIcon", in: reading.store))
        #expect(set.images.map(\.idiom) == [.phone] && set.images.map(\.pixelWidth) == [1024])
        #expect(set.images.first?.pointSize?.width == 1024, "its size list gives it 1024 points")
    }

    /// The defaults are written once a run, and often read: they stay small and quick (flat
    /// pixels, JPEG headers). The times are printed for the record; the bound is loose, for
    /// a loaded machine's debug build.
    @Test func theDefaultCataloguesAreSmallAndQuickToWrite() throws {
        for (name, catalog) in [("tvOS", FixtureAssetCatalog.brandAsset()), ("visionOS", .layeredIcon())] {
            let clock = ContinuousClock()
            var bytes: [UInt8] = []
            let elapsed = try clock.measure { bytes = try catalog.bytes() }
            print("the default \(name) catalogue: \(bytes.count) bytes in \(elapsed)")
            #expect(bytes.count < 128 << 10, "\(name): \(bytes.count) bytes")
            #expect(elapsed < .seconds(60), "\(name): \(elapsed)")
        }
    }
}
