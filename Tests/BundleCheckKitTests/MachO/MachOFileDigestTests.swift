import BundleCheckFixtures
import Testing

@testable import BundleCheckFormats

/// The whole file's SHA-256, taken in the reader's one pass (for the SBOMs): every byte goes
/// through it, the fat header's padding and what follows the last slice included, whether the
/// entry can seek or not; a read that is not asked for it reads no more than before.
@Suite struct MachOFileDigestTests {
    static let fat = MachOWriter.fat([
        MachOSliceDescription(architecture: .arm64, cStrings: ["one"]), MachOSliceDescription(architecture: .x86_64, cStrings: ["two"]),
    ])

    static func read(_ bytes: [UInt8], canSeek: Bool, digesting: Bool = true) throws -> (MachOFile?, CountingEntryReader) {
        let reader = CountingEntryReader(canSeek ? InMemoryEntryReader(bytes: bytes) : ForwardOnlyEntryReader(bytes: bytes))
        return (try MachOReader.read(reader, size: UInt64(bytes.count), digestingFile: digesting), reader)
    }

    @Test(arguments: [true, false])
    func aFatFilesDigestIsThatOfEveryByte(canSeek: Bool) throws {
        // Trailing bytes past the last slice (a code signature's padding, an appended blob) count too.
        let bytes = Self.fat + [UInt8](repeating: 0xA5, count: 10_000)
        let (file, reader) = try Self.read(bytes, canSeek: canSeek)
        #expect(try #require(file).sha256 == Hex.lowercase(try Digest.hash(bytes, .sha256)))
        #expect(reader.bytesRead == UInt64(bytes.count))
        #expect(reader.bytesSkipped == 0)
    }

    /// A signed fat file read as an SBOM run reads it: its strings kept, its code pages hashed
    /// and compared, and the file digested, all in the one pass; the seal still matches.
    @Test(arguments: [true, false])
    func theDigestGoesWithTheCodePagesAndTheStrings(canSeek: Bool) throws {
        let signature = FixtureCodeSignature(identifier: "com.example.notes", teamIdentifier: "ABCDE12345")
        let bytes = MachOWriter.fat([
            MachOSliceDescription(architecture: .arm64, codeSignature: signature, cStrings: ["https://example.com/one"]),
            MachOSliceDescription(architecture: .x86_64, codeSignature: signature, cStrings: ["https://example.com/two"]),
        ])
        let reader: any EntryReader = canSeek ? InMemoryEntryReader(bytes: bytes) : ForwardOnlyEntryReader(bytes: bytes)
        let file = try #require(
            try MachOReader.read(reader, size: UInt64(bytes.count), evidence: KeepEveryStringForTests(), hashingCodePages: true, digestingFile: true))
        #expect(file.sha256 == Hex.lowercase(try Digest.hash(bytes, .sha256)))
        #expect(file.slices.allSatisfy { (slice: MachOSlice) in slice.codeSignature?.seal?.codePages == .matched })
        #expect(file.slices.flatMap { (slice: MachOSlice) in slice.evidence.map(\.value) }.sorted() == ["https://example.com/one", "https://example.com/two"])
    }

    @Test func withoutTheDigestTheReaderStillSeeksPastWhatItDoesNotNeed() throws {
        let bytes = Self.fat + [UInt8](repeating: 0xA5, count: 10_000)
        let (file, reader) = try Self.read(bytes, canSeek: true, digesting: false)
        #expect(try #require(file).sha256 == nil)
        #expect(reader.bytesRead < UInt64(bytes.count))
    }

    @Test func aThinFilesDigestMatches() throws {
        let bytes = MachOWriter.thin(MachOSliceDescription(cStrings: ["hello"]))
        let (file, _) = try Self.read(bytes, canSeek: false)
        #expect(try #require(file).sha256 == Hex.lowercase(try Digest.hash(bytes, .sha256)))
    }

    @Test func aFileThatIsNoMachOIsNotDigested() throws {
        let (file, _) = try Self.read(Array("#!/bin/sh\necho hi\n".utf8), canSeek: true)
        #expect(file == nil)
    }

    /// A library's LC_ID_DYLIB gives its current version (the SBOM's version of a loose library).
    @Test func aLibrarysOwnVersionIsRead() throws {
        var slice = MachOSliceDescription(fileType: .dylib)
        slice.dylibIdentity = MachODylibIdentity(installName: "@rpath/libvendor.dylib", currentVersion: MachOVersion(major: 4, minor: 2, patch: 1))
        let (file, _) = try Self.read(MachOWriter.thin(slice), canSeek: true, digesting: false)
        #expect(try #require(file).slices.first?.dylibVersion?.description == "4.2.1")
        let (executable, _) = try Self.read(MachOWriter.thin(MachOSliceDescription()), canSeek: true, digesting: false)
        #expect(try #require(executable).slices.first?.dylibVersion == nil)
    }

    @Test func hexWritesTwoLowercaseDigitsPerByte() {
        #expect(Hex.lowercase([0x00, 0x0F, 0xA0, 0xFF]) == "000fa0ff")
        #expect(Hex.lowercase([]) == "")
    }
}

/// An entry that cannot seek: a skip reads and discards, as a deflated zip entry does.
final class ForwardOnlyEntryReader: EntryReader {
    private let inner: InMemoryEntryReader
    init(bytes: [UInt8]) { inner = InMemoryEntryReader(bytes: bytes) }
    var canSeek: Bool { false }
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int { try inner.read(into: buffer) }
    func skip(_ count: UInt64) throws { try discard(count) }
}

/// Keeps every string the pass offers.
struct KeepEveryStringForTests: BinaryEvidenceFilter {
    func wants(_ kind: BinaryEvidenceKind, _ value: String) -> Bool { true }
}
