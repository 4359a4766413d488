import BundleCheckFixtures
import Testing

@testable import BundleCheckFormats

/// The seal of a signature as `MachOReader` reads it: which CodeDirectory is chosen, the special
/// slots, the signature's own blobs and the code pages hashed in the same pass, on Mach-O files
/// the fixture builder signs with real hashes.
@Suite struct CodeSealTests {
    typealias Support = MachOTestSupport

    static let entitlements = XMLPropertyListWriter.write(
        .dictionary(
            PlistDictionary([
                "application-identifier": .string("ABCDE12345.com.example.app")
            ])))

    static func slice(
        _ architecture: MachOFixtureArchitecture = .arm64,
        hashTypes: [CodeDirectoryHashType] = [.sha256],
        minimumOS: UInt16 = 16,
        edit: (inout FixtureCodeSignature) -> Void = { _ in }
    ) -> MachOSliceDescription {
        var signature = FixtureCodeSignature(
            identifier: "com.example.app", teamIdentifier: "ABCDE12345", entitlementsXML: entitlements,
            entitlementsDER: [0x70, 0x03, 0x02, 0x01, 0x01], hashTypes: hashTypes,
            boundInfoPlist: Array("<plist/>".utf8), boundCodeResources: Array("<plist><dict/></plist>".utf8)
        )
        edit(&signature)
        var slice = MachOSliceDescription(
            architecture: architecture,
            platformVersion: .buildVersion(.iOS, minimumOS: MachOVersion(major: minimumOS), sdk: MachOVersion(major: 18)),
            codeSignature: signature
        )
        // Enough strings for several pages, so page numbers mean something.
        slice.cStrings = (0..<600).map { "fixture string number \($0)" }
        return slice
    }

    static func seal(_ bytes: [UInt8], hashing: Bool = true) throws -> [CodeSeal?] {
        let file = try #require(try MachOReader.read(InMemoryEntryReader(bytes: bytes), size: UInt64(bytes.count), hashingCodePages: hashing))
        return file.slices.map { $0.codeSignature?.seal }
    }

    @Test func anUnmodifiedSignatureMatchesItsBlobsAndEveryPage() throws {
        let seal = try #require(try Self.seal(MachOWriter.thin(Self.slice())).first ?? nil)
        #expect(seal.hashType == .sha256)
        #expect(seal.codeDirectorySlot == 0)
        #expect(seal.pageSize == 4096)
        #expect(seal.codePageCount > 3)
        #expect(seal.codePages == .matched)
        #expect(seal.mismatchedBlobs.isEmpty)
        #expect(Set(seal.specialSlots.keys) == [.infoPlist, .requirements, .resourceDirectory, .entitlements, .derEntitlements])
        #expect(try seal.matches(.infoPlist, Array("<plist/>".utf8)) == true)
        #expect(try seal.matches(.infoPlist, Array("<plist />".utf8)) == false)
        #expect(try seal.matches(.application, []) == nil, "a zero-filled slot binds nothing")
    }

    @Test func withoutHashingThePagesAreNotCompared() throws {
        let seal = try #require(try Self.seal(MachOWriter.thin(Self.slice()), hashing: false).first ?? nil)
        #expect(seal.codePages == .notHashed)
        #expect(seal.mismatchedBlobs.isEmpty)
    }

    @Test func theStrongestHashTypeIsVerified() throws {
        let both = try #require(try Self.seal(MachOWriter.thin(Self.slice(hashTypes: [.sha1, .sha256]))).first ?? nil)
        #expect(both.hashType == .sha256)
        #expect(both.codeDirectorySlot == 0x1000)
        #expect(both.codePages == .matched)
        let truncated = try #require(try Self.seal(MachOWriter.thin(Self.slice(hashTypes: [.sha1, .sha256Truncated]))).first ?? nil)
        #expect(truncated.hashType == .sha256Truncated)
        #expect(truncated.codePages == .matched)
    }

    @Test func anOldSHA1SignatureIsVerifiedForAnOldDeploymentTarget() throws {
        let seal = try #require(try Self.seal(MachOWriter.thin(Self.slice(hashTypes: [.sha1], minimumOS: 9))).first ?? nil)
        #expect(seal.hashType == .sha1)
        #expect(seal.codePages == .matched)
    }

    @Test func aSHA1OnlySignatureOnANewDeploymentTargetLeavesThePagesUnverified() throws {
        // codesign writes SHA-256 from iOS 11 on, so the pass hashes SHA-256 alone there.
        let seal = try #require(try Self.seal(MachOWriter.thin(Self.slice(hashTypes: [.sha1], minimumOS: 16))).first ?? nil)
        #expect(seal.hashType == .sha1)
        #expect(seal.codePages == .unverifiable("its SHA-1 hashes were not computed"))
    }

    @Test func aSHA384OnlySignatureIsNotVerified() throws {
        let signature = try #require(try Support.read(MachOWriter.thin(Self.slice(hashTypes: [.sha384]))).map { $0.slices[0].codeSignature } ?? nil)
        #expect(signature.seal == nil)
        #expect(signature.sealProblem == nil)
        #expect(signature.identifier == "com.example.app")
    }

    @Test func aPatchedByteNamesTheFirstPageThatDiffers() throws {
        var bytes = MachOWriter.thin(Self.slice())
        bytes[3 * 4096 + 17] ^= 0x01
        let seal = try #require(try Self.seal(bytes).first ?? nil)
        #expect(seal.codePages == .mismatched(firstPage: 3))
        bytes[4096 + 5] ^= 0x01
        #expect(try Self.seal(bytes).first??.codePages == .mismatched(firstPage: 1))
    }

    @Test func thePatchOfTheFixtureBuilderChangesTheFirstPage() throws {
        let seal = try #require(try Self.seal(MachOWriter.thin(Self.slice { $0.patchesCodeAfterSigning = true })).first ?? nil)
        #expect(seal.codePages == .mismatched(firstPage: 0))
        #expect(seal.mismatchedBlobs.isEmpty)
    }

    @Test func eachSliceOfAFatFileIsComparedFromItsOwnStart() throws {
        var bytes = MachOWriter.fat([Self.slice(.armv7), Self.slice(.arm64)])
        #expect(try Self.seal(bytes).map { $0?.codePages } == [.matched, .matched])
        let file = try #require(try Support.read(bytes))
        bytes[Int(file.slices[1].offset) + 2 * 4096] ^= 0xFF
        #expect(try Self.seal(bytes).map { $0?.codePages } == [.matched, .mismatched(firstPage: 2)])
    }

    @Test func rewrittenEntitlementsNoLongerHashToTheirSlot() throws {
        let rewritten = XMLPropertyListWriter.write(
            .dictionary(
                PlistDictionary([
                    "application-identifier": .string("TestFixture.com.example.app")
                ])))
        let seal = try #require(try Self.seal(MachOWriter.thin(Self.slice { $0.entitlementsXMLAfterSigning = rewritten })).first ?? nil)
        #expect(seal.mismatchedBlobs == [.entitlements])
        #expect(seal.codePages == .matched, "the signature lies after the code: its blobs are not code pages")
    }

    @Test func aCodeDirectoryWhoseSlotsDoNotFitIsAProblemNotAnError() throws {
        var bytes = MachOWriter.thin(Self.slice())
        let directory = try #require(Self.offset(of: [0xFA, 0xDE, 0x0C, 0x02], in: bytes))
        Support.writeUInt32BE(0x00FF_FFFF, into: &bytes, at: directory + 28) // nCodeSlots
        let signature = try #require(try Support.read(bytes)?.slices[0].codeSignature)
        #expect(signature.seal == nil)
        #expect(signature.sealProblem?.contains("do not fit") == true)
        #expect(signature.identifier == "com.example.app", "the rest of the signature still reads")
    }

    @Test func aCodeDirectoryWithTheWrongPageCountIsAProblem() throws {
        var bytes = MachOWriter.thin(Self.slice())
        let directory = try #require(Self.offset(of: [0xFA, 0xDE, 0x0C, 0x02], in: bytes))
        let limit = Support.readUInt32BE(bytes, at: directory + 32)
        Support.writeUInt32BE(limit + 8192, into: &bytes, at: directory + 32) // codeLimit
        let signature = try #require(try Support.read(bytes)?.slices[0].codeSignature)
        #expect(signature.sealProblem?.contains("spans") == true)
    }

    /// Found by the `macho` fuzz harness (2026-11-30): rounding a 64-bit code limit up to whole
    /// pages overflowed, and the overflow trap ended the process.
    @Test(arguments: [UInt64.max, UInt64.max - 4095, 1 << 63])
    func aCodeLimitNearTheTopOf64BitsIsAProblemNotACrash(_ limit: UInt64) throws {
        var bytes = MachOWriter.thin(Self.slice())
        let directory = try #require(Self.offset(of: [0xFA, 0xDE, 0x0C, 0x02], in: bytes))
        Support.writeUInt32BE(UInt32(limit >> 32), into: &bytes, at: directory + 56) // codeLimit64
        Support.writeUInt32BE(UInt32(truncatingIfNeeded: limit), into: &bytes, at: directory + 60)
        let signature = try #require(try Support.read(bytes)?.slices[0].codeSignature)
        #expect(signature.seal == nil)
        #expect(signature.sealProblem?.contains("spans \(limit / 4096 + (limit % 4096 == 0 ? 0 : 1))") == true, "\(signature.sealProblem ?? "")")
    }

    @Test func theHasherKeepsBoundedDigestsAndComparesTheRestAsAWhole() throws {
        let code: [UInt8] = (0..<7).flatMap { page -> [UInt8] in [UInt8](repeating: UInt8(page), count: 4096) } + [1, 2, 3]
        var slots: [UInt8] = try (0..<8).flatMap { page -> [UInt8] in
            try Digest.hash(Array(code[(page * 4096)..<min(code.count, (page + 1) * 4096)]), .sha256)
        }
        func compare() throws -> CodePageCheck {
            let hasher = try CodePageHasher(algorithms: [.sha256], maxKeptPages: 2)
            try hasher.feed(code)
            try hasher.finish()
            #expect(hasher.pageCount == 8)
            return try hasher.compare(with: slots[...], hashType: .sha256, slotSize: 32)
        }
        #expect(try compare() == .matched)
        slots[5 * 32] ^= 1
        #expect(try compare() == .mismatchedAfter(page: 2))
        slots[1 * 32] ^= 1
        #expect(try compare() == .mismatched(firstPage: 1))
    }

    static func offset(of pattern: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= pattern.count else { return nil }
        return (0...(bytes.count - pattern.count)).first { bytes[$0..<($0 + pattern.count)].elementsEqual(pattern) }
    }
}
