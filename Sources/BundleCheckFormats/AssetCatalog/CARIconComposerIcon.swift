/// An Icon Composer icon (Xcode 26's `.icon`, Liquid Glass) as actool compiles it into a
/// catalog, read whole: what no tool off macOS reads.
///
/// In the corpus's catalog (Xcode 26.0, macOS) an icon `AppIcon` is:
/// - an icon stack per appearance (layout 1019, part 245, named `AppIcon.iconstack`, facet
///   `AppIcon`, a 1024×1024 canvas), whose layer references (property 1012) name the fill, a
///   named gradient (part 247), and the icon's groups (part 246);
/// - an icon group per appearance (layout 1020, facet `AppIcon/Group`), whose layer references
///   name its vector layers (part 181) with their frames on the canvas;
/// - named gradients (layout 1021, facets `AppIcon_Assets/Gradient-N`) naming their colours,
///   colours (layout 1009, `AppIcon_Assets/Color-N`) and vector layers (layout 9, SVG,
///   `AppIcon_Assets/<layer>`);
/// - the flattened fallback images older systems draw, which are the icon set's images
///   (`CARIconSet`).
///
/// The icon's parts are found two ways, both seen in that catalog: by following the stacks'
/// and groups' references (and a gradient's colour names), and by the facet names actool gives
/// them (`<Icon>/…` and `<Icon>_Assets/…`), so a colour no gradient names is listed too.
/// Stacks and groups also carry properties 1020 and 1021, whose layout is not known: they are
/// kept as bytes with their type and length, never interpreted.
package struct CARIconComposerIcon: Sendable, Equatable {
    /// A property kept as it was read.
    package struct OpaqueProperty: Sendable, Hashable {
        package let type: UInt32
        package let bytes: [UInt8]
    }

    /// One layer a stack or group draws.
    package struct LayerUse: Sendable, Hashable {
        /// The part of the drawn rendition's key: 246 a group, 247 a gradient, 181 an image.
        package let part: UInt16
        /// The facet the drawn rendition belongs to (`AppIcon/Group`); nil when no facet of the
        /// catalog carries its identifier.
        package let name: String?
        package let frame: CARFrame
        package let opacity: Float
        package let blendMode: UInt32
    }

    /// A stack or a group in one appearance.
    package struct Composite: Sendable, Equatable {
        package let name: String
        package let appearance: String?
        package let width: UInt32
        package let height: UInt32
        package let layers: [LayerUse]
        package let opaqueProperties: [OpaqueProperty]
        package let rendition: CARRendition
    }

    package struct Gradient: Sendable, Equatable {
        package let name: String
        package let appearance: String?
        package let gradient: CARGradient
        package let rendition: CARRendition
    }

    package struct VectorLayer: Sendable, Equatable {
        package let name: String
        package let appearance: String?
        package let image: CARVectorImage
        package let rendition: CARRendition
    }

    package struct Color: Sendable, Equatable {
        package let name: String
        package let appearance: String?
        package let color: CARColor
        package let rendition: CARRendition
    }

    package let name: String
    package let stacks: [Composite]
    package let groups: [Composite]
    package let gradients: [Gradient]
    package let vectorLayers: [VectorLayer]
    package let colors: [Color]

    /// The groups' distinct names, in the order first met.
    package var groupNames: [String] { Self.distinct(groups.map(\.name)) }

    package static func distinct(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }
}

extension AssetCatalog {
    /// The stacks of the icon `name` and the identifiers of its parts: its own folders' facets
    /// (`<Icon>/…`, `<Icon>_Assets/…`), then whatever its stacks and groups draw. Nil when the
    /// facet has no icon stack. Reads no payload.
    func iconComposerMembers(named name: String) -> (stacks: [CARRendition], members: Set<UInt16>)? {
        guard let facet = facet(named: name) else { return nil }
        let stacks = renditions(of: facet).filter { $0.header.layout == .iconStack }
        guard !stacks.isEmpty else { return nil }
        var members = Set(facets.filter { $0.name.hasPrefix(name + "/") || $0.name.hasPrefix(name + "_Assets/") }.compactMap(\.identifier))
        var pending = stacks
        while let rendition = pending.popLast() {
            for layer in rendition.layers {
                guard let identifier = layer.identifier, identifier != 0, members.insert(identifier).inserted else { continue }
                pending += renditions.filter { $0.key.identifier == identifier && $0.header.layout == .iconGroup }
            }
        }
        return (stacks, members)
    }

    /// The Icon Composer icon whose stacks are the facet `name`'s; nil when that facet has no icon
    /// stack. Gradients', colours' and vector layers' payloads are read from `source` (small
    /// blocks; each SVG decoded under `maxVectorBytes` and dropped once measured).
    package func iconComposerIcon(named name: String, in source: some BOMBlockSource) throws(AssetCatalogError) -> CARIconComposerIcon? {
        guard let (stackRenditions, found) = iconComposerMembers(named: name) else { return nil }
        var members = found
        // The name the listing gave each rendition (its facet's), else the header's own.
        func partName(_ rendition: CARRendition) -> String { rendition.facetName ?? rendition.header.name }
        func composite(_ rendition: CARRendition) -> CARIconComposerIcon.Composite {
            CARIconComposerIcon.Composite(
                name: partName(rendition), appearance: appearanceName(of: rendition), width: rendition.header.width, height: rendition.header.height,
                layers: layers(of: rendition).map { layer in
                    CARIconComposerIcon.LayerUse(
                        part: layer.reference.part ?? 0, name: layer.facetName, frame: layer.reference.frame, opacity: layer.reference.opacity,
                        blendMode: layer.reference.blendMode)
                },
                opaqueProperties: rendition.properties.filter { CARRenditionTLV.iconComposerOpaqueTypes.contains($0.type) }.map {
                    CARIconComposerIcon.OpaqueProperty(type: $0.type, bytes: Array($0.value))
                },
                rendition: rendition)
        }
        // Gradients first: the colours they name are the icon's too.
        var gradients: [CARIconComposerIcon.Gradient] = []
        for rendition in renditions where members.contains(rendition.key.identifier) && rendition.header.layout == .namedGradient {
            guard case .gradient(let gradient) = try payload(of: rendition, in: source) else { continue }
            gradients.append(.init(name: partName(rendition), appearance: appearanceName(of: rendition), gradient: gradient, rendition: rendition))
            for stop in gradient.stops {
                if let identifier = self.facet(named: stop.colorName)?.identifier { members.insert(identifier) }
            }
        }
        var groups: [CARIconComposerIcon.Composite] = []
        var vectors: [CARIconComposerIcon.VectorLayer] = []
        var colors: [CARIconComposerIcon.Color] = []
        for rendition in renditions where members.contains(rendition.key.identifier) {
            let partName = partName(rendition)
            let appearance = appearanceName(of: rendition)
            switch rendition.header.layout {
            case .iconGroup:
                groups.append(composite(rendition))
            case .vector:
                guard let image = try vectorImage(of: rendition, in: source) else { continue }
                vectors.append(.init(name: partName, appearance: appearance, image: image, rendition: rendition))
            case .color:
                guard case .color(let color) = try payload(of: rendition, in: source) else { continue }
                colors.append(.init(name: partName, appearance: appearance, color: color, rendition: rendition))
            default:
                continue
            }
        }
        return CARIconComposerIcon(
            name: name, stacks: stackRenditions.map(composite), groups: groups, gradients: gradients, vectorLayers: vectors, colors: colors)
    }
}
