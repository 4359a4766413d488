import Testing

@testable import BundleCheckFixtures
@testable import BundleCheckFormats

/// The shapes actool gives single-size and Icon Composer icons (`FixtureIconSet.singleSize`,
/// `iconComposerMac`), read back with the project's reader: every idiom and appearance asked
/// for, the names `APPEARANCEKEYS` lists, the keys each format holds. What the corpus's files
/// confirm of them is in `AssetCatalogWriterActoolCorpusTests`; phone and pad together, and the
/// dark and tinted icons, no real file shows.
@Suite struct AssetCatalogWriterActoolShapesTests {
    typealias Support = AssetCatalogLayeredTestSupport

    /// `APPEARANCEKEYS` as (name, number), in the tree's order.
    static func appearances(_ bytes: [UInt8]) throws -> [(String, UInt16)] {
        let store = try BOMStore(bytes: bytes)
        return try store.tree("APPEARANCEKEYS").pairs(in: store).map {
            (String(decoding: $0.key.bytes, as: UTF8.self), AssetCatalogTestSupport.littleEndian16($0.value.bytes, 0))
        }
    }

    static func attributes(_ rendition: CARRendition) -> [CARAttribute: UInt16] {
        Dictionary(uniqueKeysWithValues: zip(rendition.key.format, rendition.key.values).filter { $0.1 != 0 })
    }

    @Test func aUniversalAppsSetHasAnIconAndASizeListPerIdiom() throws {
        let reading = try Support.read(FixtureAssetCatalog.appIcon(idioms: [.phone, .pad], pixels: .flat))
        let renditions = try reading.renditions("AppIcon")
        #expect(renditions.count == 4)
        for idiom in [CARIdiom.phone, .pad] {
            let own = renditions.filter { $0.key.idiom == idiom }
            #expect(own.map(\.header.layout).sorted { $0.rawValue < $1.rawValue } == [.onePartScale, .multisizeImageSet], "\(idiom)")
            let sizes = try #require(own.first { $0.header.layout == .multisizeImageSet })
            guard case .multisizeImageSet(let set) = try reading.catalog.payload(of: sizes, in: reading.store) else {
                Issue.record("\(idiom): no size list")
                continue
            }
            #expect(set.entries.map { [$0.width, $0.height, UInt32($0.index)] } == [[1024, 1024, 1]])
        }
        let set = try #require(try reading.catalog.iconSet(named: "AppIcon", in: reading.store))
        #expect(set.images.map(\.idiom) == [.phone, .pad] && set.images.allSatisfy { $0.pointSize?.width == 1024 })
        #expect(set.images.map(\.rendition.header.name) == ["Icon-App-1024x1024@1x.png", "Icon-App-1024x1024@1x~pad.png"])
        #expect(try Self.appearances(reading.bytes).map(\.0) == ["UIAppearanceAny"])
    }

    @Test func darkAndTintedIconsAreKeyedByTheirAppearanceAndListedByName() throws {
        let bytes = try FixtureAssetCatalog.appIcon(appearances: [.dark, .tinted], pixels: .flat).bytes()
        #expect(try Self.appearances(bytes).map { "\($0.0)=\($0.1)" } == ["ISAppearanceTintable=10", "UIAppearanceAny=0", "UIAppearanceDark=1"])
        let reading = try Support.read(bytes)
        let icons = try reading.renditions("AppIcon").filter { $0.key[.part] == 220 }
        #expect(icons.map { $0.key[.appearance] } == [0, 1, 10], "sorted by key, the appearance first")
        #expect(icons.allSatisfy { $0.key[.dimension2] == 1 && $0.key[.displayGamut] == 1 && $0.key.idiom == .phone && $0.header.width == 1024 })
        #expect(icons.map(\.header.name) == ["Icon-App-1024x1024@1x.png", "Icon-App-Dark-1024x1024@1x.png", "Icon-App-Tintable-1024x1024@1x.png"])
        let sizes = try reading.renditions("AppIcon").filter { $0.key[.part] == 218 }
        #expect(sizes.count == 1 && sizes[0].key[.appearance] == 0, "one size list, of appearance 0")
    }

    @Test func anAbsentAnyIconKeepsTheVariants() throws {
        let bytes = try FixtureAssetCatalog.appIcon(appearances: [.dark], pixels: nil).bytes()
        let reading = try Support.read(bytes)
        let icons = try reading.renditions("AppIcon").filter { $0.key[.part] == 220 }
        #expect(icons.map { $0.key[.appearance] } == [1], "a set whose only 1024 image is dark")
        #expect(try reading.renditions("AppIcon").filter { $0.key[.part] == 218 }.count == 1, "its size list stays")
        #expect(try Self.appearances(bytes).map(\.0) == ["UIAppearanceAny", "UIAppearanceDark"], "0 named for the size list")
        #expect(throws: AssetCatalogWriterError.noRenditions(set: "AppIcon")) { try FixtureAssetCatalog.appIcon(pixels: nil).bytes() }
    }

    @Test func theOldUniversalShapeIsStillWritten() throws {
        let reading = try Support.read(FixtureAssetCatalog(iconSets: [.singleSizeUniversal(pixels: .flat)]))
        #expect(reading.catalog.keyFormat.attributes == [.scale, .idiom, .subtype, .dimension2, .dimension1, .identifier, .element, .part])
        let icons = try reading.renditions("AppIcon").filter { $0.key[.part] == 220 }
        #expect(icons.count == 1 && icons[0].key.idiom == .universal && icons[0].key[.dimension2] == 0)
    }

    @Test func aCatalogueWithoutAKeyFormatTakesTheOneItsRenditionsNeed() throws {
        func format(_ catalog: FixtureAssetCatalog) throws -> [CARAttribute] { try Support.read(catalog).catalog.keyFormat.attributes }
        let formats = try [
            format(FixtureAssetCatalog(iconSets: [.singleSize(pixels: .flat)])), format(FixtureAssetCatalog(iconSets: [.allSizes(pixels: .flat)])),
            format(FixtureAssetCatalog(iconSets: [.iconComposerMac(fallbacks: .without1024, pixels: .flat)])),
        ]
        #expect(formats.map(\.count) == [10, 8, 10])
        #expect(formats[0].contains(.displayGamut) && formats[1].contains(.dimension1) && formats[2].contains(.previousValue))
    }

    @Test func keysAFormatCannotHoldAndTwoNamesForAnAppearanceThrow() {
        var dark = FixtureAssetCatalog.appIcon(appearances: [.dark], pixels: nil)
        dark.keyFormat = .xcode14_3
        #expect(
            throws: AssetCatalogWriterError.invalidRendition(
                set: "AppIcon", file: "Icon-App-Dark-1024x1024@1x.png", reason: "the key format xcode14_3 has no appearance, displayGamut")
        ) { try dark.bytes() }
        var phoneOnMac = FixtureAssetCatalog.iconComposer(.iconComposerMac(fallbacks: .without1024, pixels: .flat))
        phoneOnMac.imageSets = [FixtureImageSet(name: "Logo", renditions: [FixtureIconRendition(idiom: .phone, points: 8, scale: 1, appearance: .macSystem)])]
        #expect(throws: AssetCatalogWriterError.invalidRendition(set: "Logo", file: "Icon-App-8x8@1x.png", reason: "the key format xcode26Mac has no idiom")) {
            try phoneOnMac.bytes()
        }
        // Two packing sets: a second atlas per group is dimension1 1, which Xcode 16.4's keys lack.
        let twoAtlases = FixtureAssetCatalog(iconSets: [.allSizes("A"), .allSizes("B")], keyFormat: .xcode16_4)
        #expect(throws: AssetCatalogWriterError.invalidRendition(set: "B", file: "ZZZZPackedAsset", reason: "the key format xcode16_4 has no dimension1")) {
            try twoAtlases.bytes()
        }
        let midnight = FixtureAssetCatalog(iconSets: [
            FixtureIconSet(
                name: "AppIcon",
                renditions: [
                    FixtureIconRendition(idiom: .phone, points: 8, scale: 1, appearance: FixtureAppearance(name: "Midnight", id: 1)),
                    FixtureIconRendition(idiom: .pad, points: 8, scale: 1, appearance: .dark),
                ])
        ])
        #expect(throws: AssetCatalogWriterError.invalidAsset(name: "APPEARANCEKEYS", reason: "appearance 1 is named both Midnight and UIAppearanceDark")) {
            try midnight.bytes()
        }
        var clash = FixtureAssetCatalog.iconComposer(.iconComposerMac(fallbacks: .without1024, pixels: .flat))
        clash.imageSets = [FixtureImageSet(name: "Logo", renditions: [FixtureIconRendition(idiom: .universal, points: 8, scale: 1)])]
        #expect(
            throws: AssetCatalogWriterError.invalidAsset(
                name: "APPEARANCEKEYS", reason: "appearance 0 is named both NSAppearanceNameSystem and UIAppearanceAny")
        ) { try clash.bytes() }
    }

    @Test func anIconComposerIconHasStacksAGroupAndFallbacks() throws {
        let bytes = try FixtureAssetCatalog.iconComposer(.iconComposerMac(pixels: .flat)).bytes()
        let reading = try Support.read(bytes)
        #expect(
            reading.catalog.header.coreUIVersion == 968 && reading.catalog.header.keySemantics == 1 && reading.catalog.extendedMetadata?.platform == "macosx")
        let parts = ["Color-1", "Color-2", "Color-3", "Color-4", "Glyph", "Gradient-1", "Gradient-2"].map { "AppIcon_Assets/" + $0 }
        #expect(reading.catalog.facets.map(\.name) == ["AppIcon", "AppIcon/Group"] + parts)
        #expect(try reading.facet("AppIcon")[.part] == 245 && (try reading.facet("AppIcon/Group")[.part]) == 246)
        #expect(
            try Self.appearances(bytes).map { "\($0.0)=\($0.1)" }
                == ["ISAppearanceTintable=10", "NSAppearanceNameAqua=8", "NSAppearanceNameDarkAqua=1", "NSAppearanceNameSystem=0"])

        let icon = try reading.renditions("AppIcon")
        let fallbacks = icon.filter { $0.key[.part] == 220 }
        #expect(fallbacks.map { $0.key[.dimension2] } == Array(1...7) && fallbacks.allSatisfy { $0.key[.scale] == 2 && $0.key[.appearance] == 0 })
        #expect(fallbacks.map(\.header.width) == [32, 64, 128, 256, 512, 1024, 2048])
        #expect(fallbacks.map(\.header.layout) == [.internalLink, .internalLink, .internalLink, .onePartScale, .onePartScale, .onePartScale, .onePartScale])
        let atlas = try #require(reading.catalog.renditions.first { $0.key[.element] == 9 })
        #expect(atlas.header.name == "ZZZZPackedAsset-2.0.0-gamut0" && Self.attributes(atlas) == [.element: 9, .part: 181, .scale: 2])
        for link in fallbacks.compactMap(\.internalLink) { #expect(reading.catalog.target(of: link)?.block == atlas.block) }
        guard case .pixels(let pixels) = try reading.catalog.payload(of: fallbacks[6], in: reading.store) else {
            Issue.record("no pixels")
            return
        }
        #expect(pixels.version == 1 && pixels.isChunked, "Xcode 26's CELM version")
        let sizes = try #require(icon.first { $0.key[.part] == 218 })
        guard case .multisizeImageSet(let set) = try reading.catalog.payload(of: sizes, in: reading.store) else {
            Issue.record("no size list")
            return
        }
        #expect(set.entries.map(\.width) == [16, 32, 64, 128, 256, 512, 1024] && set.entries.map(\.index) == Array(1...7))

        let stacks = icon.filter { $0.key[.part] == 245 }
        #expect(
            stacks.map { $0.key[.appearance] } == [1, 8, 10] && stacks.allSatisfy { $0.header.layout.rawValue == 1019 && $0.header.name == "AppIcon.iconstack" }
        )
        let groups = try reading.renditions("AppIcon/Group")
        #expect(groups.map { $0.key[.appearance] } == [1, 8, 10] && groups.allSatisfy { $0.header.layout.rawValue == 1020 && $0.header.name == "IconGroup" })
        for stack in stacks {
            let fill = stack.key[.appearance] == 1 ? "AppIcon_Assets/Gradient-2" : "AppIcon_Assets/Gradient-1"
            #expect(reading.catalog.layers(of: stack).map(\.facetName) == [fill, "AppIcon/Group"], "the fill, the group")
            #expect(stack.layers.map { $0.key.first { $0.attribute == .part }?.value } == [247, 246])
        }
        let fill = stacks[0].layers[0].key.first { $0.attribute == .identifier }?.value
        #expect(fill == AssetCatalogKeys.identifier(for: "AppIcon_Assets/Gradient-2"), "the dark stack's fill, by the identifier its facet would have")
        #expect(groups.allSatisfy { $0.layers.map(\.frame) == [CARFrame(x: 256, y: 256, width: 512, height: 512)] })
        let set2 = try #require(try reading.catalog.iconSet(named: "AppIcon", in: reading.store))
        #expect(set2.images.count == 7 && set2.images.map { $0.pointSize?.width } == [16, 32, 64, 128, 256, 512, 1024])

        // Read whole, as the corpus's is: the glyph's SVG decodes, the gradients name the colours.
        let whole = try #require(try reading.catalog.iconComposerIcon(named: "AppIcon", in: reading.store))
        #expect(whole.groupNames == ["AppIcon/Group"] && whole.groups.allSatisfy { $0.layers.map(\.name) == ["AppIcon_Assets/Glyph"] })
        #expect(whole.vectorLayers.map(\.name) == ["AppIcon_Assets/Glyph"] && whole.vectorLayers.allSatisfy { $0.image.isSVG && $0.image.compressed })
        #expect(Set(whole.gradients.flatMap { $0.gradient.stops.map(\.colorName) }) == Set(parts.filter { $0.contains("Color-") && !$0.hasSuffix("-1") }))
        #expect(whole.colors.map(\.name).sorted() == parts.filter { $0.contains("Color-") })
    }

    /// The stacks alone, as a catalog built without fallbacks (Xcode 26.0's flag) holds them:
    /// no image, no size list, the icon still read whole.
    @Test func withoutFallbacksTheSetIsItsStacks() throws {
        let reading = try Support.read(FixtureAssetCatalog.iconComposer(.iconComposerMac(fallbacks: .none)))
        let icon = try reading.renditions("AppIcon")
        #expect(icon.count == 3 && icon.allSatisfy { $0.header.layout == .iconStack })
        let set = try #require(try reading.catalog.iconSet(named: "AppIcon", in: reading.store))
        #expect(set.images.isEmpty && set.iconStacks.count == 3)
        let whole = try #require(try reading.catalog.iconComposerIcon(named: "AppIcon", in: reading.store))
        #expect(whole.stacks.count == 3 && whole.groupNames == ["AppIcon/Group"] && whole.vectorLayers.count == 1)
    }

    /// The iOS shape (no real file confirms it): stacks in UIAppearanceDark, Any and Tintable,
    /// a single-size set's 1024-pixel image per idiom and appearance as the fallbacks, the
    /// parts in UIAppearanceAny, written in Xcode 16.4's iOS key format.
    @Test func anIOSIconComposerIconHasItsStacksAndSingleSizeFallbacks() throws {
        let reading = try Support.read(FixtureAssetCatalog.iconComposerIOS([.iconComposerIOS(idioms: [.phone, .pad])]))
        #expect(reading.catalog.appearances.values.sorted() == ["ISAppearanceTintable", "UIAppearanceAny", "UIAppearanceDark"])
        let set = try #require(try reading.catalog.iconSet(named: "AppIcon", in: reading.store))
        #expect(set.iconStacks.count == 3 && set.iconStacks.allSatisfy { $0.header.width == 1024 })
        #expect(set.images.count == 6 && set.images.allSatisfy { $0.pixelWidth == 1024 && $0.scale == 1 && $0.pointSize?.width == 1024 })
        #expect(Set(set.images.map(\.idiom)) == [.phone, .pad])
        let whole = try #require(try reading.catalog.iconComposerIcon(named: "AppIcon", in: reading.store))
        #expect(whole.stacks.compactMap(\.appearance).sorted() == ["ISAppearanceTintable", "UIAppearanceAny", "UIAppearanceDark"])
        #expect(whole.groupNames == ["AppIcon/Group"] && whole.gradients.count == 2 && whole.colors.count == 4 && whole.vectorLayers.count == 1)
        // Stacks alone: no image at all.
        let bare = try Support.read(FixtureAssetCatalog.iconComposerIOS([.iconComposerIOS(fallbacks: .none)]))
        let stacks = try #require(try bare.catalog.iconSet(named: "AppIcon", in: bare.store))
        #expect(stacks.images.isEmpty && stacks.iconStacks.count == 3)
    }

    @Test func withoutThe1024FallbacksTheSizeListHasFiveSizes() throws {
        let reading = try Support.read(FixtureAssetCatalog.iconComposer(.iconComposerMac(fallbacks: .without1024, pixels: .flat)))
        let icon = try reading.renditions("AppIcon")
        #expect(icon.filter { $0.key[.part] == 220 }.map(\.header.width) == [32, 64, 128, 256, 512])
        let sizes = try #require(icon.first { $0.key[.part] == 218 })
        guard case .multisizeImageSet(let set) = try reading.catalog.payload(of: sizes, in: reading.store) else {
            Issue.record("no size list")
            return
        }
        #expect(set.entries.map(\.width) == [16, 32, 64, 128, 256])
        #expect(icon.filter { $0.key[.part] == 245 }.count == 3, "the stacks stay")
    }

    @Test func actoolsPartialICNSHoldsItsFourImagesInItsOrder() throws {
        let bytes = ICNSWriter.actoolPartial()
        let file = try ICNSFile.read(bytes)
        #expect(file.elements.map(\.type) == ["ic13", "ic11", "ic04", "ic07"])
        #expect(file.images.map(\.encoding) == [.png(width: 256, height: 256), .png(width: 32, height: 32), .rawARGB, .png(width: 128, height: 128)])
        #expect(file.images.allSatisfy { $0.matchesItsType })
        // The ARGB planes decode to 16×16 of each channel.
        let argb = try #require(file.elements.first { $0.type == "ic04" })
        var planes: [UInt8] = []
        var at = argb.offset + 12
        while at < argb.offset + argb.length {
            let count = Int(bytes[at])
            if count < 0x80 {
                planes += bytes[(at + 1)...(at + count + 1)]
                at += count + 2
            } else {
                planes += [UInt8](repeating: bytes[at + 1], count: count - 125)
                at += 2
            }
        }
        #expect(planes.count == 4 * 256 && planes.prefix(256).allSatisfy { $0 == 255 }, "opaque: the alpha plane first")
    }

    @Test func aMacAppCarriesItsIconComposerIconAndThePartialICNS() throws {
        let catalog = FixtureAssetCatalog.iconComposer(.iconComposerMac(fallbacks: .without1024, pixels: .flat))
        let app = try FixtureBundle.app("Notes", bundleIdentifier: "com.example.notes").built(for: .macOS).withIconComposerIcon(catalog)
        #expect(app.files.first { $0.path == "Resources/Assets.car" }?.contents == (try catalog.bytes()))
        #expect(app.files.filter { $0.path == "Resources/AppIcon.icns" }.map(\.contents) == [ICNSWriter.actoolPartial()])
        #expect(app.infoPlist["CFBundleIconFile"]?.stringValue == "AppIcon" && app.infoPlist["CFBundleIconName"]?.stringValue == "AppIcon")
        // A rule example says the same in its files.
        let node = try #require(try YAMLParser.parse(Array("- {path: Resources/AppIcon.icns, icns: actool-partial}\n".utf8), file: "example.yml"))
        #expect(try FixtureDescription.files(node, platform: .macOS).map(\.contents) == [ICNSWriter.actoolPartial()])
    }
}
