extension FixtureIconComposition {
    /// What the composition of the set `set` compiles to (see the type's notes): the stacks,
    /// renditions of the set's own facet, the group's facet, and the facets of its gradients,
    /// colours and glyph.
    func compiled(
        for set: String
    ) throws(AssetCatalogWriterError) -> (stacks: [AssetCatalogLayeredFacet.Rendition], group: AssetCatalogLayeredFacet, parts: [AssetCatalogLayeredFacet]) {
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
        return (stacks, AssetCatalogLayeredFacet(name: groupFacet, renditions: groups, part: AssetCatalogKeys.partIconGroup), parts(assets))
    }

    /// The corpus's two gradients (the light fill of one colour, the dark one of two), its four
    /// colours, and the glyph: an SVG of this project's (a square of the glyph's frame).
    private func parts(_ assets: String) -> [AssetCatalogLayeredFacet] {
        func facet(_ name: String, _ part: AssetCatalogIconPart, _ keyPart: UInt16) -> AssetCatalogLayeredFacet {
            let rendition = AssetCatalogLayeredFacet.Rendition(
                idiom: .universal, keyScale: 1, part: keyPart, content: .iconPart(part, facet: assets + name), appearance: partsAppearance)
            return AssetCatalogLayeredFacet(name: assets + name, renditions: [rendition], part: keyPart)
        }
        // actool writes the .icon's 32-bit components as 64-bit floats (0.891 as 0.890999972…).
        let colors: [(String, UInt32, [Float])] = [
            ("Color-1", 6, [1, 1]), ("Color-2", 3, [0.891, 0.421, 0.278, 1]), ("Color-3", 2, [0.192, 1]), ("Color-4", 2, [0.078, 1]),
        ]
        let svg =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(glyphFrame[2])\" height=\"\(glyphFrame[3])\">"
            + "<rect width=\"100%\" height=\"100%\" fill=\"#000\"/></svg>\n"
        return [
            facet(glyph, .vector(svg: Array(svg.utf8)), AssetCatalogKeys.partImage),
            facet("Gradient-1", .gradient(stops: [.init(location: 0, color: assets + "Color-2")]), AssetCatalogKeys.partGradient),
            facet(
                "Gradient-2", .gradient(stops: [.init(location: 0, color: assets + "Color-3"), .init(location: 1, color: assets + "Color-4")]),
                AssetCatalogKeys.partGradient),
        ] + colors.map { facet($0.0, .color(flags: $0.1, components: $0.2.map(Double.init)), AssetCatalogKeys.partColor) }
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
        guard partsAppearance.id == 0 else { throw fail("the parts' appearance is \(partsAppearance.id), not 0") }
    }
}
