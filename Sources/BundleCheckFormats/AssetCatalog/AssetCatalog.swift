/// A compiled asset catalog (`Assets.car`): its header, key format, facets (named assets) and
/// renditions (their variants), read from the BOM store under it.
///
/// Reading lists everything but the payloads: the variables `CARHEADER`, `KEYFORMAT`,
/// `EXTENDED_METADATA` (when there), the trees `FACETKEYS` and `RENDITIONS`, each rendition's key
/// block and the CSI header and properties at the start of its value block (through
/// `BOMBlockSource.blockPrefix`, only those bytes). Payloads (pixels, JPEGs, icon sizes) are read
/// one rendition at a time by `payload(of:in:)` and `bitmap(of:in:)`, from the same source or
/// from one that has since fetched more blocks. Nothing is trusted: each count is capped
/// (`AssetCatalogLimits`) before it is used, and each fault throws an `AssetCatalogError`.
package struct AssetCatalog: Sendable {
    package let header: CARHeader
    package let extendedMetadata: CARExtendedMetadata?
    package let keyFormat: CARKeyFormat
    /// In `FACETKEYS` order (by name).
    package let facets: [CARFacet]
    /// `APPEARANCEKEYS`: the name of each appearance id a rendition key's `appearance` may carry
    /// (`UIAppearanceAny` 0, `NSAppearanceNameDarkAqua` 1, `ISAppearanceTintable` 10, …); empty
    /// for a catalog without the variable.
    package let appearances: [UInt16: String]
    /// In `RENDITIONS` order (by key); only those `read`'s `keeping` kept, when it was given.
    package let renditions: [CARRendition]
    /// Every rendition of `RENDITIONS`, kept or not.
    package let renditionCount: Int
    /// Every rendition, kept or not, counted by layout.
    package let renditionCountsByLayout: [CARRenditionLayout: Int]
    package let limits: AssetCatalogLimits

    /// Reads the catalog whose variables are `variables` from the blocks of `source`.
    ///
    /// `keeping`, when given, says which renditions to list after each is read (their headers and
    /// properties checked all the same): a catalog of 20,000 images listed for its icons holds
    /// the icons' renditions, not 20,000. Every rendition is counted either way.
    package static func read(
        _ source: some BOMBlockSource, variables: BOMVariables, limits: AssetCatalogLimits = .standard,
        keeping: ((CARRendition) -> Bool)? = nil
    ) throws(AssetCatalogError) -> AssetCatalog {
        func variable(_ name: String) throws(AssetCatalogError) -> UInt32 {
            guard let id = variables[name] else { throw .bom(.missingVariable(name)) }
            return id
        }
        let headerID = try variable("CARHEADER"), keyFormatID = try variable("KEYFORMAT")
        let facetsID = try variable("FACETKEYS"), renditionsID = try variable("RENDITIONS")
        let header = try CARHeader.read(try bom { () throws(BOMError) in try source.block(headerID, part: "variable CARHEADER") })
        let keyFormat = try CARKeyFormat.read(try bom { () throws(BOMError) in try source.block(keyFormatID, part: "variable KEYFORMAT") }, limits: limits)
        var extended: CARExtendedMetadata?
        if let id = variables["EXTENDED_METADATA"] {
            extended = try CARExtendedMetadata.read(try bom { () throws(BOMError) in try source.block(id, part: "variable EXTENDED_METADATA") })
        }
        var facets: [CARFacet] = []
        let facetTree = try bom { () throws(BOMError) in try BOMTree.read(source, block: facetsID) }
        try walk(facetTree, in: source, tree: "FACETKEYS", limit: limits.maxFacets) { entry throws(AssetCatalogError) in
            let name = try bom { () throws(BOMError) in try source.block(entry.key, part: "a facet name") }
            let value = try bom { () throws(BOMError) in try source.block(entry.value, part: "a facet") }
            facets.append(try CARFacet.read(name: name, value: value, limits: limits))
        }
        var appearances: [UInt16: String] = [:]
        if let id = variables["APPEARANCEKEYS"] {
            let tree = try bom { () throws(BOMError) in try BOMTree.read(source, block: id) }
            try walk(tree, in: source, tree: "APPEARANCEKEYS", limit: limits.maxAppearances) { entry throws(AssetCatalogError) in
                let name = try bom { () throws(BOMError) in try source.block(entry.key, part: "an appearance name") }
                let value = try bom { () throws(BOMError) in try source.block(entry.value, part: "an appearance") }
                guard let text = String(validating: name.bytes, as: UTF8.self), value.count >= 2 else { throw .malformedAppearance(block: entry.value) }
                let appearance = try CARBytes(value, part: "an appearance").uint16(at: 0)
                if appearances[appearance] == nil { appearances[appearance] = text }
            }
        }
        var names: [UInt16: String] = [:]
        for facet in facets { if let id = facet.identifier, names[id] == nil { names[id] = facet.name } }
        var renditions: [CARRendition] = []
        var count = 0
        var counts: [CARRenditionLayout: Int] = [:]
        var propertyBytes = 0
        let renditionTree = try bom { () throws(BOMError) in try BOMTree.read(source, block: renditionsID) }
        try walk(renditionTree, in: source, tree: "RENDITIONS", limit: limits.maxRenditions) { entry throws(AssetCatalogError) in
            let keyBlock = try bom { () throws(BOMError) in try source.block(entry.key, part: "a rendition key") }
            let key = try CARRenditionKey.read(keyBlock, format: keyFormat)
            let name = key.identifier == 0 ? nil : names[key.identifier]
            let rendition = try CARRendition.read(source, block: entry.value, key: key, facetName: name, limits: limits)
            // Counted after the read: one rendition past the cap costs at most maxPropertyBytes.
            propertyBytes += Int(rendition.header.propertiesLength)
            guard propertyBytes <= limits.maxListedPropertyBytes else {
                throw .propertiesTooLong(block: entry.value, length: UInt32(clamping: propertyBytes), limit: limits.maxListedPropertyBytes)
            }
            count += 1
            counts[rendition.header.layout, default: 0] += 1
            if keeping?(rendition) ?? true { renditions.append(rendition) }
        }
        return AssetCatalog(
            header: header, extendedMetadata: extended, keyFormat: keyFormat, facets: facets, appearances: appearances, renditions: renditions,
            renditionCount: count,
            renditionCountsByLayout: counts, limits: limits
        )
    }

    /// Reads the catalog of a store held in memory.
    package static func read(_ store: BOMStore, limits: AssetCatalogLimits = .standard) throws(AssetCatalogError) -> AssetCatalog {
        try read(store, variables: store.variables, limits: limits)
    }

    /// Calls `body` with each entry of `tree`, past `limit` entries throwing `tooManyEntries`.
    private static func walk(
        _ tree: BOMTree, in source: some BOMBlockSource, tree name: String, limit: Int, _ body: (BOMTreeEntry) throws(AssetCatalogError) -> Void
    ) throws(AssetCatalogError) {
        var inner: AssetCatalogError?
        var count = 0
        do throws(BOMError) {
            try tree.forEachEntry(in: source) { entry throws(BOMError) in
                guard inner == nil else { return }
                count += 1
                guard count <= limit else {
                    inner = .tooManyEntries(tree: name, limit: limit)
                    return
                }
                do throws(AssetCatalogError) { try body(entry) } catch { inner = error }
            }
        } catch {
            throw .bom(error)
        }
        if let inner { throw inner }
    }

    /// The name `APPEARANCEKEYS` gives the appearance of `rendition`'s key; nil when it names none.
    package func appearanceName(of rendition: CARRendition) -> String? {
        appearances[rendition.key[.appearance]]
    }

    /// The facet called `name`.
    package func facet(named name: String) -> CARFacet? {
        facets.first { $0.name == name }
    }

    /// The renditions of `facet`: those whose key carries its identifier.
    package func renditions(of facet: CARFacet) -> [CARRendition] {
        guard let identifier = facet.identifier else { return [] }
        return renditions.filter { $0.key.identifier == identifier }
    }

    /// The payload of `rendition`, read from its whole block in `source`.
    package func payload(of rendition: CARRendition, in source: some BOMBlockSource) throws(AssetCatalogError) -> CARRenditionPayload {
        let block = try bom { () throws(BOMError) in try source.block(rendition.block, part: "a rendition") }
        let bytes = CARBytes(block, part: "rendition payload")
        guard UInt64(rendition.payloadOffset) + UInt64(rendition.header.payloadLength) == UInt64(bytes.count) else {
            throw .payloadLengthMismatch(
                block: rendition.block, declared: rendition.header.payloadLength, available: bytes.count - min(bytes.count, rendition.payloadOffset))
        }
        return try CARRenditionPayload.read(bytes, at: rendition.payloadOffset, limits: limits)
    }

    /// The SVG of an Icon Composer vector layer (layout 9, pixel format `SVG `), decoded and
    /// measured; nil for a rendition of another kind.
    package func vectorImage(of rendition: CARRendition, in source: some BOMBlockSource) throws(AssetCatalogError) -> CARVectorImage? {
        guard rendition.header.pixelFormat == .svg, case .rawData(let raw) = try payload(of: rendition, in: source) else { return nil }
        return try CARVectorImage.read(raw, block: rendition.block, limits: limits)
    }

    /// The rendition an internal link points at: the one whose key has the link's values and 0
    /// for every other attribute.
    package func target(of link: CARInternalLink) -> CARRendition? {
        renditions.first { $0.key.matches(link.key) }
    }

    /// The decoded pixels of `rendition`: its own payload's, or for an internal link the frame
    /// it names in the bitmap it points into (whose whole payload is read and decoded).
    package func bitmap(of rendition: CARRendition, in source: some BOMBlockSource) throws(AssetCatalogError) -> CARBitmap {
        if let link = rendition.internalLink {
            guard let target = target(of: link) else {
                throw .linkTargetMissing(block: rendition.block, key: link.key.map(\.description).joined(separator: " "))
            }
            guard target.internalLink == nil else { throw .linkToLink(block: rendition.block, target: target.block) }
            let atlas = try ownBitmap(of: target, in: source)
            guard let cropped = atlas.cropped(to: link.frame) else {
                throw .linkFrameOutside(block: rendition.block, frame: link.frame, width: atlas.width, height: atlas.height)
            }
            return cropped
        }
        return try ownBitmap(of: rendition, in: source)
    }

    private func ownBitmap(of rendition: CARRendition, in source: some BOMBlockSource) throws(AssetCatalogError) -> CARBitmap {
        guard rendition.header.pixelFormat.bytesPerPixel != nil else {
            throw .unsupportedPixelFormat(block: rendition.block, format: rendition.header.pixelFormat)
        }
        guard case .pixels(let pixels) = try payload(of: rendition, in: source) else {
            throw .notABitmap(block: rendition.block, layout: rendition.header.layout)
        }
        return try CARBitmapDecoder.decode(pixels, of: rendition, limits: limits)
    }
}
