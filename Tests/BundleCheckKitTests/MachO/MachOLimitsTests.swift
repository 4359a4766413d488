import BundleCheckFixtures
import Testing

@testable import BundleCheckFormats

/// Each cap of `MachOLimits`, at the cap (accepted) and one past it (refused naming the cap,
/// or cut as documented), on fixture files read with limits set to the fixture's own counts.
@Suite struct MachOLimitsTests {
    typealias Support = MachOTestSupport

    static let thin = MachOHostileInputTests.thin
    static let fat = MachOHostileInputTests.fat

    static func read(
        _ bytes: [UInt8],
        _ limits: MachOLimits,
        hashingCodePages: Bool = false,
        evidence: (any BinaryEvidenceFilter)? = nil
    ) throws -> MachOFile? {
        if let evidence {
            return try MachOReader.read(
                InMemoryEntryReader(bytes: bytes), size: UInt64(bytes.count), evidence: evidence,
                hashingCodePages: hashingCodePages, limits: limits
            )
        }
        return try MachOReader.read(InMemoryEntryReader(bytes: bytes), size: UInt64(bytes.count), hashingCodePages: hashingCodePages, limits: limits)
    }

    static func signature(_ bytes: [UInt8], _ limits: MachOLimits) throws -> CodeSignature? {
        try read(bytes, limits)?.slices.first?.codeSignature
    }

    @Test func theStandardLimitsAreTheDocumentedValues() {
        let standard = MachOLimits.standard
        #expect(standard.maxArchitectures == 32)
        #expect(standard.maxLoadCommands == 65_536)
        #expect(standard.maxLoadCommandsBytes == 16 * 1024 * 1024)
        #expect(standard.maxCodeSignatureBytes == 32 * 1024 * 1024)
        #expect(standard.maxSignatureBlobs == 64)
        #expect(standard.maxPageShift == 30)
        #expect(standard.maxKeptPageHashes == 65_536)
        #expect(standard.maxStringBytes == 4096)
        #expect(standard.maxWholeRangeBytes == 32 * 1024 * 1024)
    }

    @Test func aFatFileWithAsManyArchitecturesAsTheCapIsReadAndOneMoreIsRefused() throws {
        let count = Int(Support.readUInt32BE(Self.fat, at: 4))
        #expect(try Self.read(Self.fat, MachOLimits(maxArchitectures: count))?.slices.count == count)
        #expect(throws: MachOError.tooManyArchitectures(count: UInt32(count), limit: count - 1)) {
            try Self.read(Self.fat, MachOLimits(maxArchitectures: count - 1))
        }
    }

    @Test func loadCommandsAtTheCountCapAreReadAndOneMoreIsRefused() throws {
        let count = Support.readUInt32LE(Self.thin, at: 16)
        #expect(try Self.read(Self.thin, MachOLimits(maxLoadCommands: Int(count)))?.slices.count == 1)
        #expect(throws: MachOError.tooManyLoadCommands(count: count, limit: Int(count) - 1)) {
            try Self.read(Self.thin, MachOLimits(maxLoadCommands: Int(count) - 1))
        }
        #expect(MachOError.tooManyLoadCommands(count: count, limit: Int(count) - 1).message.contains("more than the \(count - 1) bundlecheck reads"))
    }

    @Test func loadCommandsAtTheSizeCapAreReadAndOneByteMoreIsRefused() throws {
        let size = Support.readUInt32LE(Self.thin, at: 20)
        #expect(try Self.read(Self.thin, MachOLimits(maxLoadCommandsBytes: Int(size)))?.slices.count == 1)
        #expect(throws: MachOError.loadCommandsTooLarge(size: size, limit: Int(size) - 1)) {
            try Self.read(Self.thin, MachOLimits(maxLoadCommandsBytes: Int(size) - 1))
        }
    }

    @Test func aSignatureAtTheSizeCapIsReadAndOneByteLargerIsSkippedUnread() throws {
        let size = Int(try #require(try Self.signature(Self.thin, .standard)).dataSize)
        let atCap = try #require(try Self.signature(Self.thin, MachOLimits(maxCodeSignatureBytes: size)))
        #expect(!atCap.isTooLargeToRead)
        #expect(atCap.identifier != nil)
        let pastCap = try #require(try Self.signature(Self.thin, MachOLimits(maxCodeSignatureBytes: size - 1)))
        #expect(pastCap.isTooLargeToRead)
        #expect(pastCap.identifier == nil)
    }

    @Test func aSuperBlobListingAsManyBlobsAsTheCapIsReadAndOneMoreIsRefused() throws {
        let offset = Int(try #require(try Self.signature(Self.thin, .standard)).dataOffset)
        let count = Int(Support.readUInt32BE(Self.thin, at: offset + 8))
        #expect(try Self.signature(Self.thin, MachOLimits(maxSignatureBlobs: count))?.identifier != nil)
        let reason = "superblob lists \(count) blobs, more than its length or the \(count - 1) bundlecheck reads"
        #expect(throws: MachOError.malformedCodeSignature(reason: reason)) {
            try Self.read(Self.thin, MachOLimits(maxSignatureBlobs: count - 1))
        }
    }

    @Test func pagesAtTheSizeCapAreSealedAndLargerPagesLeaveASealProblem() throws {
        let bytes = MachOWriter.thin(CodeSealTests.slice())
        // codesign writes pages of 2^12 bytes.
        let atCap = try #require(try Self.signature(bytes, MachOLimits(maxPageShift: 12)))
        #expect(atCap.seal?.pageSize == 4096)
        #expect(atCap.sealProblem == nil)
        let pastCap = try #require(try Self.signature(bytes, MachOLimits(maxPageShift: 11)))
        #expect(pastCap.seal == nil)
        #expect(pastCap.sealProblem == "its code directory states pages of 2^12 bytes")
        #expect(pastCap.identifier == "com.example.app", "the rest of the signature still reads")
    }

    @Test func aMismatchWithinTheKeptPagesIsNamedAndOnePastThemIsReportedAfterThem() throws {
        var bytes = MachOWriter.thin(CodeSealTests.slice())
        bytes[3 * 4096 + 17] ^= 0x01
        func codePages(keeping pages: Int) throws -> CodePageCheck? {
            try Self.read(bytes, MachOLimits(maxKeptPageHashes: pages), hashingCodePages: true)?.slices.first?.codeSignature?.seal?.codePages
        }
        // Page 3 is the fourth page: kept when four are, folded into the rest when three are.
        #expect(try codePages(keeping: 4) == .mismatched(firstPage: 3))
        #expect(try codePages(keeping: 3) == .mismatchedAfter(page: 3))
        bytes[3 * 4096 + 17] ^= 0x01
        #expect(try codePages(keeping: 3) == .matched, "an unmodified file matches whatever the cap")
    }

    @Test func aStringAtTheLengthCapIsKeptAndOneByteLongerIsLeftOut() throws {
        let atCap = String(repeating: "a", count: 16), pastCap = String(repeating: "b", count: 17)
        let slice = MachOSliceDescription(codeSignature: FixtureCodeSignature(identifier: "a"), cStrings: [atCap, pastCap, "after"])
        let file = try #require(try Self.read(MachOWriter.thin(slice), MachOLimits(maxStringBytes: 16), evidence: KeepAllEvidence()))
        #expect(file.slices[0].evidence.filter { $0.kind == .string }.map(\.value) == [atCap, "after"])
    }

    @Test func aRangeReadWholeAtTheSizeCapIsRequestedAndOneByteLargerIsRefused() throws {
        let header = try #require(MachOHeader(Array(Self.thin.prefix(32)), is64Bit: true))
        let start = UInt32(header.size) + header.commandsSize
        var requests = EvidenceRequests(header: header, sliceOffset: 0, sliceSize: 1 << 20, maxWholeRangeBytes: 1000)
        try requests.addWhole(offset: start, size: 1000, purpose: .chainedFixups)
        #expect(requests.requests(outside: nil).map(\.length) == [1000])
        #expect(throws: MachOError.rangeTooLarge(part: ByteRangePurpose.bindOpcodes.partName, size: 1001, limit: 1000)) {
            try requests.addWhole(offset: start, size: 1001, purpose: .bindOpcodes)
        }
        #expect(
            MachOError.rangeTooLarge(part: "bind opcodes", size: 1001, limit: 1000).message
                == "the bind opcodes (size 1001) is larger than the 1000 bytes bundlecheck reads")
    }
}
