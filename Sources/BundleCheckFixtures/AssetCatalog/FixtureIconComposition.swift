/// The layered part of an Icon Composer icon (an `.icon` document: Liquid Glass layers and
/// groups) as Xcode 26's actool compiles it for the Mac, beside the flattened fallback images
/// of its icon set (`FixtureIconSet.iconComposerMac`), after the corpus's icon-composer
/// catalogue (one group of one SVG layer over an automatic gradient):
///
/// - in the set's facet, whose part is then 245: per appearance, an icon stack (layout 1019,
///   part 245, `<set>.iconstack`) of two layers, the background fill (a gradient facet, part
///   247) and the group (`AssetCatalogIconLayers`). The corpus has stacks for the dark (1),
///   light (8) and tinted (10) appearances and none for appearance 0;
/// - the facet `<set>/<group>` (part 246), per appearance an icon group (layout 1020) of one
///   layer, the glyph (an SVG facet, part 181) at `glyphFrame`.
///
/// The light and tinted stacks are filled with `<set>_Assets/Gradient-1`, the dark one with
/// `<set>_Assets/Gradient-2`, its glyph painted with `Gradient-1`, as in the corpus. The
/// gradients (part 247, layout 1021), the colours they name and one they do not
/// (`<set>_Assets/Color-1` to `-4`, part 217, layout 1009) and the glyph's SVG
/// (`<set>_Assets/<glyph>`, part 181, layout 9) are facets of their own, as there
/// (`AssetCatalogIconPart`); the glyph is a square of this project's, not the corpus's drawing.
public struct FixtureIconComposition: Sendable, Hashable, Codable {
    /// One stack and one group each, in this order: the dark, light and tinted Mac appearances.
    public var appearances: [FixtureAppearance]
    /// The group's name in the `.icon` document: its facet is `<set>/<group>`.
    public var group: String
    /// The group's one layer, an SVG in the document: its (left out) facet is `<set>_Assets/<glyph>`.
    public var glyph: String
    /// The glyph's place on the 1024-point canvas: x, y, width, height.
    public var glyphFrame: [Int]
    /// The group's translucency, from 0 to 1, enabled.
    public var translucency: Float
    /// The appearance 0 its gradients, colours and glyph are in: the Mac's
    /// `NSAppearanceNameSystem`, as in the corpus; `UIAppearanceAny` in an iOS catalogue.
    public var partsAppearance: FixtureAppearance

    public init(
        appearances: [FixtureAppearance] = [.macDark, .macLight, .macTinted], group: String = "Group", glyph: String = "Glyph",
        glyphFrame: [Int] = [256, 256, 512, 512], translucency: Float = 0.5, partsAppearance: FixtureAppearance = .macSystem
    ) {
        self.partsAppearance = partsAppearance
        self.appearances = appearances
        self.group = group
        self.glyph = glyph
        self.glyphFrame = glyphFrame
        self.translucency = translucency
    }
}
