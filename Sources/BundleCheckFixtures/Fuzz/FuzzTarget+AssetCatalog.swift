import BundleCheckFormats

/// The `car` harness: a compiled asset catalogue (`Assets.car`) through `AssetCatalog`, read
/// from the whole store and again streamed, and every rendition's payload and pixels decoded.
extension FuzzTarget {
    /// What the car harness decodes of one bitmap at most, as `lzfseOutputLimit` for a stream:
    /// a few bytes of LZFSE can declare megabytes of pixels.
    public static let carBitmapLimit = 8 << 20
    /// Renditions and facets of one input past these are listed but not decoded: decoding
    /// thousands per input would only slow the run, and the listing has checked them all.
    public static let carRenditionsDecoded = 64
    public static let carFacetsVisited = 64
    /// Pixels decoded of one input at most, over all its bitmaps: a real catalogue's icons
    /// decode to tens of MiB, and scanning them for alpha under the fuzzer's tracing of every
    /// comparison took a second an input. The App Store icon (4 MiB) fits.
    public static let carPixelBudget = 2 * carBitmapLimit

    /// The reader's own caps but the bitmap's, which is the harness's budget.
    static var carLimits: AssetCatalogLimits {
        var limits = AssetCatalogLimits.standard
        limits.maxBitmapBytes = carBitmapLimit
        limits.maxVectorBytes = carBitmapLimit
        return limits
    }

    /// The streamed store keeps 4 KiB of head, not 64: most inputs are smaller than 64 KiB and
    /// would be held whole, never reaching `fetch`. The passes cap is raised because each
    /// missing block costs one here (a reader that batches its fetches needs far fewer).
    static var carStreamLimits: BOMLimits {
        var limits = BOMLimits.standard
        limits.streamedHeadLength = 4096
        limits.maxStreamPasses = 128
        return limits
    }

    /// Refused when the store or the catalogue does not open; a payload or bitmap that does not
    /// decode is that rendition's failure, not the input's.
    static func assetCatalog(_ bytes: [UInt8]) -> Outcome {
        let store = try? BOMStore(bytes: bytes)
        let whole = store.flatMap { try? AssetCatalog.read($0, limits: carLimits) }
        let streamed = Result { try StreamedAssetCatalog.read(bytes, storeLimits: carStreamLimits, catalogLimits: carLimits) }
        requireSameListing(whole: whole, streamed: streamed)
        requireSameListing(whole: whole, swept: sweptAssetCatalog(bytes))
        guard let store, let catalog = whole else { return .refused }

        let streamedRead = try? streamed.get()
        for facet in catalog.facets.prefix(carFacetsVisited) {
            guard let set = try? catalog.iconSet(named: facet.name, in: store) else { continue }
            _ = (set.marketingImage?.pixelWidth, set.layerStacks.count)
            for image in set.images { _ = (image.idiom, image.scale, image.pointSize?.width, image.pixelHeight) }
            // An Icon Composer icon read whole: references followed, gradients and SVGs decoded;
            // then streamed, as a run reads it, which must read the same icon.
            guard !set.iconStacks.isEmpty else { continue }
            let icon = Result { () throws(AssetCatalogError) in try catalog.iconComposerIcon(named: facet.name, in: store) }
            if case .success(let icon?) = icon {
                for vector in icon.vectorLayers {
                    precondition(vector.image.decodedBytes <= carLimits.maxVectorBytes, "an SVG of \(vector.image.decodedBytes) bytes, past the cap")
                }
                _ = (icon.groupNames, icon.gradients.map(\.gradient.stops.count), icon.colors.count)
            }
            if let streamedRead {
                let streamedIcon = Result { () throws(AssetCatalogError) in
                    try streamedRead.catalog.iconComposerIcon(named: facet.name, streaming: streamedRead.store)
                }
                requireSameIcon(whole: icon, streamed: streamedIcon)
            }
        }
        let streamedStore = streamedRead?.store
        var decoded = 0
        for rendition in catalog.renditions.prefix(carRenditionsDecoded) {
            let payload = try? catalog.payload(of: rendition, in: store)
            if let streamedStore {
                // Every block the listing read is held whole by now, the payload's among them.
                precondition(
                    payload == (try? catalog.payload(of: rendition, in: streamedStore)), "block \(rendition.block)'s payload reads differently streamed")
            }
            guard decoded < carPixelBudget, let bitmap = try? catalog.bitmap(of: rendition, in: store) else { continue }
            precondition(bitmap.pixels.count <= carBitmapLimit, "a bitmap of \(bitmap.pixels.count) bytes, past the cap")
            decoded += bitmap.pixels.count
            _ = bitmap.isOpaque
        }
        return .read
    }

    /// The catalogue as a run reads it: the sweep of `AssetCatalog.read(streaming:)`, square
    /// images' pixels kept on the way as the App Store icon's are.
    static func sweptAssetCatalog(_ bytes: [UInt8]) -> Result<AssetCatalog, any Error> {
        Result { () throws -> AssetCatalog in
            let sweptStore = try BOMStreamedStore(length: bytes.count, limits: carStreamLimits) { InMemoryEntryReader(bytes: bytes, canSeek: false) }
            do {
                return try AssetCatalog.read(streaming: sweptStore, limits: carLimits, keepsPixels: { $0.width == $0.height })
            } catch {
                throw error as any Error
            }
        }
    }

    /// The sweep lists what the whole read lists, or gives up for a stream's own reason.
    private static func requireSameListing(whole: AssetCatalog?, swept: Result<AssetCatalog, any Error>) {
        switch swept {
        case .success(let catalog):
            guard let whole else { preconditionFailure("the sweep reads a catalogue the whole store refuses") }
            precondition(catalog.header == whole.header && catalog.facets == whole.facets, "the header or facets read differently swept")
            precondition(
                catalog.renditions == whole.renditions,
                "\(catalog.renditions.count) renditions swept, \(whole.renditions.count) whole, or they read differently")
            precondition(
                catalog.renditionCount == whole.renditionCount && catalog.renditionCountsByLayout == whole.renditionCountsByLayout,
                "the sweep counts differently")
        case .failure(let error):
            precondition(whole == nil || StreamedAssetCatalog.isStreamingOnly(error), "the whole store reads a catalogue the sweep refuses: \(error)")
        }
    }

    /// The streamed icon is the whole store's, or the stream gave up for a reason of its own.
    private static func requireSameIcon(whole: Result<CARIconComposerIcon?, AssetCatalogError>, streamed: Result<CARIconComposerIcon?, AssetCatalogError>) {
        switch (whole, streamed) {
        case (.success(let wholeIcon), .success(let streamedIcon)):
            precondition(wholeIcon == streamedIcon, "the Icon Composer icon reads differently streamed")
        case (_, .failure(let error)) where StreamedAssetCatalog.isStreamingOnly(error):
            break
        case (.failure(let wholeError), .failure(let streamedError)):
            precondition(wholeError == streamedError, "the icon fails differently streamed: \(streamedError), whole \(wholeError)")
        case (.success, .failure(let error)):
            preconditionFailure("the whole store reads an icon the streamed one refuses: \(error)")
        case (.failure(let error), .success):
            preconditionFailure("the streamed store reads an icon the whole one refuses: \(error)")
        }
    }

    /// The streamed read holds only blocks of the same file, so it lists what the whole read
    /// lists, or gives up for a reason of its own (a pass or a byte too many); anything else
    /// stops the harness, a finding.
    private static func requireSameListing(whole: AssetCatalog?, streamed: Result<(store: BOMStreamedStore, catalog: AssetCatalog), any Error>) {
        switch streamed {
        case .success(let read):
            guard let whole else { preconditionFailure("the streamed store reads a catalogue the whole store refuses") }
            let catalog = read.catalog
            precondition(catalog.header == whole.header && catalog.keyFormat == whole.keyFormat, "the header or key format reads differently streamed")
            precondition(catalog.extendedMetadata == whole.extendedMetadata, "EXTENDED_METADATA reads differently streamed")
            precondition(catalog.facets == whole.facets, "the facets read differently streamed: \(catalog.facets.map(\.name)) and \(whole.facets.map(\.name))")
            precondition(catalog.renditions.count == whole.renditions.count, "\(catalog.renditions.count) renditions streamed, \(whole.renditions.count) whole")
            precondition(catalog.renditions == whole.renditions, "the renditions' headers or properties read differently streamed")
        case .failure(let error):
            precondition(whole == nil || StreamedAssetCatalog.isStreamingOnly(error), "the whole store reads a catalogue the streamed one refuses: \(error)")
        }
    }
}
