import Foundation
import Testing

@testable import BundleCheckFixtures
@testable import BundleCheckFormats

/// The PNG header reader: sizes from plain and CgBI files, and nothing but errors from bytes
/// that are not a PNG header, whatever they claim.
@Suite struct PNGHeaderTests {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func chunk(_ type: String, _ data: [UInt8], length: UInt32? = nil) -> [UInt8] {
        let count = length ?? UInt32(data.count)
        let lengthBytes = [UInt8(count >> 24), UInt8((count >> 16) & 0xFF), UInt8((count >> 8) & 0xFF), UInt8(count & 0xFF)]
        return lengthBytes + Array(type.utf8) + data + [0, 0, 0, 0]
    }

    static func ihdr(width: UInt32, height: UInt32) -> [UInt8] {
        chunk("IHDR", PNGWriter.bigEndian(width) + PNGWriter.bigEndian(height) + [8, 6, 0, 0, 0])
    }

    static func read(_ bytes: [UInt8]) -> Result<PNGHeader, PNGError> {
        Result { () throws(PNGError) in try PNGHeader.read(bytes) }
    }

    @Test func aPlainPNGGivesItsSize() throws {
        let header = try PNGHeader.read(Self.signature + Self.ihdr(width: 120, height: 90))
        #expect(header == PNGHeader(width: 120, height: 90, isCgBI: false))
    }

    @Test func aCgBIChunkBeforeIHDRIsSkipped() throws {
        // As Xcode's pngcrush writes it: CgBI with four bytes of flags, then IHDR.
        let bytes = Self.signature + Self.chunk("CgBI", [0x50, 0x00, 0x20, 0x06]) + Self.ihdr(width: 167, height: 167)
        #expect(try PNGHeader.read(bytes) == PNGHeader(width: 167, height: 167, isCgBI: true))
        #expect(bytes.count <= PNGHeader.prefixLength)
    }

    @Test(arguments: [(120, 120, false), (152, 152, true), (1, 4096, true), (1024, 1024, false)])
    func whatTheFixtureWriterWritesReadsBack(width: Int, height: Int, cgbi: Bool) throws {
        let file = PNGWriter.write(width: width, height: height, cgbi: cgbi)
        let header = try PNGHeader.read(Array(file.prefix(PNGHeader.prefixLength)))
        #expect(header == PNGHeader(width: UInt32(width), height: UInt32(height), isCgBI: cgbi))
    }

    @Test func theFixtureWriterWritesChunksWithTheirCRC() {
        // "IEND" with no data has the CRC every PNG ends with.
        #expect(PNGWriter.chunk("IEND", []) == [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
        #expect(PNGWriter.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
    }

    enum Broken: CaseIterable, CustomTestStringConvertible, Sendable {
        case empty, jpeg, signatureOnly, truncatedHeader, dataChunkFirst, twoCgBIChunks, hugeCgBI
        case headerTooShort, zeroWidth, heightAboveTheLimit, lengthAboveTheLimit, binaryChunkType

        var testDescription: String { "\(self)" }

        var bytes: [UInt8] {
            let sig = PNGHeaderTests.signature
            let cgbi = PNGHeaderTests.chunk("CgBI", [0x50, 0, 0x20, 6])
            switch self {
            case .empty: return []
            case .jpeg: return [0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, 0x4A, 0x46, 0x49, 0x46]
            case .signatureOnly: return sig
            case .truncatedHeader: return Array((sig + PNGHeaderTests.ihdr(width: 120, height: 120)).prefix(20))
            case .dataChunkFirst: return sig + PNGHeaderTests.chunk("IDAT", [1, 2, 3]) + PNGHeaderTests.ihdr(width: 1, height: 1)
            case .twoCgBIChunks: return sig + cgbi + cgbi + PNGHeaderTests.ihdr(width: 1, height: 1)
            case .hugeCgBI: return sig + PNGHeaderTests.chunk("CgBI", [0, 0, 0, 0], length: 0x7FFF_FFF0) + PNGHeaderTests.ihdr(width: 1, height: 1)
            case .headerTooShort: return sig + PNGHeaderTests.chunk("IHDR", [0, 0, 0, 1, 0, 0, 0, 1])
            case .zeroWidth: return sig + PNGHeaderTests.ihdr(width: 0, height: 10)
            case .heightAboveTheLimit: return sig + PNGHeaderTests.ihdr(width: 10, height: 0x8000_0000)
            case .lengthAboveTheLimit: return sig + PNGHeaderTests.chunk("IHDR", [], length: 0xFFFF_FFFF)
            case .binaryChunkType: return sig + [0, 0, 0, 13, 0x00, 0xFF, 0x10, 0x80] + [UInt8](repeating: 1, count: 17)
            }
        }

        var expected: PNGError {
            switch self {
            case .empty: .truncated(needed: 8, available: 0)
            case .jpeg: .notPNG
            case .signatureOnly: .truncated(needed: 16, available: 8)
            case .truncatedHeader: .truncated(needed: 24, available: 20)
            case .dataChunkFirst: .headerNotFirst(found: "IDAT")
            case .twoCgBIChunks: .headerNotFirst(found: "CgBI")
            case .hugeCgBI: .truncated(needed: 0x7FFF_FFF0 + 28, available: 49)
            case .headerTooShort: .malformedHeader(reason: "IHDR holds 8 bytes instead of 13")
            case .zeroWidth: .malformedHeader(reason: "a size of 0×10 pixels is outside 1…2^31-1")
            case .heightAboveTheLimit: .malformedHeader(reason: "a size of 10×2147483648 pixels is outside 1…2^31-1")
            case .lengthAboveTheLimit: .chunkTooLong(type: "IHDR", length: 0xFFFF_FFFF)
            case .binaryChunkType: .headerNotFirst(found: "0x00ff1080")
            }
        }
    }

    @Test(arguments: Broken.allCases)
    func bytesThatAreNoPNGHeaderAreRefusedWithTheirReason(broken: Broken) {
        #expect(Self.read(broken.bytes) == .failure(broken.expected))
    }

    @Test func randomBytesAfterTheSignatureNeverTrapAndNeverReadPastThePrefix() {
        var random = SeededRandom(seed: 0x504E47)
        var sizes = 0
        for _ in 0..<5000 {
            let count = Int(random.next() % 80)
            var bytes = Self.signature + (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            // Half the time, a plausible chunk length so that the walk gets further.
            if bytes.count >= 12, random.next() % 2 == 0 { bytes[8...11] = [0, 0, 0, UInt8(random.next() % 20)] }
            if case .success(let header) = Self.read(bytes) {
                sizes += 1
                #expect(header.width >= 1 && header.height >= 1)
            }
        }
        #expect(sizes < 5000)
    }

    @Test func thePNGsOfARealIPAGiveTheSizesTheirHeadersHold() throws {
        // ExampleProductName-cocoapods.ipa (Xcode 7): resources copied as they are, sizes read
        // independently with Python's struct module when the test was written.
        guard let path = RepositoryPaths.corpusOrSkip("fastlane/ExampleProductName-cocoapods.ipa") else { return }
        let zip = try ZipArchiveReader(path: path)
        let app = "Payload/ExampleProductName.app/"
        let expected: [String: (UInt32, UInt32)] = [
            "NotificationBackgroundError@2x.png": (1, 155),
            "NotificationBackgroundErrorIcon@2x.png": (34, 36),
            "NotificationBackgroundSuccessIcon.png": (21, 17),
            "NotificationButtonBackground@2x.png": (48, 62),
        ]
        for (name, size) in expected {
            let header = try PNGHeader.read(try zip.openEntry(app + name).read(upTo: PNGHeader.prefixLength))
            #expect(header == PNGHeader(width: size.0, height: size.1, isCgBI: false), "\(name)")
        }
    }
}
