/// An Icon Composer icon's stack (layout 1019) or group (layout 1020) as Xcode 26's actool
/// writes them for the Mac (the corpus's icon-composer/Assets.car): a value of no pixels (format
/// `DATA`, colour space 0, an empty raw-data payload) whose properties list its layers, bottom
/// first, each another facet:
///
/// - 1012, the layer references, as a tvOS stack's (`AssetCatalogRenditionValue.layerReferences`):
///   the 4 bytes before each frame 0 here, a stack's frames empty (0×0), a group's layer's its
///   place on the 1024-point canvas;
/// - 1020: the count, 0, then per layer its kind, 0, and a name with its NUL, its length first
///   (a single NUL for none). The corpus's stacks give their fill kind 0 and their group kind 2,
///   its groups their layer kind 1, and the dark group names a gradient there (the light
///   icon's fill, which the dark icon paints its glyph with); so "kind" and "fill" are readings;
/// - 1021: the count, 0, then per layer five 32-bit values: all 0 but for a stack's group,
///   (1, 0.42, 3, 1.0, 0) where the source `icon.json` gives the group translucency enabled at
///   0.42 and a neutral shadow of opacity 1: read here as translucency on, its value, a shadow
///   kind, its opacity, and a value not known;
/// - 1004 (blend normal, opacity 1), on a stack 1005 (the UTI `public.layeredimage`), and 1006.
///
/// A stack is 1024×1024 at scale factor 100, named `<set>.iconstack`; a group 0×0 at 100,
/// named `IconGroup`.
struct AssetCatalogIconLayers: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case stack
        case group
    }

    struct Layer: Sendable, Hashable {
        /// The facet the layer shows, by name, and that facet's part.
        var facet: String
        var part: UInt16
        /// x, y, width, height on the canvas; all 0 for a stack's layers.
        var frame: [Int]
        /// 1020's kind (see the type's notes).
        var kind: UInt32
        /// 1020's name: a fill's facet, or "" for none.
        var fill: String
        /// 1021's five values, as bit patterns (floats for the second and fourth).
        var effects: [UInt32]
    }

    var kind: Kind
    var name: String
    var layers: [Layer]

    /// The value, each layer's facet named by its identifier (`identifiers`).
    func value(identifiers: [UInt16]) -> [UInt8] {
        typealias Value = AssetCatalogRenditionValue
        let le32 = AssetCatalogKeys.littleEndian32
        let count = le32(UInt32(layers.count)) + le32(0)
        var references = count
        var fills = count
        var effects = count
        for (layer, identifier) in zip(layers, identifiers) {
            references += Value.layerReference(part: layer.part, identifier: identifier, frame: layer.frame)
            let fill = Array(layer.fill.utf8) + [0]
            fills += le32(layer.kind) + le32(0) + le32(UInt32(fill.count)) + fill
            effects += layer.effects.flatMap(le32)
        }
        var tlvs: [(tag: Value.Tag, data: [UInt8])] = [
            (.layerReferences, references), (.iconLayerFills, fills), (.iconLayerEffects, effects), (.composition, Value.composition(opacity: 1)),
        ]
        if kind == .stack {
            tlvs.append((.uti, Value.uti("public.layeredimage")))
        }
        tlvs.append((.bitmapInfo, Value.bitmapInfo))
        let side = kind == .stack ? 1024 : 0
        return Value.value(
            width: side, height: side, scale: 1, pixelFormat: Value.pixelFormatData, colorSpace: 0, layout: kind == .stack ? .iconStack : .iconGroup,
            name: name, tlvs: tlvs, payload: Value.rawData([]))
    }
}
