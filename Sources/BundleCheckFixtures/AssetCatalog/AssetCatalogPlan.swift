/// A catalogue laid out before it is written: every block numbered and built, but the large
/// values (bitmaps and atlases), which are made one at a time as their turn comes, and where
/// each block goes in the file (`BOMWriter.Placement`).
///
/// Blocks are numbered as CoreUI numbers them: 1 `CARHEADER`, then the `RENDITIONS` tree
/// (header and nodes), the `FACETKEYS` and `APPEARANCEKEYS` trees, the appearances' keys and
/// values, the facets' names and values, `KEYFORMAT`, each rendition's key and value in the
/// order they were compiled, `EXTENDED_METADATA`, the `BITMAPKEYS` tree and its values. Every
/// part starts on a 16-byte boundary and the block table has 256 entries (more, in multiples of
/// 256, for larger catalogues: none of the corpus has more than 255 blocks, so that growth is a
/// guess).
struct AssetCatalogPlan {
    /// A value made when it is written.
    enum PendingValue {
        case bitmap(FixtureIconRendition, headerWidth: Int, headerHeight: Int, short: Bool, layout: AssetCatalogRenditionValue.Layout = .image)
        case atlas(AssetCatalogAtlas, members: [FixtureIconRendition], scale: Int, compression: FixtureIconRendition.Compression)
    }

    private enum Value {
        case ready([UInt8])
        case pending(PendingValue)
    }

    private struct Rendition {
        var key: AssetCatalogKeys.Key
        var set: String
        var file: String
        var value: Value
        /// Its appearance's name, for `APPEARANCEKEYS`; nil for appearance 0 unnamed.
        var appearance: FixtureAppearance? = nil
    }

    private enum CatalogSet {
        case icon(FixtureIconSet)
        case image(FixtureImageSet)
        /// A facet of a brand asset or layered icon (`AssetCatalogLayeredFacet`).
        case layered(AssetCatalogLayeredFacet)

        var name: String {
            switch self {
            case .icon(let set): set.name
            case .image(let set): set.name
            case .layered(let facet): facet.name
            }
        }

        var identifier: UInt16? {
            switch self {
            case .icon(let set): set.identifier
            case .image(let set): set.identifier
            case .layered: nil
            }
        }

        /// The bitmaps described as such (a layered facet's are in its own renditions).
        var renditions: [FixtureIconRendition] {
            switch self {
            case .icon(let set): set.renditions
            case .image(let set): set.renditions
            case .layered: []
            }
        }

        var isEmpty: Bool {
            switch self {
            // An Icon Composer set compiled without fallbacks holds its stacks alone.
            case .icon(let set): set.renditions.isEmpty && set.composition == nil
            case .image: renditions.isEmpty
            case .layered(let facet): facet.renditions.isEmpty
            }
        }
    }

    static let maximumPixels = 16384
    /// Two blocks each: well inside the block cap of the reader (`BOMLimits.maxBlocks`).
    static let maximumRenditions = 1_000_000
    static let alignment = 16

    private(set) var store = BOMWriter.Store()
    private(set) var placement = BOMWriter.Placement(pieces: [])
    private(set) var pending: [UInt32: PendingValue] = [:]
    /// Bytes to keep of the written file (`Hostile.truncated`).
    private(set) var truncation: Int?
    /// The `CELM` version of chunked pixels (`FixtureAssetCatalog.Compiler.chunkedPixelsVersion`).
    private let chunkedPixelsVersion: UInt32
    /// The middle number of an atlas's name: 1 in the iOS catalogues, 0 in the Mac's.
    private let atlasNameMiddle: Int

    init(_ catalog: FixtureAssetCatalog) throws(AssetCatalogWriterError) {
        chunkedPixelsVersion = catalog.compiler.chunkedPixelsVersion
        atlasNameMiddle = catalog.deploymentPlatform == FixtureAssetCatalog.deploymentPlatform(for: .macOS) ? 0 : 1
        let keyFormat = catalog.writtenKeyFormat
        let format = keyFormat.attributes
        let before = min(max(0, catalog.imageSetsBeforeIconSets), catalog.imageSets.count)
        var layered: [AssetCatalogLayeredFacet] = []
        for asset in catalog.brandAssets { layered += try asset.facets() }
        for icon in catalog.layeredIcons { layered += try icon.facets() }
        // An Icon Composer set's stacks are its own facet's; its group is a facet of its own.
        var stacks: [String: [AssetCatalogLayeredFacet.Rendition]] = [:]
        for set in catalog.iconSets {
            guard let composition = set.composition else { continue }
            let compiled = try composition.compiled(for: set.name)
            stacks[set.name] = compiled.stacks
            layered.append(compiled.group)
            layered += compiled.parts
        }
        let sets =
            catalog.imageSets[..<before].map(CatalogSet.image) + catalog.iconSets.map(CatalogSet.icon) + layered.map(CatalogSet.layered)
            + catalog.imageSets[before...].map(CatalogSet.image)
        let identifiers = try Self.identifiers(sets)
        let target = try Self.appStoreIcon(catalog)

        var renditions: [Rendition] = []
        var facets: [(name: String, part: UInt16, identifier: UInt16, keys: [AssetCatalogKeys.Key])] = []
        var atlasesPerGroup: [[UInt16]: UInt16] = [:]
        for set in sets {
            guard !set.isEmpty else { throw .noRenditions(set: set.name) }
            for rendition in set.renditions { try Self.validate(rendition, in: set.name) }
            let identifier = identifiers[set.name]!
            let first = renditions.count
            switch set {
            case .image(let imageSet):
                for rendition in imageSet.renditions {
                    let key = Self.key(rendition, dimension2: 0, identifier: identifier, part: AssetCatalogKeys.partImage)
                    renditions.append(
                        Rendition(
                            key: key, set: set.name, file: rendition.fileName,
                            value: .pending(
                                .bitmap(
                                    rendition, headerWidth: rendition.pixelWidth, headerHeight: rendition.pixelHeight, short: false)),
                            appearance: rendition.appearance))
                }
                facets.append((set.name, AssetCatalogKeys.partImage, identifier, renditions[first...].map(\.key)))
            case .icon(let iconSet):
                renditions += try Self.icons(
                    iconSet, identifier: identifier, target: target, hostile: catalog.hostile, firstSizeIndex: catalog.compiler.firstSizeIndex,
                    atlasesPerGroup: &atlasesPerGroup)
                if let stacks = stacks[set.name] {
                    renditions += try Self.layered(
                        AssetCatalogLayeredFacet(name: set.name, renditions: stacks), identifier: identifier, identifiers: identifiers)
                }
                let part = iconSet.composition == nil ? AssetCatalogKeys.partIcon : AssetCatalogKeys.partIconStack
                facets.append((set.name, part, identifier, renditions[first...].map(\.key)))
            case .layered(let facet):
                renditions += try Self.layered(facet, identifier: identifier, identifiers: identifiers)
                facets.append((set.name, facet.part, identifier, renditions[first...].map(\.key)))
            }
        }
        for rendition in renditions {
            let missing = rendition.key.missing(from: format)
            guard missing.isEmpty else {
                throw .invalidRendition(
                    set: rendition.set, file: rendition.file,
                    reason: "the key format \(keyFormat.rawValue) has no \(missing.map { "\($0)" }.joined(separator: ", "))")
            }
        }
        var seen = Set<[UInt8]>()
        for rendition in renditions where !seen.insert(rendition.key.bytes(format)).inserted {
            throw .duplicateRenditionKey(set: rendition.set, file: rendition.file)
        }
        guard renditions.count <= Self.maximumRenditions else { throw .tooLarge(part: "renditions", value: renditions.count, limit: Self.maximumRenditions) }
        facets.sort { Array($0.name.utf8).lexicographicallyPrecedes(Array($1.name.utf8)) }
        let appearances = try Self.appearances(catalog.appearances, used: renditions.compactMap(\.appearance))
        try build(catalog, format: format, appearances: appearances, renditions: renditions, facets: facets)
        try harm(catalog.hostile)
    }

    /// `APPEARANCEKEYS`' names, in the order their pairs are written: those the renditions use,
    /// in order of first use, then those listed whose numbers none uses.
    private static func appearances(_ listed: [FixtureAppearance], used: [FixtureAppearance]) throws(AssetCatalogWriterError) -> [FixtureAppearance] {
        var byID: [UInt16: FixtureAppearance] = [:]
        var ordered: [FixtureAppearance] = []
        for appearance in used where byID[appearance.id] != appearance {
            if let other = byID[appearance.id] {
                throw .invalidAsset(name: "APPEARANCEKEYS", reason: "appearance \(appearance.id) is named both \(other.name) and \(appearance.name)")
            }
            byID[appearance.id] = appearance
            ordered.append(appearance)
        }
        for appearance in listed where byID[appearance.id] == nil {
            byID[appearance.id] = appearance
            ordered.append(appearance)
        }
        return ordered
    }

    /// The value of block `id` when it is one made late, else nil.
    func value(of id: UInt32) -> [UInt8]? {
        switch pending[id] {
        case nil:
            return nil
        case .bitmap(let rendition, let headerWidth, let headerHeight, let short, let layout):
            let seed = AssetCatalogPixels.seed(rendition.fileName, rendition.pixelWidth, rendition.pixelHeight)
            let pixels = AssetCatalogPixels.image(
                width: rendition.pixelWidth, height: rendition.pixelHeight, bytesPerRow: rendition.bytesPerRow, pattern: rendition.pixels, seed: seed)
            let payload = AssetCatalogRenditionValue.pixelPayload(
                pixels, height: rendition.pixelHeight, bytesPerRow: rendition.bytesPerRow, compression: rendition.compression,
                chunked: rendition.storage != .single, chunkedVersion: chunkedPixelsVersion, short: short)
            return AssetCatalogRenditionValue.bitmap(
                width: rendition.pixelWidth, height: rendition.pixelHeight, headerWidth: headerWidth, headerHeight: headerHeight, scale: rendition.scale,
                name: rendition.fileName, bytesPerRow: rendition.bytesPerRow, layout: layout, payload: payload)
        case .atlas(let atlas, let members, let scale, let compression):
            let bytesPerRow = (atlas.width * 4 + 31) / 32 * 32
            let images = members.map { member in
                (
                    member.pixelWidth, member.pixelHeight, member.bytesPerRow,
                    AssetCatalogPixels.image(
                        width: member.pixelWidth, height: member.pixelHeight, bytesPerRow: member.bytesPerRow, pattern: member.pixels,
                        seed: AssetCatalogPixels.seed(member.fileName, member.pixelWidth, member.pixelHeight))
                )
            }
            let pixels = atlas.pixels(images, bytesPerRow: bytesPerRow)
            let payload = AssetCatalogRenditionValue.pixelPayload(
                pixels, height: atlas.height, bytesPerRow: bytesPerRow, compression: compression, chunked: true, chunkedVersion: chunkedPixelsVersion)
            return AssetCatalogRenditionValue.atlas(
                width: atlas.width, height: atlas.height, scale: scale, middle: atlasNameMiddle, bytesPerRow: bytesPerRow, payload: payload)
        }
    }

    // MARK: - Sets

    /// Each set's identifier: those asked for, then those derived from the names, moved on
    /// past any taken.
    private static func identifiers(_ sets: [CatalogSet]) throws(AssetCatalogWriterError) -> [String: UInt16] {
        // Identifiers are 16 bits, 0 the atlases'.
        guard sets.count < Int(UInt16.max) else { throw .tooLarge(part: "sets", value: sets.count, limit: Int(UInt16.max) - 1) }
        var byName: [String: UInt16] = [:]
        var taken: Set<UInt16> = [0]
        for set in sets {
            guard byName[set.name] == nil else { throw .duplicateName(set.name) }
            byName[set.name] = 0
            if let identifier = set.identifier {
                guard taken.insert(identifier).inserted else { throw .identifierTaken(set: set.name, identifier: identifier) }
                byName[set.name] = identifier
            }
        }
        for set in sets where set.identifier == nil {
            var identifier = AssetCatalogKeys.identifier(for: set.name)
            while !taken.insert(identifier).inserted { identifier = identifier == UInt16.max ? 1 : identifier + 1 }
            byName[set.name] = identifier
        }
        return byName
    }

    /// The App Store icon the hostile options act on: (set, rendition) in `iconSets`.
    private static func appStoreIcon(_ catalog: FixtureAssetCatalog) throws(AssetCatalogWriterError) -> (set: String, index: Int)? {
        let needed = catalog.hostile.contains { hostile in
            switch hostile {
            case .lyingDimensions, .shortPixelPayload: true
            default: false
            }
        }
        for set in catalog.iconSets {
            if let index = set.renditions.firstIndex(where: {
                $0.pixelWidth == 1024 && $0.pixelHeight == 1024 && ($0.idiom == .marketing || $0.idiom == .universal) && $0.storage != .packed
            }) {
                return (set.name, index)
            }
            // A single-size set's: its first idiom's any-appearance icon.
            if let index = set.renditions.firstIndex(where: {
                $0.pixelWidth == 1024 && $0.pixelHeight == 1024 && $0.appearance.id == 0 && $0.storage != .packed
            }) {
                return (set.name, index)
            }
        }
        if let set = catalog.iconSets.first, let index = set.renditions.firstIndex(where: { $0.storage != .packed }) {
            return (set.name, index)
        }
        if needed { throw .invalidHostile("no icon stored on its own to make the App Store icon of") }
        return nil
    }

    private static func validate(_ rendition: FixtureIconRendition, in set: String) throws(AssetCatalogWriterError) {
        func fail(_ reason: String) -> AssetCatalogWriterError { .invalidRendition(set: set, file: rendition.fileName, reason: reason) }
        guard (1...maximumPixels).contains(rendition.pixelWidth), (1...maximumPixels).contains(rendition.pixelHeight) else {
            throw fail("\(rendition.pixelWidth)×\(rendition.pixelHeight) pixels; 1 to \(maximumPixels) each way")
        }
        guard (1...9).contains(rendition.scale) else { throw fail("scale \(rendition.scale); 1 to 9") }
        guard rendition.points > 0, rendition.points < 65536 else { throw fail("\(rendition.points) points") }
        if case .transparentPixel(let x, let y) = rendition.pixels, !(0..<rendition.pixelWidth).contains(x) || !(0..<rendition.pixelHeight).contains(y) {
            throw fail("transparent pixel (\(x), \(y)) outside the image")
        }
    }

    private static func key(_ rendition: FixtureIconRendition, dimension2: UInt16, identifier: UInt16, part: UInt16) -> AssetCatalogKeys.Key {
        AssetCatalogKeys.Key(values: [
            .appearance: rendition.appearance.id, .scale: UInt16(rendition.scale), .idiom: rendition.idiom.code, .subtype: rendition.subtype,
            .dimension2: dimension2, .displayGamut: rendition.displayGamut.rawValue, .identifier: identifier, .element: AssetCatalogKeys.elementImage,
            .part: part,
        ])
    }

    /// An icon set's renditions: a size list per idiom (and subtype), the icons, the atlases.
    private static func icons(
        _ set: FixtureIconSet, identifier: UInt16, target: (set: String, index: Int)?, hostile: [FixtureAssetCatalog.Hostile], firstSizeIndex: UInt16,
        atlasesPerGroup: inout [[UInt16]: UInt16]
    ) throws(AssetCatalogWriterError) -> [Rendition] {
        let sizes = Array(Set(set.renditions.map(\.points))).sorted()
        guard sizes.count + Int(firstSizeIndex) <= Int(UInt16.max) else {
            throw .tooLarge(part: "the sizes of \(set.name)", value: sizes.count, limit: Int(UInt16.max))
        }
        func index(_ points: Double) -> UInt16 { UInt16(sizes.firstIndex(of: points)!) + firstSizeIndex }
        var renditions: [Rendition] = []
        var groups: [[UInt16]] = []
        for rendition in set.renditions where !groups.contains([rendition.idiom.code, rendition.subtype]) {
            groups.append([rendition.idiom.code, rendition.subtype])
        }
        for group in groups {
            let points = Array(Set(set.renditions.filter { [$0.idiom.code, $0.subtype] == group }.map(\.points))).sorted()
            let key = AssetCatalogKeys.Key(values: [
                .scale: 1, .idiom: group[0], .subtype: group[1], .identifier: identifier, .element: AssetCatalogKeys.elementImage,
                .part: AssetCatalogKeys.partMultisizeImageSet,
            ])
            let value = AssetCatalogRenditionValue.sizes(name: set.name, entries: points.map { (Int($0), Int(index($0))) })
            renditions.append(Rendition(key: key, set: set.name, file: set.name, value: .ready(value)))
        }

        // Atlases of the packed icons, one per scale, idiom, subtype and appearance.
        func atlasGroup(_ rendition: FixtureIconRendition) -> [UInt16] {
            [UInt16(rendition.scale), rendition.idiom.code, rendition.subtype, rendition.appearance.id]
        }
        var packedGroups: [[UInt16]] = []
        for rendition in set.renditions where rendition.storage == .packed {
            let group = atlasGroup(rendition)
            if !packedGroups.contains(group) { packedGroups.append(group) }
        }
        var atlases: [(key: AssetCatalogKeys.Key, atlas: AssetCatalogAtlas, members: [Int])] = []
        for group in packedGroups {
            let members = set.renditions.indices.filter { set.renditions[$0].storage == .packed && atlasGroup(set.renditions[$0]) == group }
            let number = atlasesPerGroup[group, default: 0]
            atlasesPerGroup[group] = number + 1
            let key = AssetCatalogKeys.Key(values: [
                .appearance: group[3], .scale: group[0], .idiom: group[1], .subtype: group[2], .dimension1: number,
                .element: AssetCatalogKeys.elementPackedAsset, .part: AssetCatalogKeys.partImage,
            ])
            let atlas = AssetCatalogAtlas.pack(members.map { (set.renditions[$0].pixelWidth, set.renditions[$0].pixelHeight) })
            guard atlas.width <= maximumPixels, atlas.height <= maximumPixels else {
                throw .tooLarge(part: "the atlas of \(set.name) at \(group[0])x", value: max(atlas.width, atlas.height), limit: maximumPixels)
            }
            atlases.append((key, atlas, members))
        }

        for (number, rendition) in set.renditions.enumerated() {
            let key = Self.key(rendition, dimension2: index(rendition.points), identifier: identifier, part: AssetCatalogKeys.partIcon)
            if rendition.storage == .packed {
                let atlas = atlases.first { $0.members.contains(number) }!
                let origin = atlas.atlas.origins[atlas.members.firstIndex(of: number)!]
                // The link's rectangle is from the atlas's bottom left, as Core Graphics measures.
                let value = AssetCatalogRenditionValue.link(
                    width: rendition.pixelWidth, height: rendition.pixelHeight, scale: rendition.scale, name: rendition.fileName, atlas: atlas.key,
                    x: origin.x, y: atlas.atlas.height - origin.y - rendition.pixelHeight)
                renditions.append(Rendition(key: key, set: set.name, file: rendition.fileName, value: .ready(value), appearance: rendition.appearance))
                continue
            }
            var width = rendition.pixelWidth
            var height = rendition.pixelHeight
            var short = false
            if let target, target.set == set.name, target.index == number {
                for harm in hostile {
                    switch harm {
                    case .lyingDimensions(let lyingWidth, let lyingHeight):
                        width = Int(lyingWidth)
                        height = Int(lyingHeight)
                    case .shortPixelPayload:
                        short = true
                    default:
                        break
                    }
                }
            }
            renditions.append(
                Rendition(
                    key: key, set: set.name, file: rendition.fileName,
                    value: .pending(
                        .bitmap(
                            rendition, headerWidth: width, headerHeight: height, short: short)), appearance: rendition.appearance))
        }
        for atlas in atlases {
            let members = atlas.members.map { set.renditions[$0] }
            renditions.append(
                Rendition(
                    key: atlas.key, set: set.name, file: "ZZZZPackedAsset",
                    value: .pending(
                        .atlas(
                            atlas.atlas, members: members, scale: Int(atlas.key[.scale]), compression: members[0].compression)),
                    appearance: members[0].appearance))
        }
        return renditions
    }

    /// The renditions of a layered asset's facet: stacks naming their layers' facets by
    /// identifier, JPEGs made now (their headers are small), bitmaps made when written. An Icon
    /// Composer stack's or group's layer whose facet is left out of the catalogue (a gradient,
    /// the glyph's SVG) is named by the identifier that facet would have.
    private static func layered(
        _ facet: AssetCatalogLayeredFacet, identifier: UInt16, identifiers: [String: UInt16]
    ) throws(AssetCatalogWriterError) -> [Rendition] {
        var renditions: [Rendition] = []
        for rendition in facet.renditions {
            func fail(_ reason: String) -> AssetCatalogWriterError { .invalidRendition(set: facet.name, file: rendition.fileName, reason: reason) }
            guard (0...9).contains(rendition.keyScale) else { throw fail("key scale \(rendition.keyScale); 0 to 9") }
            let key = AssetCatalogKeys.Key(values: [
                .appearance: rendition.appearance.id, .scale: UInt16(rendition.keyScale), .idiom: rendition.idiom.code, .identifier: identifier,
                .element: AssetCatalogKeys.elementImage, .part: rendition.part,
            ])
            let value: Value
            switch rendition.content {
            case .stack(let width, let height, let scale, let layers):
                var references: [UInt16] = []
                for layer in layers {
                    guard let reference = identifiers[layer] else { throw fail("the layer \(layer) is no facet of the catalogue") }
                    references.append(reference)
                }
                guard (1...maximumPixels).contains(width), (1...maximumPixels).contains(height), (1...9).contains(scale) else {
                    throw fail("a stack of \(width)×\(height) at scale \(scale)")
                }
                value = .ready(AssetCatalogRenditionValue.layerStack(width: width, height: height, scale: scale, layers: references))
            case .jpeg(let width, let height, let scale, let name):
                guard (1...maximumPixels).contains(width), (1...maximumPixels).contains(height) else {
                    throw fail("\(width)×\(height) pixels; 1 to \(maximumPixels) each way")
                }
                guard (1...9).contains(scale) else { throw fail("scale \(scale); 1 to 9") }
                value = .ready(AssetCatalogRenditionValue.jpeg(width: width, height: height, scale: scale, name: name))
            case .bitmap(let bitmap, let flattened):
                try validate(bitmap, in: facet.name)
                value = .pending(
                    .bitmap(
                        bitmap, headerWidth: bitmap.pixelWidth, headerHeight: bitmap.pixelHeight, short: false, layout: flattened ? .flattenedImage : .image))
            case .iconLayers(let layers):
                value = .ready(layers.value(identifiers: layers.layers.map { identifiers[$0.facet] ?? AssetCatalogKeys.identifier(for: $0.facet) }))
            case .iconPart(let part, let name):
                value = .ready(part.value(facet: name))
            }
            renditions.append(Rendition(key: key, set: facet.name, file: rendition.fileName, value: value, appearance: rendition.appearance))
        }
        return renditions
    }

    // MARK: - Blocks

    private mutating func build(
        _ catalog: FixtureAssetCatalog, format: [AssetCatalogKeys.Attribute], appearances: [FixtureAppearance], renditions: [Rendition],
        facets: [(name: String, part: UInt16, identifier: UInt16, keys: [AssetCatalogKeys.Key])]
    ) throws(AssetCatalogWriterError) {
        guard appearances.count <= Int(UInt16.max) else { throw .tooLarge(part: "appearances", value: appearances.count, limit: Int(UInt16.max)) }
        if let twice = appearances.first(where: { one in appearances.filter { $0.name == one.name }.count > 1 }) { throw .duplicateName(twice.name) }
        // A rendition a leaf when a hostile option wants branches to damage.
        let renditionsPerNode = catalog.hostile.contains { if case .renditionsBranchChildPastTable = $0 { true } else { false } } ? 1 : nil
        let treeBlocks = (
            renditions: BOMWriter.Store.blocksOfTree(entries: renditions.count, entriesPerNode: renditionsPerNode),
            facets: BOMWriter.Store.blocksOfTree(entries: facets.count),
            appearances: BOMWriter.Store.blocksOfTree(entries: appearances.count),
            bitmaps: BOMWriter.Store.blocksOfTree(entries: facets.count, blockSize: 1024)
        )
        let firstPair = UInt32(2 + treeBlocks.renditions + treeBlocks.facets + treeBlocks.appearances)
        let facetPairs = firstPair + UInt32(2 * appearances.count)
        let keyFormat = facetPairs + UInt32(2 * facets.count)
        let renditionPairs = keyFormat + 1
        let metadata = renditionPairs + UInt32(2 * renditions.count)
        let bitmapValues = metadata + 1 + UInt32(treeBlocks.bitmaps)

        let header = store.add(carHeader(catalog.compiler, renditions: renditions.count))
        let keys = renditions.map { $0.key.bytes(format) }
        let sorted = renditions.indices.sorted { keys[$0].lexicographicallyPrecedes(keys[$1]) }
        let renditionTree = store.addTree(
            sorted.map { (value: renditionPairs + 2 * UInt32($0) + 1, key: renditionPairs + 2 * UInt32($0)) }, entriesPerNode: renditionsPerNode,
            extraHeader: true, keyLength: UInt32(2 * format.count), inlineKeys: sorted.map { keys[$0] })
        let facetTree = addTreeOfNames(facets.map(\.name), firstPair: facetPairs)
        let appearanceTree = addTreeOfNames(appearances.map(\.name), firstPair: firstPair)
        precondition(store.blocks.count == Int(firstPair), "the trees take the blocks counted for them")
        for appearance in appearances {
            _ = store.add(Array(appearance.name.utf8))
            _ = store.add(AssetCatalogKeys.littleEndian16(appearance.id))
        }
        for facet in facets {
            _ = store.add(Array(facet.name.utf8))
            _ = store.add(AssetCatalogKeys.facet(part: facet.part, identifier: facet.identifier))
        }
        var declaredKeyFormat: UInt32?
        for case .keyFormatCount(let count) in catalog.hostile { declaredKeyFormat = count }
        let keyFormatBlock = store.add(AssetCatalogKeys.keyFormat(format, declaredCount: declaredKeyFormat))
        precondition(keyFormatBlock == keyFormat, "KEYFORMAT takes the block counted for it")
        for (rendition, key) in zip(renditions, keys) {
            _ = store.add(key)
            switch rendition.value {
            case .ready(let bytes):
                _ = store.add(bytes)
            case .pending(let value):
                pending[store.add([])] = value
            }
        }
        let metadataBlock = store.add(extendedMetadata(catalog))
        precondition(metadataBlock == metadata, "EXTENDED_METADATA takes the block counted for it")
        let byIdentifier = facets.sorted { $0.identifier < $1.identifier }
        let bitmapTree = store.addTree(
            byIdentifier.indices.map { (value: bitmapValues + UInt32($0), key: UInt32(byIdentifier[$0].identifier)) }, blockSize: 1024, flag: 1,
            extraHeader: true)
        precondition(store.blocks.count == Int(bitmapValues), "the bitmap tree takes the blocks counted for it")
        for facet in byIdentifier {
            _ = store.add(AssetCatalogKeys.bitmap(of: facet.keys, format: format))
        }
        for (name, block) in [
            ("CARHEADER", header), ("RENDITIONS", renditionTree), ("FACETKEYS", facetTree), ("APPEARANCEKEYS", appearanceTree),
            ("KEYFORMAT", keyFormat), ("EXTENDED_METADATA", metadata), ("BITMAPKEYS", bitmapTree),
        ] {
            store.addVariable(name, block)
        }
        placement = place(catalog.layout, appearanceTree: appearanceTree, appearanceBlocks: treeBlocks.appearances, firstPair: firstPair)
    }

    /// A tree of names (`FACETKEYS`, `APPEARANCEKEYS`): keys and values in pairs from `firstPair`
    /// in the names' order, the tree's entries sorted by name (as the Mac catalogue's
    /// appearances, whose pairs are not in that order); the names copied into the leaves when
    /// all are as long (`BOMWriter.Store.addTree`).
    private mutating func addTreeOfNames(_ names: [String], firstPair: UInt32) -> UInt32 {
        let keys = names.map { Array($0.utf8) }
        let order = keys.indices.sorted { keys[$0].lexicographicallyPrecedes(keys[$1]) }
        let fixed = Set(keys.map(\.count)).count == 1
        return store.addTree(
            order.map { (value: firstPair + 2 * UInt32($0) + 1, key: firstPair + 2 * UInt32($0)) }, extraHeader: true,
            keyLength: fixed ? UInt32(keys[0].count) : 0xFFFF_FFFF, inlineKeys: fixed ? order.map { keys[$0] } : nil)
    }

    /// `CARHEADER` (436 bytes): `RATC`, CoreUI's version, storage version 17, a timestamp (0),
    /// the rendition count, the two creator strings (128 and 256 bytes), a UUID and a checksum
    /// (zeros, as Xcode leaves them), schema version 2, colour space 1, the key semantics.
    private func carHeader(_ compiler: FixtureAssetCatalog.Compiler, renditions: Int) -> [UInt8] {
        let le32 = AssetCatalogKeys.littleEndian32
        return Array("RATC".utf8) + le32(compiler.coreUIVersion) + le32(17) + le32(0) + le32(UInt32(renditions))
            + Self.field(compiler.mainVersion, 128) + Self.field(compiler.creator, 256)
            + [UInt8](repeating: 0, count: 16) + le32(0) + le32(2) + le32(1) + le32(compiler.keySemantics)
    }

    /// `EXTENDED_METADATA` (1028 bytes): `META`, then four 256-byte strings: thinning arguments
    /// (none), the deployment target, the platform, the authoring tool.
    private func extendedMetadata(_ catalog: FixtureAssetCatalog) -> [UInt8] {
        Array("META".utf8) + Self.field("", 256) + Self.field(catalog.deploymentTarget, 256) + Self.field(catalog.deploymentPlatform, 256)
            + Self.field(catalog.compiler.authoringTool, 256)
    }

    private static func field(_ text: String, _ length: Int) -> [UInt8] {
        let bytes = Array(text.utf8.prefix(length - 1))
        return bytes + [UInt8](repeating: 0, count: length - bytes.count)
    }

    // MARK: - Layout

    /// The file's order of pieces for `layout` (`FixtureAssetCatalog.Layout`).
    private func place(_ layout: FixtureAssetCatalog.Layout, appearanceTree: UInt32, appearanceBlocks: Int, firstPair: UInt32) -> BOMWriter.Placement {
        let tableCount = max(256, (store.blocks.count + 255) / 256 * 256)
        let appearanceNodes = (appearanceTree + 1..<appearanceTree + UInt32(appearanceBlocks)).map { BOMWriter.Placement.Piece.block($0) }
        let appearanceRoot =
            UInt32(store.blocks[Int(appearanceTree)][8]) << 24 | UInt32(store.blocks[Int(appearanceTree)][9]) << 16
            | UInt32(store.blocks[Int(appearanceTree)][10]) << 8 | UInt32(store.blocks[Int(appearanceTree)][11])
        // The tree's first header: empty, its key length not yet known.
        let staleHeader =
            Array("tree".utf8) + BOMWriter.bigEndian(1) + BOMWriter.bigEndian(appearanceRoot) + BOMWriter.bigEndian(4096)
            + BOMWriter.bigEndian(0) + [0] + [UInt8](repeating: 0, count: 8)
        var pieces: [BOMWriter.Placement.Piece] = (1..<appearanceTree).map { .block($0) }
        let staleHeaderPiece = pieces.count
        pieces.append(.freed(staleHeader))
        let rest = (firstPair..<UInt32(store.blocks.count)).map { BOMWriter.Placement.Piece.block($0) }
        switch layout {
        case .indexAtEnd:
            pieces += appearanceNodes + rest
            pieces += [
                .variables, .staleBlockTable(moved: [appearanceTree: .init(piece: staleHeaderPiece, length: staleHeader.count)]), .block(appearanceTree),
                .blockTable,
            ]
        case .indexAfterFirstBlocks:
            // The new header and the table fill the old root's 4096-byte slot; what is left of it is freed.
            let slotPiece = pieces.count
            pieces += [.block(appearanceTree), .blockTable]
            let table = BOMWriter.Placement.blockTableLength(tableCount: tableCount, freed: 3)
            let left = 4096 - Self.aligned(29) - Self.aligned(table)
            if left > 0 { pieces.append(.freed([UInt8](repeating: 0, count: left))) }
            pieces += rest
            pieces += [
                .variables,
                .staleBlockTable(moved: [
                    appearanceTree: .init(piece: staleHeaderPiece, length: staleHeader.count), appearanceRoot: .init(piece: slotPiece, length: 4096),
                ]),
            ]
            pieces += appearanceNodes
        }
        return BOMWriter.Placement(pieces: pieces, alignment: Self.alignment, tableCount: tableCount)
    }

    private static func aligned(_ length: Int) -> Int { (length + alignment - 1) / alignment * alignment }

    // MARK: - Hostile

    private mutating func harm(_ hostile: [FixtureAssetCatalog.Hostile]) throws(AssetCatalogWriterError) {
        let renditionTree = store.variables.first { $0.name == "RENDITIONS" }!.block
        let firstLeaf = Int(renditionTree) + 1
        for harm in hostile {
            switch harm {
            case .truncated(let length):
                guard length >= 0 else { throw .invalidHostile("a truncation to \(length) bytes") }
                truncation = min(truncation ?? length, length)
            case .renditionsTreeCycle:
                store.blocks[firstLeaf].replaceSubrange(4..<8, with: BOMWriter.bigEndian(UInt32(firstLeaf)))
            case .wideTreeNode(let count):
                store.blocks[firstLeaf].replaceSubrange(2..<4, with: BOMWriter.bigEndian16(count))
            case .renditionsBranchChildPastTable(let level, let block):
                guard Int(block) >= placement.tableCount ?? store.blocks.count else {
                    throw .invalidHostile("block \(block) is inside the block table")
                }
                // The offset of the last entry of branch `id`, whose first 4 bytes are its child.
                func lastEntry(ofBranch id: Int) throws(AssetCatalogWriterError) -> Int {
                    let node = store.blocks.indices.contains(id) ? store.blocks[id] : []
                    let count = node.count >= 4 ? Int(node[2]) << 8 | Int(node[3]) : 0
                    guard node.count >= 12 + count * 8, node[0] == 0, node[1] == 0, count > 0 else {
                        throw .invalidHostile("the RENDITIONS tree has no branch at level \(level) (the root's is 0)")
                    }
                    return 12 + (count - 1) * 8
                }
                func child(at offset: Int, of id: Int) -> Int {
                    Int(store.blocks[id][offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
                }
                var branch = child(at: 8, of: Int(renditionTree))
                for _ in 0..<max(0, level) {
                    branch = child(at: try lastEntry(ofBranch: branch), of: branch)
                }
                let entry = try lastEntry(ofBranch: branch)
                store.blocks[branch].replaceSubrange(entry..<entry + 4, with: BOMWriter.bigEndian(block))
            case .lyingDimensions, .shortPixelPayload, .keyFormatCount:
                break
            }
        }
    }
}
