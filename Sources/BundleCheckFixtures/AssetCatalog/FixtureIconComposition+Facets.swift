extension FixtureIconComposition {
    /// What the composition of the set `set` compiles to (see the type's notes): the stacks,
    /// renditions of the set's own facet, and the group's facet.
    func compiled(for set: String) throws(AssetCatalogWriterError) -> (stacks: [AssetCatalogLayeredFacet.Rendition], group: AssetCatalogLayeredFacet) {
        try validate(set)
        let groupFacet = "\(set)/\(group)"
        let assets = "\(set)_Assets/"
        let none: [UInt32] = [0, 0, 0, 0, 0]
        var stacks: [AssetCatalogLayeredFacet.Rendition] = []
        var groups: [AssetCatalogLayeredFacet.Rendition] = []
        for appearance in appearances {
            let dark = appearance.id == FixtureAppearance.macDark.id
            let stack = AssetCatalogIconLayers(
                kind: .stack, name: "\(set).iconstack",
                layers: [
                    .init(
                        facet: assets + (dark ? "Gradient-2" : "Gradient-1"), part: AssetCatalogKeys.partGradient, frame: [0, 0, 0, 0], kind: 0, fill: "",
                        effects: none),
                    .init(
                        facet: groupFacet, part: AssetCatalogKeys.partIconGroup, frame: [0, 0, 0, 0], kind: 2, fill: "",
                        effects: [1, translucency.bitPattern, 3, Float(1).bitPattern, 0]),
                ])
            stacks.append(.init(idiom: .universal, keyScale: 1, part: AssetCatalogKeys.partIconStack, content: .iconLayers(stack), appearance: appearance))
            let layers = AssetCatalogIconLayers(
                kind: .group, name: "IconGroup",
                layers: [
                    .init(
                        facet: assets + glyph, part: AssetCatalogKeys.partImage, frame: glyphFrame, kind: 1, fill: dark ? assets + "Gradient-1" : "",
                        effects: none)
                ])
            groups.append(.init(idiom: .universal, keyScale: 1, part: AssetCatalogKeys.partIconGroup, content: .iconLayers(layers), appearance: appearance))
        }
        return (stacks, AssetCatalogLayeredFacet(name: groupFacet, renditions: groups, part: AssetCatalogKeys.partIconGroup))
    }

    private func validate(_ set: String) throws(AssetCatalogWriterError) {
        func fail(_ reason: String) -> AssetCatalogWriterError { .invalidAsset(name: set, reason: reason) }
        guard !appearances.isEmpty else { throw fail("an Icon Composer icon with no appearance") }
        if let twice = appearances.first(where: { one in appearances.filter { $0.id == one.id }.count > 1 }) {
            throw fail("two stacks of appearance \(twice.id)")
        }
        guard !group.isEmpty, !glyph.isEmpty else { throw fail("a group or layer with no name") }
        guard glyphFrame.count == 4, glyphFrame.allSatisfy({ (0...65535).contains($0) }) else {
            throw fail("the glyph's frame is x, y, width, height from 0 to 65535")
        }
        guard (0...1).contains(translucency) else { throw fail("translucency \(translucency); 0 to 1") }
    }
}
