import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats

/// Damaged and hostile Mach-O files: each throws `MachOError` or returns a bounded
/// result, never traps, hangs or allocates what the file claims.
@Suite struct MachOHostileInputTests {
    typealias Support = MachOTestSupport

    static let thin = MachOWriter.thin(MachOWriterRoundTripTests.signed)
    static let fat = MachOWriter.fat([
        MachOSliceDescription(architecture: .armv7, codeSignature: FixtureCodeSignature(identifier: "a", entitlementsXML: Array("<plist/>".utf8))),
        MachOWriterRoundTripTests.signed,
    ])

    static func expectError(_ expected: MachOError, _ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(throws: expected, sourceLocation: sourceLocation) { try Support.read(bytes) }
    }

    @Test func filesThatAreNotMachOReadAsNil() throws {
        #expect(try Support.read([]) == nil)
        #expect(try Support.read([0xCF, 0xFA, 0xED]) == nil)
        #expect(try Support.read(Array("<?xml version=\"1.0\"?>".utf8)) == nil)
        // A Java class file shares 0xcafebabe; its next bytes are a class-file version (major 52).
        #expect(try Support.read([0xCA, 0xFE, 0xBA, 0xBE, 0x00, 0x00, 0x00, 0x34] + [UInt8](repeating: 0, count: 64)) == nil)
    }

    @Test func bigEndianMachOIsRefusedWithItsOwnError() {
        Self.expectError(.bigEndian, [0xFE, 0xED, 0xFA, 0xCF] + [UInt8](repeating: 0, count: 60))
        Self.expectError(.bigEndian, [0xFE, 0xED, 0xFA, 0xCE] + [UInt8](repeating: 0, count: 60))
    }

    @Test func everyTruncationOfAThinAndAFatFileFailsCleanly() {
        for original in [Self.thin, Self.fat] {
            for length in 0..<original.count where length < 600 || length % 7 == 0 {
                let cut = Array(original.prefix(length))
                // Declared size matching the bytes, and the full declared size with a stream that ends early.
                Support.readExpectingOnlyMachOErrors(cut)
                Support.readExpectingOnlyMachOErrors(cut, declaredSize: UInt64(original.count))
                if length >= 4 {
                    #expect(throws: MachOError.self) { try MachOReader.read(InMemoryEntryReader(bytes: cut), size: UInt64(original.count)) }
                }
            }
        }
    }

    @Test func everyTruncationOfACorpusBinaryFailsCleanly() throws {
        guard let path = RepositoryPaths.corpusOrSkip("isign/SimpleSaucyApp.ipa") else { return }
        let original = try ZipArchiveReader(path: path).read("Payload/SimpleSaucyApp.app/SimpleSaucyApp", limit: 1 << 20)
        for length in stride(from: 0, to: original.count, by: 331) {
            Support.readExpectingOnlyMachOErrors(Array(original.prefix(length)))
        }
    }

    @Test func randomByteFlipsNeverCrash() throws {
        var random = SeededRandom(seed: 0x6D61_6368)
        var samples = [Self.thin, Self.fat]
        if let path = RepositoryPaths.corpusOrSkip("sentry-cli/DemoApp.ipa") {
            samples.append(try ZipArchiveReader(path: path).read("Payload/DemoApp.app/DemoApp", limit: 1 << 20))
        }
        for original in samples {
            for _ in 0..<400 {
                var bytes = original
                for _ in 0..<Int.random(in: 1...8, using: &random) {
                    // Mostly in the headers and load commands, sometimes anywhere.
                    let limit = Bool.random(using: &random) ? min(bytes.count, 17_000) : bytes.count
                    bytes[Int.random(in: 0..<limit, using: &random)] = UInt8.random(in: 0...255, using: &random)
                }
                Support.readExpectingOnlyMachOErrors(bytes)
            }
        }
    }

    @Test func hugeLoadCommandCountAndSizeAreRefused() {
        var bytes = Self.thin
        Support.writeUInt32LE(0xFFFF_FFFF, into: &bytes, at: 16)
        Self.expectError(.tooManyLoadCommands(count: 0xFFFF_FFFF, limit: MachOLimits.standard.maxLoadCommands), bytes)
        bytes = Self.thin
        Support.writeUInt32LE(0xFFFF_FFF0, into: &bytes, at: 20)
        Self.expectError(.loadCommandsTooLarge(size: 0xFFFF_FFF0, limit: MachOLimits.standard.maxLoadCommandsBytes), bytes)
        bytes = Self.thin
        Support.writeUInt32LE(1 << 20, into: &bytes, at: 20)
        Self.expectError(.truncated(part: "load commands", end: 32 + (1 << 20)), bytes)
    }

    @Test func aLoadCommandSizeThatIsZeroMisalignedOrTooLongIsRefused() {
        for (size, reason) in [(0, "cmdsize 0 is less than 8"), (12, "cmdsize 12 is not a multiple of 8"), (0x10_0000, "cmdsize 1048576 runs past sizeofcmds")]
        {
            var bytes = Self.thin
            Support.writeUInt32LE(UInt32(size), into: &bytes, at: 32 + 4)
            Self.expectError(.malformedLoadCommand(index: 0, reason: reason), bytes)
        }
    }

    @Test func hugeFatArchitectureCountIsRefused() {
        var bytes = Self.fat
        Support.writeUInt32BE(1000, into: &bytes, at: 4)
        Self.expectError(.tooManyArchitectures(count: 1000, limit: MachOLimits.standard.maxArchitectures), bytes)
        Support.writeUInt32BE(0xFFFF_FFFF, into: &bytes, at: 4)
        Self.expectError(.tooManyArchitectures(count: 0xFFFF_FFFF, limit: MachOLimits.standard.maxArchitectures), bytes)
        Support.writeUInt32BE(0, into: &bytes, at: 4)
        Self.expectError(.noArchitectures, bytes)
    }

    @Test func overlappingAndOutOfBoundsFatSlicesAreRefused() {
        var bytes = Self.fat
        // Second record's offset (at 8 + 20 + 8) pulled into the first slice.
        Support.writeUInt32BE(16384 + 64, into: &bytes, at: 36)
        Self.expectError(.slicesOverlap(first: 0, second: 1), bytes)
        bytes = Self.fat
        Support.writeUInt32BE(0xFFFF_FF00, into: &bytes, at: 40)
        Self.expectError(.sliceOutOfBounds(index: 1, offset: 32768, size: 0xFFFF_FF00, fileSize: UInt64(bytes.count)), bytes)
        bytes = Self.fat
        Support.writeUInt32BE(4, into: &bytes, at: 16)
        Self.expectError(
            .sliceOutOfBounds(index: 0, offset: 4, size: UInt64(Support.readUInt32LE(bytes, at: 20).byteSwapped), fileSize: UInt64(bytes.count)), bytes)
    }

    @Test func aFatSliceThatIsNotMachOIsRefused() {
        var bytes = Self.fat
        bytes[16384] = 0
        Self.expectError(.sliceNotMachO(index: 0), bytes)
    }

    @Test func aCodeSignaturePastTheEndIsRefused() throws {
        var bytes = Self.thin
        let command = try #require(Support.loadCommandOffset(0x1D, in: bytes))
        let size = Support.readUInt32LE(bytes, at: command + 12)
        Support.writeUInt32LE(UInt32(bytes.count - 4), into: &bytes, at: command + 8)
        Self.expectError(.rangeOutOfBounds(part: "code signature", offset: UInt64(bytes.count - 4), size: UInt64(size), sliceSize: UInt64(bytes.count)), bytes)
        Support.writeUInt32LE(0xFFFF_FFFF, into: &bytes, at: command + 8)
        #expect(throws: MachOError.self) { try Support.read(bytes) }
        Support.writeUInt32LE(8, into: &bytes, at: command + 8) // inside the load commands
        #expect(throws: MachOError.self) { try Support.read(bytes) }
    }

    @Test func aSuperBlobWithABogusCountOrMagicIsRefused() throws {
        let file = try #require(try Support.read(Self.thin))
        let signatureOffset = Int(try #require(file.slices.first?.codeSignature?.dataOffset))
        var bytes = Self.thin
        Support.writeUInt32BE(0xFFFF_FFFF, into: &bytes, at: signatureOffset + 8)
        #expect(throws: MachOError.self) { try Support.read(bytes) }
        bytes = Self.thin
        Support.writeUInt32BE(0x0BAD_0BAD, into: &bytes, at: signatureOffset)
        Self.expectError(.malformedCodeSignature(reason: "superblob magic is 0xbad0bad, not 0xfade0cc0"), bytes)
        bytes = Self.thin
        // First index entry's blob offset far outside the SuperBlob.
        Support.writeUInt32BE(0x7FFF_FFFF, into: &bytes, at: signatureOffset + 16)
        #expect(throws: MachOError.self) { try Support.read(bytes) }
    }

    @Test func aHugeSignatureIsSkippedUnreadAndReportedTooLarge() throws {
        var head = Self.thin
        let command = try #require(Support.loadCommandOffset(0x1D, in: head))
        let tooLarge = UInt32(MachOLimits.standard.maxCodeSignatureBytes + 1)
        Support.writeUInt32LE(tooLarge, into: &head, at: command + 12)
        let reader = ZeroPaddedEntryReader(head: head, paddingSize: UInt64(tooLarge))
        let counting = CountingEntryReader(reader)
        let file = try #require(try MachOReader.read(counting, size: reader.size))
        let signature = try #require(file.slices.first?.codeSignature)
        #expect(signature.isTooLargeToRead)
        #expect(signature.identifier == nil)
        #expect(counting.bytesRead < 4096)
    }

    @Test func errorMessagesAreLowercase() {
        let errors: [MachOError] = [
            .truncated(part: "mach header", end: 32), .bigEndian, .noArchitectures,
            .tooManyArchitectures(count: 99, limit: 32), .sliceOutOfBounds(index: 0, offset: 1, size: 2, fileSize: 3),
            .slicesOverlap(first: 0, second: 1), .sliceNotMachO(index: 1), .tooManyLoadCommands(count: 1, limit: 0),
            .loadCommandsTooLarge(size: 1, limit: 0), .malformedLoadCommand(index: 1, reason: "x"),
            .rangeOutOfBounds(part: "code signature", offset: 1, size: 2, sliceSize: 3),
            .rangeTooLarge(part: "bind opcodes", size: 2, limit: 1), .malformedCodeSignature(reason: "x"),
        ]
        for error in errors {
            #expect(error.message == error.message.lowercased())
        }
    }
}
