import Testing

@testable import BundleCheckFixtures
@testable import BundleCheckFormats

/// Catalogs broken one field at a time: each is refused with the `AssetCatalogError` that names
/// the fault, never a crash, and the plain one reads.
@Suite struct AssetCatalogHostileInputTests {
    typealias Input = CARHostileInput

    /// The error of `result`, failing the test when there is none.
    func failure<T>(_ result: Result<T, AssetCatalogError>, sourceLocation: SourceLocation = #_sourceLocation) -> AssetCatalogError? {
        if case .failure(let error) = result { return error }
        Issue.record("read without an error", sourceLocation: sourceLocation)
        return nil
    }

    @Test func thePlainCatalogReadsAndItsClearPixelIsFound() throws {
        let bitmap = try Input.plain.bitmap().get()
        #expect(bitmap.packedPixels == Input.pixels2x2)
        #expect(bitmap.isOpaque == false)
        let first = try #require(bitmap.firstTransparentPixel)
        #expect(first.x == 1 && first.y == 1)
        let (_, catalog) = try Input.plain.read().get()
        #expect(catalog.renditions.first?.facetName == "AppIcon" && catalog.renditions.first?.key.idiom == .marketing)
    }

    @Test func everyTruncationOfARenditionBlockThrows() {
        let plain = Input.plain
        let full = plain.renditions[0].value
        for length in 0..<full.count {
            var input = plain
            input.renditions[0].value = Array(full.prefix(length))
            _ = failure(input.bitmap())
        }
    }

    @Test func truncatedHeaderKeyFormatAndFacetThrow() {
        for cut in [0, 3, 4, 100, 435] {
            var input = Input.plain
            input.header = Array(input.header.prefix(cut))
            _ = failure(input.read())
        }
        for cut in [0, 4, 11, 12, 20, 31] {
            var input = Input.plain
            input.keyFormat = Array(input.keyFormat.prefix(cut))
            _ = failure(input.read())
        }
        for cut in [0, 5, 6, 9, 17] {
            var input = Input.plain
            input.facetValue = Array(input.facetValue.prefix(cut))
            _ = failure(input.read())
        }
    }

    @Test func aKeyFormatOfAnAbsurdCountIsRefusedBeforeItIsRead() {
        for count: UInt32 in [65, 0xFFFF_FFFF] {
            var input = Input.plain
            input.keyFormat.replaceSubrange(8..<12, with: Input.le32(count))
            #expect(failure(input.read()) == .tooManyKeyAttributes(count: count, limit: 64))
        }
        var atTheCap = Input.plain
        atTheCap.keyFormat.replaceSubrange(8..<12, with: Input.le32(64))
        guard case .truncated(let part, _, _, _) = failure(atTheCap.read()) else {
            Issue.record("64 attributes in 5's bytes")
            return
        }
        #expect(part.contains("key format"))
        var wide = Input.plain
        wide.keyFormat.replaceSubrange(12..<16, with: Input.le32(0x1_0000))
        #expect(failure(wide.read()) == .attributeIDTooLarge(index: 0, id: 0x1_0000))
    }

    @Test func aKeyShorterThanItsFormatIsRefused() {
        var input = Input.plain
        input.renditions[0].key = Array(input.renditions[0].key.prefix(9))
        guard case .keyTooShort(_, 9, 10) = failure(input.read()) else {
            Issue.record("a 9-byte key")
            return
        }
    }

    @Test func aRenditionHeaderWhoseSizesLieIsRefused() {
        func with(width: UInt32, height: UInt32, rowBytes: UInt32 = 8, payload: [UInt8] = Input.pixels(stream: Input.pixels2x2)) -> Input {
            var input = Input.plain
            input.renditions[0].value = Input.rendition(width: width, height: height, properties: Input.property(1007, Input.le32(rowBytes)), payload: payload)
            return input
        }
        // Wider than its rows: a row of 3 pixels does not fit in 8 bytes.
        #expect(failure(with(width: 3, height: 2).bitmap()) == .rowBytesTooSmall(block: 2, rowBytes: 8, needed: 12))
        // Higher than its pixels: 3 rows of 8 bytes are 24, the stream has 16.
        #expect(failure(with(width: 2, height: 3).bitmap()) == .decodedSizeMismatch(block: 2, chunk: 0, decoded: 16, expected: 24))
        #expect(failure(with(width: 0, height: 2).bitmap()) == .dimensionsOutOfRange(block: 2, width: 0, height: 2, limit: 16_384))
        #expect(failure(with(width: 16_385, height: 1).bitmap()) == .dimensionsOutOfRange(block: 2, width: 16_385, height: 1, limit: 16_384))
        // 16384 rows of 64 KiB pass no cap but the bytes' (1 GiB), checked before anything is allocated.
        #expect(failure(with(width: 16_384, height: 16_384, rowBytes: 65_536).bitmap()) == .bitmapTooLarge(block: 2, bytes: 1 << 30, limit: 256 << 20))
        // A payload length that is not what follows the properties.
        var lying = Input.plain
        lying.renditions[0].value.replaceSubrange(180..<184, with: Input.le32(17))
        #expect(failure(lying.read()) == .payloadLengthMismatch(block: 2, declared: 17, available: 32))
        var wrongTag = Input.plain
        wrongTag.renditions[0].value[0] = 0
        guard case .wrongTag(_, 2, "CTSI", _) = failure(wrongTag.read()) else {
            Issue.record("a header without its tag")
            return
        }
    }

    @Test func aPropertyWhoseLengthRunsPastTheBlockIsRefused() {
        var input = Input.plain
        // The row-bytes property claims 100 bytes of the 4 its rendition's properties hold.
        input.renditions[0].value.replaceSubrange(188..<192, with: Input.le32(100))
        #expect(failure(input.read()) == .propertyPastEnd(block: 2, offset: 184, type: 1007, length: 100, available: 4))
        var past = Input.plain
        // The properties' length itself past the block.
        past.renditions[0].value.replaceSubrange(168..<172, with: Input.le32(10_000))
        guard case .propertyPastEnd(2, 184, _, 10_000, _) = failure(past.read()) else {
            Issue.record("properties past the block")
            return
        }
        var huge = Input.plain
        huge.renditions[0].value.replaceSubrange(168..<172, with: Input.le32(0xFFFF_FFFF))
        #expect(failure(huge.read()) == .propertiesTooLong(block: 2, length: 0xFFFF_FFFF, limit: 1 << 20))
        var short = Input.plain
        short.renditions[0].value = Input.rendition(
            width: 2, height: 2, properties: Input.property(1007, [8, 0]), payload: Input.pixels(stream: Input.pixels2x2))
        guard case .malformedProperty(2, 184, 1007, _) = failure(short.read()) else {
            Issue.record("a 2-byte row-bytes property")
            return
        }
    }

    @Test func aPixelPayloadThatDecodesToMoreOrLessIsRefused() throws {
        func with(compression: UInt32, stream: [UInt8]) -> Input {
            var input = Input.plain
            input.renditions[0].value = Input.rendition(
                width: 2, height: 2, properties: Input.property(1007, Input.le32(8)), payload: Input.pixels(compression: compression, stream: stream))
            return input
        }
        #expect(failure(with(compression: 0, stream: Input.pixels2x2 + [0]).bitmap()) == .decodedSizeMismatch(block: 2, chunk: 0, decoded: 17, expected: 16))
        // zlib (2): one byte too many, one too few; and gzip-wrapped, as CoreUI writes it, decodes.
        let more = try ZlibCompressor.compress(Input.pixels2x2 + [7], format: .zlib)
        #expect(failure(with(compression: 2, stream: more).bitmap()) == .decodedSizeMismatch(block: 2, chunk: 0, decoded: 17, expected: 16))
        let less = try ZlibCompressor.compress(Array(Input.pixels2x2.dropLast()), format: .gzip)
        #expect(failure(with(compression: 2, stream: less).bitmap()) == .decodedSizeMismatch(block: 2, chunk: 0, decoded: 15, expected: 16))
        let gzip = try ZlibCompressor.compress(Input.pixels2x2, format: .gzip)
        #expect(try with(compression: 2, stream: gzip).bitmap().get().packedPixels == Input.pixels2x2)
        guard case .decompressionFailed(2, 0, .zlib, _) = failure(with(compression: 2, stream: [0x78, 0x9C, 0xFF, 0xFF]).bitmap()) else {
            Issue.record("damaged zlib")
            return
        }
        // LZFSE (4): a stored block (`bvx-`) of 15 or 17 bytes, and of 16, which decodes.
        func stored(_ bytes: [UInt8]) -> [UInt8] { Array("bvx-".utf8) + Input.le32(UInt32(bytes.count)) + bytes + Array("bvx$".utf8) }
        #expect(
            failure(with(compression: 4, stream: stored(Array(Input.pixels2x2.dropLast()))).bitmap())
                == .decodedSizeMismatch(block: 2, chunk: 0, decoded: 15, expected: 16))
        #expect(
            failure(with(compression: 4, stream: stored(Input.pixels2x2 + [1])).bitmap()) == .decodedSizeMismatch(block: 2, chunk: 0, decoded: 17, expected: 16)
        )
        #expect(try with(compression: 4, stream: stored(Input.pixels2x2)).bitmap().get().packedPixels == Input.pixels2x2)
        // LZVN (3): an end-of-stream opcode alone decodes to nothing.
        guard case .decompressionFailed(2, 0, .lzvn, _) = failure(with(compression: 3, stream: [0x06] + [UInt8](repeating: 0, count: 7)).bitmap()) else {
            Issue.record("an empty LZVN stream for 16 bytes")
            return
        }
        #expect(failure(with(compression: 6, stream: [1, 2, 3]).bitmap()) == .unsupportedCompression(block: 2, compression: .blurred))
    }

    @Test func aChunkListThatOverflowsIsRefused() throws {
        func with(_ payload: [UInt8]) -> Input {
            var input = Input.plain
            input.renditions[0].value = Input.rendition(width: 2, height: 2, properties: Input.property(1007, Input.le32(8)), payload: payload)
            return input
        }
        let rows = [(rows: UInt32(1), stream: Array(Input.pixels2x2.prefix(8))), (rows: UInt32(1), stream: Array(Input.pixels2x2.suffix(8)))]
        #expect(try with(Input.chunkedPixels(chunks: rows)).bitmap().get().packedPixels == Input.pixels2x2)
        #expect(
            failure(with(Input.chunkedPixels(chunks: rows, declaredCount: 0xFFFF_FFFF)).bitmap()) == .tooManyChunks(block: 2, count: 0xFFFF_FFFF, limit: 16_384)
        )
        // A count of 3 where 2 chunks are: the third's header is past the block.
        guard case .truncated(let part, 2, _, _) = failure(with(Input.chunkedPixels(chunks: rows, declaredCount: 3)).bitmap()) else {
            Issue.record("a chunk past the block")
            return
        }
        #expect(part == "pixel chunk 2")
        // Rows that overflow 32 bits, and rows that do not add up to the height.
        let overflowing = [(rows: UInt32.max, stream: [UInt8]()), (rows: UInt32(3), stream: [UInt8]())]
        #expect(failure(with(Input.chunkedPixels(chunks: overflowing)).bitmap()) == .chunkRowsMismatch(block: 2, rows: UInt64(UInt32.max) + 3, height: 2))
        #expect(failure(with(Input.chunkedPixels(chunks: [rows[0]])).bitmap()) == .chunkRowsMismatch(block: 2, rows: 1, height: 2))
        // A chunk's stream longer than what is left of the block.
        var long = Input.chunkedPixels(chunks: rows)
        long.replaceSubrange(32..<36, with: Input.le32(0xFFFF_FFF0))
        guard case .truncated(_, 2, _, _) = failure(with(long).bitmap()) else {
            Issue.record("a chunk's stream past the block")
            return
        }
        #expect(failure(with(Input.chunkedPixels(chunks: rows) + [0]).bitmap()) == .payloadLengthMismatch(block: 2, declared: 72, available: 73))
    }

    @Test func runLengthDataOfTheWrongShapeIsRefused() throws {
        func with(_ stream: [UInt8]) -> Result<CARBitmap, AssetCatalogError> {
            var input = Input.plain
            input.renditions[0].value = Input.rendition(
                width: 2, height: 2, properties: Input.property(1007, Input.le32(8)), payload: Input.pixels(compression: 1, stream: stream))
            return input.bitmap()
        }
        let head = Input.le32(4) + Input.le32(2) + Input.le32(2) + Input.le32(20) + Input.le32(20)
        let white = Input.le32(0x8000_0002) + [255, 255, 255, 255]
        #expect(try with(head + white).get().packedPixels == [UInt8](repeating: 255, count: 16))
        guard case .malformedRunLength = failure(with(head + Input.le32(0x8000_0003) + [1, 2, 3, 4])) else {
            Issue.record("a run past its row")
            return
        }
        guard case .malformedRunLength = failure(with(head + Input.le32(0))) else {
            Issue.record("a run of 0")
            return
        }
        guard case .malformedRunLength = failure(with(Input.le32(4) + Input.le32(3) + Input.le32(2) + Array(head.suffix(8)) + white)) else {
            Issue.record("a width not the rendition's")
            return
        }
        guard case .truncated = failure(with(Input.le32(4) + Input.le32(2) + Input.le32(2) + Input.le32(0xFFFF_FF00) + Input.le32(20) + white)) else {
            Issue.record("a row offset past the data")
            return
        }
        guard case .truncated = failure(with(head + Input.le32(2) + [1, 2, 3])) else {
            Issue.record("literal pixels past the data")
            return
        }
    }

    @Test func internalLinksThatLieAreRefused() throws {
        func link(x: UInt32, y: UInt32, width: UInt32, height: UInt32, key: [UInt16]) -> [UInt8] {
            let pairs: [UInt8] = key.flatMap { (value: UInt16) -> [UInt8] in Input.le16(value) } + [0, 0, 0, 0]
            let frame: [UInt8] = [x, y, width, height].flatMap { (value: UInt32) -> [UInt8] in Input.le32(value) }
            let start: [UInt8] = Input.tag("INLK") + Input.le32(0) + frame
            return start + Input.le16(12) + Input.le32(UInt32(pairs.count)) + pairs
        }
        func with(_ property: [UInt8], atlasIsLink: Bool = false) -> Input {
            var input = Input.plain
            let atlas = Input.rendition(
                width: 2, height: 2, layout: atlasIsLink ? 1003 : 1004,
                properties: Input.property(1007, Input.le32(8))
                    + (atlasIsLink ? Input.property(1010, link(x: 0, y: 0, width: 1, height: 1, key: [1, 9])) : []),
                payload: atlasIsLink ? [] : Input.pixels(stream: Input.pixels2x2)
            )
            input.renditions = [
                (Input.key(identifier: 0, element: 9, part: 181), atlas),
                (Input.key(), Input.rendition(width: 1, height: 1, layout: 1003, properties: Input.property(1010, property), payload: [])),
            ]
            return input
        }
        func bitmap(_ input: Input) -> Result<CARBitmap, AssetCatalogError> {
            input.read().flatMap { store, catalog in Result { () throws(AssetCatalogError) in try catalog.bitmap(of: catalog.renditions[1], in: store) } }
        }
        let atlasKey: [UInt16] = [12, 1, 15, 6, 1, 9, 2, 181]
        // The top-right pixel is green: its frame's y is 1, counted from the bottom row.
        #expect(try bitmap(with(link(x: 1, y: 1, width: 1, height: 1, key: atlasKey))).get().packedPixels == [0, 255, 0, 255])
        #expect(
            failure(bitmap(with(link(x: 1, y: 1, width: 2, height: 1, key: atlasKey))))
                == .linkFrameOutside(block: 4, frame: CARFrame(x: 1, y: 1, width: 2, height: 1), width: 2, height: 2))
        #expect(failure(bitmap(with(link(x: 0, y: 0xFFFF_FFFF, width: 1, height: 1, key: atlasKey)))) != nil)
        guard case .linkTargetMissing = failure(bitmap(with(link(x: 0, y: 0, width: 1, height: 1, key: [1, 10])))) else {
            Issue.record("a link to no rendition")
            return
        }
        guard case .linkToLink = failure(bitmap(with(link(x: 0, y: 0, width: 1, height: 1, key: atlasKey), atlasIsLink: true))) else {
            Issue.record("a link to a link")
            return
        }
        var badKey = link(x: 0, y: 0, width: 1, height: 1, key: atlasKey)
        badKey.replaceSubrange(26..<30, with: Input.le32(0xFFFF_FFFC))
        guard case .malformedProperty(_, _, 1010, _) = failure(with(badKey).read()) else {
            Issue.record("a link key past its property")
            return
        }
    }

    @Test func setsAndTreesPastTheirCapsAreRefused() {
        var input = Input.plain
        input.renditions = (0..<3).map { (Input.key(scale: UInt16($0 + 1)), Input.plain.renditions[0].value) }
        #expect(failure(input.read(limits: AssetCatalogLimits(maxRenditions: 2))) == .tooManyEntries(tree: "RENDITIONS", limit: 2))
        #expect((try? input.read(limits: AssetCatalogLimits(maxRenditions: 3)).get()) != nil)
        var facet = Input.plain
        facet.facetValue.replaceSubrange(4..<6, with: Input.le16(65))
        #expect(failure(facet.read()) == .tooManyAttributePairs(part: "facet \"AppIcon\"", block: 6, count: 65, limit: 64))
        var sizes = Input.plain
        let set = Input.tag("MSIS") + Input.le32(1) + Input.le32(0xFFFF_FFFF)
        sizes.renditions[0].value = Input.rendition(width: 0, height: 0, layout: 1010, format: "\0\0\0\0", properties: [], payload: set)
        let result = sizes.read().flatMap { store, catalog in
            Result { () throws(AssetCatalogError) in try catalog.payload(of: catalog.renditions[0], in: store) }
        }
        #expect(failure(result) == .tooManySetEntries(block: 2, count: 0xFFFF_FFFF, limit: 4096))
    }

    /// Entries of `RENDITIONS` that all name one value block: what listing copies grows with the
    /// entries, not with the file, so the properties are capped added up. Found by the car fuzz
    /// harness's author (Fuzz/Regressions/car/renditions-sharing-one-large-value: 16,384 entries
    /// on one 128 KiB value, 285 KB, ran out of time copying 2 GiB).
    @Test func renditionsSharingOneValueBlockHaveTheirPropertiesCappedAddedUp() {
        let input = Input.plain
        let properties = Input.property(1007, Input.le32(8)) + Input.property(9999, [UInt8](repeating: 0, count: 4088))
        var store = BOMWriter.Store()
        store.addVariable("CARHEADER", store.add(input.header))
        let key = store.add(Input.key())
        let shared = store.add(Input.rendition(width: 2, height: 2, properties: properties, payload: Input.pixels(stream: Input.pixels2x2)))
        store.addVariable("RENDITIONS", store.addTree(Array(repeating: (value: shared, key: key), count: 300)))
        store.addVariable("FACETKEYS", store.addTree(pairs: [(key: Array("AppIcon".utf8), value: input.facetValue)]))
        store.addVariable("KEYFORMAT", store.add(input.keyFormat))
        let bytes = store.write()
        // 300 renditions of 4,108 bytes of properties each: past 1 MiB at the 256th.
        #expect(
            failure(Input.read(bytes, limits: AssetCatalogLimits(maxListedPropertyBytes: 1 << 20)))
                == .propertiesTooLong(block: shared, length: 256 * 4108, limit: 1 << 20))
        #expect((try? Input.read(bytes).get())?.1.renditions.count == 300)
    }

    @Test func theLimitsAreThoseDocsLimitsMdStates() {
        // docs/limits.md ("Asset catalogs") states these values; change both together.
        #expect(
            AssetCatalogLimits.standard
                == AssetCatalogLimits(
                    maxKeyAttributes: 64, maxRenditions: 262_144, maxFacets: 262_144, maxAttributePairs: 64, maxPropertyBytes: 1 << 20,
                    maxBitmapDimension: 16_384, maxBitmapBytes: 256 << 20, maxChunks: 16_384, maxSetEntries: 4096, maxListedPropertyBytes: 16 << 20
                ))
    }
}

/// The corpus's Flutter catalog with bytes of a rendition overwritten one at a time: each read
/// and decode either succeeds or throws an `AssetCatalogError`.
@Suite struct AssetCatalogRealCatalogDamageTests {
    @Test(
        .enabled(if: RepositoryPaths.corpusTestsEnabled, "needs ../shared/corpus"),
        arguments: ["Icon-App-1024x1024@1x.png", "Icon-App-60x60@2x.png", "Icon-App-29x29@1x.png"])
    func everyByteOfARenditionsHeaderAndPropertiesOverwritten(_ name: String) throws {
        guard let bytes = try CorpusCatalog.shorebird.file(endingWith: "/Assets.car") else { return }
        let (store, catalog) = try CARHostileInput.read(bytes).get()
        let rendition = try #require(catalog.renditions.first { $0.header.name == name })
        let range = try store.blockRange(of: rendition.block)
        var failures = 0
        for offset in 0..<min(range.count, rendition.payloadOffset + 64) {
            for value: UInt8 in [0xFF, 0x00] where bytes[range.lowerBound + offset] != value {
                var damaged = bytes
                damaged[range.lowerBound + offset] = value
                let result = CARHostileInput.read(damaged).flatMap { store, catalog in
                    Result { () throws(AssetCatalogError) in
                        for rendition in catalog.renditions where rendition.header.name == name { _ = try catalog.bitmap(of: rendition, in: store) }
                    }
                }
                if case .failure = result { failures += 1 }
            }
        }
        #expect(failures > 0)
    }
}
