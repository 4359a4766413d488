import Testing

@testable import BundleCheckFixtures
@testable import BundleCheckFormats

/// Reading back the layered assets the writer makes (tvOS brand assets, visionOS icons, watch
/// sets) with the project's reader, whole and streamed.
enum AssetCatalogLayeredTestSupport {
    struct Reading {
        let bytes: [UInt8]
        let store: BOMStore
        let catalog: AssetCatalog

        func facet(_ name: String) throws -> CARFacet {
            try #require(catalog.facet(named: name), "the facet \(name)")
        }

        func renditions(_ name: String) throws -> [CARRendition] {
            catalog.renditions(of: try facet(name))
        }

        /// The one rendition of facet `name` with these key values.
        func rendition(_ name: String, part: UInt16 = 181, idiom: CARIdiom, scale: UInt16) throws -> CARRendition {
            let matches = try renditions(name).filter { $0.key[.part] == part && $0.key.idiom == idiom && $0.key.scale == scale }
            try #require(matches.count == 1, "\(name): \(matches.count) renditions of part \(part), idiom \(idiom), scale \(scale)")
            return matches[0]
        }

        /// The names of the facets the layers of `stack` name, bottom first.
        func layerNames(_ stack: CARRendition) -> [String?] {
            stack.layers.map { layer in
                let identifier = layer.key.first { $0.attribute == .identifier }?.value
                return catalog.facets.first { $0.identifier == identifier }?.name
            }
        }
    }

    static func read(_ catalog: FixtureAssetCatalog) throws -> Reading {
        try read(try catalog.bytes())
    }

    static func read(_ bytes: [UInt8]) throws -> Reading {
        let store = try BOMStore(bytes: bytes)
        return Reading(bytes: bytes, store: store, catalog: try AssetCatalog.read(store))
    }

    /// Property 1001's one slice: its width and height.
    static func slice(_ rendition: CARRendition) throws -> [UInt32] {
        let property = try #require(rendition.properties.first { $0.type == CARRenditionTLV.slices })
        let bytes = Array(property.value)
        try #require(bytes.count == 20 && AssetCatalogTestSupport.littleEndian32(bytes[...], 0) == 1, "one slice")
        return [AssetCatalogTestSupport.littleEndian32(bytes[...], 12), AssetCatalogTestSupport.littleEndian32(bytes[...], 16)]
    }

    /// A JPEG rendition's size and scale as the reader sees them, after checking it is one: pixel
    /// format JPEG, flags bit 4, CSI size 0×0, a raw-data payload of a JPEG header whose SOF0
    /// gives the slices' size.
    static func jpeg(_ rendition: CARRendition, in reading: Reading) throws -> (width: UInt32, height: UInt32, scaleFactor: UInt32) {
        #expect(rendition.header.pixelFormat == .jpeg && rendition.header.flags.rawValue == 16, "\(rendition.header.name)")
        #expect(rendition.header.width == 0 && rendition.header.height == 0 && rendition.header.layout == .onePartScale)
        let size = try slice(rendition)
        guard case .rawData(let data) = try reading.catalog.payload(of: rendition, in: reading.store) else {
            Issue.record("\(rendition.header.name) has no raw-data payload")
            return (0, 0, 0)
        }
        let jpeg = Array(data.bytes)
        #expect(jpeg.starts(with: [0xFF, 0xD8, 0xFF, 0xE0]) && jpeg.suffix(2) == [0xFF, 0xD9], "SOI, APP0 … EOI")
        let frame = try #require(jpeg.indices.dropLast().first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 }, "an SOF0 segment")
        let height = UInt32(jpeg[frame + 5]) << 8 | UInt32(jpeg[frame + 6])
        let width = UInt32(jpeg[frame + 7]) << 8 | UInt32(jpeg[frame + 8])
        #expect([width, height] == size && jpeg[frame + 9] == 3, "the SOF0's size is the slices'; 3 components")
        return (size[0], size[1], rendition.header.scaleFactor)
    }

    /// What a listing says of each rendition, to compare two readings.
    static func listing(_ catalog: AssetCatalog) -> [String] {
        catalog.renditions.map {
            "\($0.block) \($0.key.values) \($0.header.name) \($0.header.width)x\($0.header.height) \($0.header.layout) \($0.properties.count) \($0.layers.count)"
        }
    }

    /// The streamed reader (a stream that cannot seek, as a zip entry) lists `bytes` as the
    /// whole store's reader does.
    static func expectStreamedListingIsTheWholeOne(_ reading: Reading) throws {
        let bytes = reading.bytes
        let store = try BOMStreamedStore(length: bytes.count) { InMemoryEntryReader(bytes: bytes, canSeek: false) }
        let streamed = try AssetCatalog.read(streaming: store)
        #expect(listing(streamed) == listing(reading.catalog))
        #expect(streamed.facets == reading.catalog.facets)
        #expect(streamed.renditionCount == reading.catalog.renditionCount && streamed.renditionCountsByLayout == reading.catalog.renditionCountsByLayout)
        #expect(store.passes <= 4, "\(store.passes) passes")
        for facet in reading.catalog.facets {
            let whole = try reading.catalog.iconSet(named: facet.name, in: reading.store)
            let inStream = try streamed.iconSet(named: facet.name, streaming: store)
            #expect(whole?.layerStacks == inStream?.layerStacks && whole?.images.map(\.rendition) == inStream?.images.map(\.rendition), "\(facet.name)")
        }
    }
}
