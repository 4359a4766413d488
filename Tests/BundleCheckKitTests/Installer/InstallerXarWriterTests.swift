import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats

@Suite(.enabled(if: InstallerTestSupport.bsdtar != nil, Comment(rawValue: InstallerTestSupport.bsdtarMissing)))
struct InstallerXarWriterTests {
    typealias Support = InstallerTestSupport

    static func writer() -> XarWriter {
        var writer = XarWriter()
        writer.addFile("A.pkg/Bom", contents: Array("bom".utf8))
        writer.addFile("A.pkg/Payload", contents: ArchiveTestSupport.bytes(count: 5000, seed: 1), encoding: .stored)
        writer.addFile("Distribution", contents: Array("<installer-gui-script/>".utf8), permissions: nil)
        return writer
    }

    /// bsdtar's exit status and error for listing and extracting everything in `bytes`.
    static func readAll(_ bytes: [UInt8]) throws -> (status: Int32, error: String) {
        let path = try Support.temporaryFile("x.xar", bytes)
        defer { Support.removeTemporaryFile(path) }
        let run = try Support.bsdtar(["-xOf", path])
        return (run.status, run.error)
    }

    @Test func theHeaderStatesTheTableOfContentsAndSHA1() throws {
        let bytes = try Self.writer().bytes()
        let header = Support.xarHeader(bytes)
        #expect(header.magic == "xar!")
        #expect(header.headerSize == 28 && header.version == 1 && header.algorithm == 1)
        let toc = try Support.tableOfContents(bytes)
        #expect(UInt64(toc.utf8.count) == header.uncompressed)
        #expect(toc == (try Self.writer().tableOfContents()))
        // The heap opens with the SHA-1 of the compressed TOC.
        let end = 28 + Int(header.compressed)
        #expect(Array(bytes[end..<(end + 20)]) == (try Digest.hash(Array(bytes[28..<end]), .sha1)))
        #expect(try Self.readAll(bytes).status == 0)
    }

    @Test func membersNestUnderTheirFoldersWithChecksumsAndEncodings() throws {
        let toc = try Self.writer().tableOfContents()
        #expect(toc.contains("<file id=\"1\">\n   <name>A.pkg</name>\n   <type>directory</type>"))
        #expect(toc.contains("  <file id=\"2\">\n    <name>Bom</name>\n    <type>file</type>"))
        #expect(toc.contains("<encoding style=\"application/x-gzip\"/>"))
        #expect(toc.contains("<encoding style=\"application/octet-stream\"/>"))
        let payload = ArchiveTestSupport.bytes(count: 5000, seed: 1)
        let sha = InstallerXarWriterTests.hex(try Digest.hash(payload, .sha1))
        #expect(
            toc.contains("<archived-checksum style=\"sha1\">\(sha)</archived-checksum>\n     <extracted-checksum style=\"sha1\">\(sha)</extracted-checksum>"))
        #expect(try Support.parsesAsXML(toc))
    }

    @Test func aBadMagicIsWrittenAndRefused() throws {
        var writer = Self.writer()
        writer.hostile.badMagic = true
        let bytes = try writer.bytes()
        #expect(Support.xarHeader(bytes).magic == "xar?")
        #expect(try Self.readAll(bytes).status != 0)
    }

    @Test func aHugeDeclaredTableOfContentsIsWrittenAndRefused() throws {
        var writer = Self.writer()
        writer.hostile.declaredTOCLength = 1 << 40
        let bytes = try writer.bytes()
        #expect(Support.xarHeader(bytes).uncompressed == 1 << 40)
        #expect(try Self.readAll(bytes).status != 0)
    }

    @Test func aBadTableOfContentsChecksumIsWrittenAndRefused() throws {
        var writer = Self.writer()
        writer.hostile.badTOCChecksum = true
        let bytes = try writer.bytes()
        let end = 28 + Int(Support.xarHeader(bytes).compressed)
        #expect(Array(bytes[end..<(end + 20)]) != (try Digest.hash(Array(bytes[28..<end]), .sha1)))
        #expect(try Self.readAll(bytes).status != 0)
    }

    @Test func aBadExtractedChecksumFailsThatMember() throws {
        var writer = Self.writer()
        writer.hostile.badExtractedChecksums = ["A.pkg/Bom"]
        let bytes = try writer.bytes()
        let toc = try Support.tableOfContents(bytes)
        let good = InstallerXarWriterTests.hex(try Digest.hash(Array("bom".utf8), .sha1))
        #expect(!toc.contains("<extracted-checksum style=\"sha1\">\(good)<"))
        #expect(try Self.readAll(bytes).status != 0)
    }

    @Test func anOutOfRangeOffsetOrLengthIsStatedAndCannotBeRead() throws {
        var writer = Self.writer()
        writer.hostile.dataOverrides["A.pkg/Payload"] = XarWriter.DataOverride(offset: 1 << 40, length: 1 << 41)
        let bytes = try writer.bytes()
        let toc = try Support.tableOfContents(bytes)
        #expect(toc.contains("<offset>\(UInt64(1) << 40)</offset>\n     <length>\(UInt64(1) << 41)</length>"))
        #expect(try Self.readAll(bytes).status != 0)
    }

    @Test func twoMembersCanShareOneHeapRange() throws {
        var writer = Self.writer()
        writer.addFile("Other", contents: Array("other".utf8))
        writer.hostile.dataOverrides["Other"] = XarWriter.DataOverride(sameRangeAs: "A.pkg/Bom")
        let toc = try writer.tableOfContents()
        let ranges = toc.components(separatedBy: "<offset>").dropFirst().map { $0.prefix { $0 != "<" } }
        // The checksum's offset, then Bom, Payload, Distribution and Other: Other repeats Bom's.
        #expect(ranges.count == 5)
        #expect(ranges[4] == ranges[1])
    }

    @Test func deepNestingWritesThatManyFolderElements() throws {
        var writer = Self.writer()
        writer.hostile.nestedFolderDepth = 300
        let toc = try writer.tableOfContents()
        #expect(toc.components(separatedBy: "<name>n</name>").count - 1 == 300)
        #expect(toc.contains(String(repeating: " ", count: 301) + "<file id="))
    }

    @Test func unsignedArchivesHaveNoSignatureAndSignedOnesReserveTheirBytes() throws {
        #expect(!(try Self.writer().tableOfContents()).contains("signature"))
        var writer = Self.writer()
        let leaf = FixtureCertificate.installer(.macInstallerDistribution, name: "A", team: "ABCDE12345", notAfter: Date(timeIntervalSince1970: 1_830_297_600))
        writer.signature = XarWriter.Signature(certificates: leaf.installerChain)
        let bytes = try writer.bytes()
        let toc = try Support.tableOfContents(bytes)
        let cmsSize = Int(toc.components(separatedBy: "<x-signature style=\"CMS\">\n   <offset>276</offset>\n   <size>")[1].prefix { $0 != "<" })
        let size = try #require(cmsSize)
        #expect(size % 1024 == 0)
        // Bom's data follows the checksum, RSA and CMS blocks.
        #expect(toc.contains("<offset>\(20 + 256 + size)</offset>"))
        #expect(try Self.readAll(bytes).status == 0)

        writer.signature?.includesCMS = false
        #expect(!(try writer.tableOfContents()).contains("x-signature"))
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }
}
