import Foundation
import Testing

@testable import BundleCheckFormats

/// The corpus's Icon Composer catalog (Xcode 26.0, macOS; no licence, read at test time) read
/// whole: its stacks per appearance, the group, the SVG layer, the gradients and colours.
@Suite struct CorpusIconComposerTests {
    static func catalog() throws -> (AssetCatalog, BOMStore)? {
        guard let path = RepositoryPaths.corpusOrSkip("icon-composer/Assets.car") else { return nil }
        let store = try BOMStore(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        return (try AssetCatalog.read(store), store)
    }

    @Test func theIconIsReadWhole() throws {
        guard let (catalog, store) = try Self.catalog() else { return }
        let icon = try #require(try catalog.iconComposerIcon(named: "AppIcon", in: store))
        #expect(Set(icon.stacks.compactMap(\.appearance)) == ["NSAppearanceNameDarkAqua", "NSAppearanceNameAqua", "ISAppearanceTintable"])
        #expect(icon.stacks.allSatisfy { $0.width == 1024 && $0.height == 1024 && $0.name == "AppIcon" })
        // Each stack draws its fill, a gradient, then the group.
        let dark = try #require(icon.stacks.first { $0.appearance == "NSAppearanceNameDarkAqua" })
        #expect(dark.layers.map(\.part) == [247, 246] && dark.layers.map(\.name) == ["AppIcon_Assets/Gradient-2", "AppIcon/Group"])
        let light = try #require(icon.stacks.first { $0.appearance == "NSAppearanceNameAqua" })
        #expect(light.layers.map(\.name) == ["AppIcon_Assets/Gradient-1", "AppIcon/Group"])
        // Properties 1020 and 1021 are kept as they are, with their lengths.
        #expect(dark.opaqueProperties.map(\.type) == [1020, 1021] && dark.opaqueProperties.map(\.bytes.count) == [34, 48])

        #expect(icon.groupNames == ["AppIcon/Group"] && icon.groups.count == 3)
        let group = try #require(icon.groups.first)
        #expect(group.layers.map(\.name) == ["AppIcon_Assets/4D"] && group.layers.map(\.part) == [181])
        #expect(group.layers.first?.frame == CARFrame(x: 140, y: 246, width: 744, height: 531))

        let vector = try #require(icon.vectorLayers.first)
        #expect(icon.vectorLayers.count == 1 && vector.name == "AppIcon_Assets/4D")
        // The compiled SVG is the .icon's 4D.svg, byte for byte as long.
        let source = try #require(RepositoryPaths.corpusOrSkip("icon-composer/4D.svg"))
        let svgSize = try FileManager.default.attributesOfItem(atPath: source)[.size] as? Int
        #expect(vector.image.isSVG && vector.image.compressed && vector.image.decodedBytes == svgSize && vector.image.storedBytes == 1230)

        #expect(icon.gradients.map(\.name).sorted() == ["AppIcon_Assets/Gradient-1", "AppIcon_Assets/Gradient-2"])
        let two = try #require(icon.gradients.first { $0.name == "AppIcon_Assets/Gradient-2" }).gradient
        #expect(two.stops.map(\.colorName) == ["AppIcon_Assets/Color-3", "AppIcon_Assets/Color-4"] && two.stops.map(\.location) == [0, 1])
        #expect(two.start == CARGradient.Point(x: 0.5, y: 0) && two.end == CARGradient.Point(x: 0.5, y: 1))
        #expect(icon.colors.map(\.name).sorted() == ["AppIcon_Assets/Color-1", "AppIcon_Assets/Color-2", "AppIcon_Assets/Color-3", "AppIcon_Assets/Color-4"])
    }
}
