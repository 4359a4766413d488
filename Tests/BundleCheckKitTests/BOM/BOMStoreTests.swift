import Testing

@testable import BundleCheckFixtures
@testable import BundleCheckFormats

/// The store's header, block table and variables: every offset and count checked against the
/// file and the caps, each at its limit and one past it, and no truncation of a file that traps.
@Suite struct BOMStoreTests {
    typealias Hostile = BOMHostileInput

    static func open(_ bytes: [UInt8], limits: BOMLimits = .standard) -> Result<BOMStore, BOMError> {
        Result { () throws(BOMError) in try BOMStore(bytes: bytes, limits: limits) }
    }

    static let bom = BOMWriter.write(BOMWriterRoundTripTests.app)

    static func error(_ result: Result<BOMStore, BOMError>) -> BOMError? {
        if case .failure(let error) = result { return error }
        return nil
    }

    @Test func theStandardLimitsAreTheDocumentedOnes() {
        // docs/limits.md ("BOM store") states these values; change both together.
        #expect(
            BOMLimits.standard
                == BOMLimits(
                    maxBlocks: 4_194_304, maxVariables: 256, maxBlockLength: 268_435_456, maxTreeBlockSize: 1_048_576, maxTreeDepth: 32,
                    maxEntriesPerNode: 16_384, maxTreeEntries: 4_194_304, maxPathLength: 4096, maxPathDepth: 256
                ))
    }

    @Test func filesThatAreNoStoreOrEndInTheHeaderAreTold() {
        #expect(Self.error(Self.open([])) == .notBOMStore)
        #expect(Self.error(Self.open(Array("BOMStorf".utf8) + [UInt8](repeating: 0, count: 40))) == .notBOMStore)
        #expect(Self.error(Self.open(Array("BOMSt".utf8))) == .truncated(part: "header", needed: 32, available: 5))
        #expect(Self.error(Self.open(Array(Self.bom.prefix(20)))) == .truncated(part: "header", needed: 24, available: 20))
        var version = Self.bom
        Hostile.patch(&version, at: 8, 2)
        #expect(Self.error(Self.open(version)) == .unsupportedVersion(part: "store", version: 2))
    }

    @Test func sectionsOutsideTheFileAreRefused() {
        var index = Self.bom
        Hostile.patch(&index, at: 16, UInt32(Self.bom.count - 4))
        #expect(
            Self.error(Self.open(index))
                == .sectionOutOfFile(part: "block table", offset: UInt32(Self.bom.count - 4), length: try! Self.header(20), fileLength: Self.bom.count))
        var variables = Self.bom
        Hostile.patch(&variables, at: 28, 0xFFFF_FFFF)
        #expect(
            Self.error(Self.open(variables))
                == .sectionOutOfFile(part: "variables", offset: try! Self.header(24), length: 0xFFFF_FFFF, fileLength: Self.bom.count))
    }

    static func header(_ offset: Int) throws -> UInt32 {
        try BOMBlock(id: 0, bytes: bom[...]).uint32(at: offset)
    }

    @Test func theBlockTableIsCappedAndMustHoldItsEntriesAndFreeList() throws {
        let store = try BOMStore(bytes: Self.bom)
        let count = store.blocks.count
        #expect(throws: Never.self) { try BOMStore(bytes: Self.bom, limits: BOMLimits(maxBlocks: count)) }
        #expect(Self.error(Self.open(Self.bom, limits: BOMLimits(maxBlocks: count - 1))) == .tooManyBlocks(count: UInt32(count), limit: count - 1))
        let tableOffset = store.header.indexRange.lowerBound
        var entries = Self.bom
        Hostile.patch(&entries, at: tableOffset, UInt32(count + 100))
        #expect(Self.error(Self.open(entries)) == .truncated(part: "block table", needed: 4 + (count + 100) * 8, available: store.header.indexRange.count))
        var freeList = Self.bom
        Hostile.patch(&freeList, at: tableOffset + 4 + count * 8, 1000)
        #expect(Self.error(Self.open(freeList)) == .truncated(part: "free list", needed: 4 + count * 8 + 4 + 8000, available: store.header.indexRange.count))
    }

    @Test func variablesAreCappedAndMustFitTheirSection() throws {
        let store = try BOMStore(bytes: Self.bom)
        #expect(throws: Never.self) { try BOMStore(bytes: Self.bom, limits: BOMLimits(maxVariables: 5)) }
        #expect(Self.error(Self.open(Self.bom, limits: BOMLimits(maxVariables: 4))) == .tooManyVariables(count: 5, limit: 4))
        let offset = store.header.variablesRange.lowerBound
        var long = Self.bom
        long[offset + 8] = 200
        #expect(Self.error(Self.open(long)) == .truncated(part: "variables", needed: 4 + 5 + 200, available: store.header.variablesRange.count))
        var notUTF8 = Self.bom
        notUTF8[offset + 9] = 0xFF
        #expect(Self.error(Self.open(notUTF8)) == .malformedVariableName(index: 0))
        #expect(throws: BOMError.missingVariable("RENDITIONS")) { try store.tree("RENDITIONS") }
    }

    @Test func blocksAreCheckedAgainstTheTableTheFileAndTheCap() throws {
        var built = BOMWriter.Store()
        let small = built.add([UInt8](repeating: 7, count: 100))
        let far = built.add([1, 2, 3])
        built.addVariable("V", small)
        var bytes = built.write()
        let store = try BOMStore(bytes: bytes)
        #expect(try store.block(small).bytes == [UInt8](repeating: 7, count: 100)[...])
        #expect(try store.blockRange(of: small) == 512..<612)
        #expect(throws: BOMError.nullBlock(part: "a reference")) { try store.block(0) }
        #expect(throws: BOMError.blockOutOfRange(id: 3, count: 3)) { try store.block(3) }
        #expect(throws: BOMError.blockOutOfRange(id: 0xFFFF_FFFF, count: 3)) { try store.block(0xFFFF_FFFF) }
        let atCap = try BOMStore(bytes: bytes, limits: BOMLimits(maxBlockLength: 100))
        #expect(try atCap.block(small).count == 100)
        let pastCap = try BOMStore(bytes: bytes, limits: BOMLimits(maxBlockLength: 99))
        #expect(throws: BOMError.blockTooLarge(id: small, length: 100, limit: 99)) { try pastCap.block(small) }
        // Block 2's address moved past the end of the file.
        Hostile.patch(&bytes, at: store.header.indexRange.lowerBound + 4 + 2 * 8, UInt32(bytes.count - 2))
        let moved = try BOMStore(bytes: bytes)
        #expect(throws: BOMError.blockPastEnd(id: far, address: UInt32(bytes.count - 2), length: 3, fileLength: bytes.count)) { try moved.block(far) }
    }

    /// Every prefix of a Bom fails with an error, never a trap or a hang: the sections come
    /// last, so each cut puts one of them outside the file.
    @Test func everyTruncationOfABomIsAnError() {
        for length in 0..<Self.bom.count {
            let result = Result { () throws(BOMError) in try BOMPaths.read(try BOMStore(bytes: Array(Self.bom.prefix(length)))) }
            guard case .failure = result else {
                Issue.record("a Bom cut to \(length) bytes was read")
                return
            }
        }
    }

    @Test func bytesFlippedAnywhereInABomAreReadOrRefusedNeverATrap() {
        var bytes = Self.bom
        for offset in stride(from: 0, to: bytes.count, by: 5) {
            let saved = bytes[offset]
            bytes[offset] = ~saved
            _ = Result { () throws(BOMError) in try BOMPaths.read(try BOMStore(bytes: bytes)) }
            bytes[offset] = saved
        }
    }
}
