import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats

/// `PropertyListParser.parse(reading:…)`: an XML plist past the threshold is handed to libxml2 from
/// its reader piece by piece. Whatever the threshold, it must read as the whole bytes read, and
/// the observer must see the file whole.
@Suite struct PropertyListStreamingReadTests {
    /// Bytes in pieces of at most `piece`, and a failure after `failAfter` bytes when set.
    final class PiecewiseReader: EntryReader {
        let bytes: [UInt8]
        let piece: Int
        let failAfter: Int?
        private var position = 0
        var canSeek: Bool { false }

        init(_ bytes: [UInt8], piece: Int = 7, failAfter: Int? = nil) {
            self.bytes = bytes
            self.piece = piece
            self.failAfter = failAfter
        }

        func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
            if let failAfter, position >= failAfter {
                throw BundleCheckError.corruptArchive(path: "test.ipa", reason: "Info.plist: Zlib error")
            }
            let count = min(buffer.count, piece, bytes.count - position, (failAfter ?? .max) - position)
            bytes.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + position, byteCount: count) }
            position += count
            return count
        }

        func skip(_ count: UInt64) throws {
            position = min(bytes.count, position + Int(count))
        }
    }

    static func streamed(_ bytes: [UInt8], threshold: Int, limit: Int = 8 << 20, seen: inout [UInt8]) -> String {
        FuzzTarget.readOutcome {
            try PropertyListParser.parse(
                reading: PiecewiseReader(bytes), file: "Info.plist", byteLimit: limit, limits: .standard,
                streamingThreshold: threshold
            ) { seen += $0 }
        }
    }

    /// Generated documents, then the same with what hand-edited and broken files have:
    /// white space before the declaration, a byte-order mark, a cut, a stray byte.
    static func documents(count: Int) -> [[UInt8]] {
        var documents: [[UInt8]] = []
        for seed in 0..<UInt64(count) {
            var values = PlistRandomValues(seed: seed)
            values.duplicateKeys = true
            let xml = XMLPropertyListWriter.write(values.root())
            documents.append(xml)
            documents.append(Array("\n \t\n".utf8) + xml)
            documents.append([0xEF, 0xBB, 0xBF] + Array("\n\n".utf8) + xml)
            documents.append(Array(xml.prefix(xml.count * Int(seed % 7 + 1) / 8)))
            var stray = xml
            stray[Int(seed * 7919) % stray.count] = UInt8(ascii: "<")
            documents.append(stray)
        }
        documents.append(Array("   \n\n   ".utf8))
        documents.append(Array("\n\n<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><array/></plist>".utf8))
        return documents
    }

    @Test func streamingReadsEveryDocumentAsTheWholeBytesDo() {
        for (index, bytes) in Self.documents(count: 60).enumerated() {
            let whole = FuzzTarget.readOutcome { try PropertyListParser.parse(bytes, file: "Info.plist") }
            // Thresholds that put the end of the head before, inside and after the declaration.
            for threshold in [1, 3, 5, 16, 64, 1 << 20] {
                var seen: [UInt8] = []
                let streamed = Self.streamed(bytes, threshold: threshold, seen: &seen)
                #expect(streamed == whole, "document \(index), threshold \(threshold)")
                #expect(seen == bytes, "document \(index), threshold \(threshold): the observer saw \(seen.count) of \(bytes.count) bytes")
            }
        }
    }

    @Test func aReaderThatFailsIsTheErrorEvenAfterAMalformedPart() {
        let xml = Array("<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict><key>a</key><string>x</string></dict></plist>\n".utf8)
        let broken = Array(xml.prefix(40)) + Array("<<<".utf8) + Array(xml.dropFirst(40))
        for bytes in [xml, broken] {
            let failing = FuzzTarget.readOutcome {
                try PropertyListParser.parse(
                    reading: PiecewiseReader(bytes, failAfter: 60), file: "Info.plist", byteLimit: 1 << 20, limits: .standard,
                    streamingThreshold: 16
                ) { _ in }
            }
            #expect(failing.contains("Zlib error"), "\(failing)")
        }
    }

    @Test func moreThanTheLimitIsTooLargeWhereverItIsFound() throws {
        var big = PlistDictionary()
        for index in 0..<2_000 { big.append(key: "key-\(index)", value: .string("value \(index)")) }
        let bytes = XMLPropertyListWriter.write(.dictionary(big))
        for threshold in [16, 1 << 20] {
            let read = { (limit: Int) in
                try PropertyListParser.parse(
                    reading: PiecewiseReader(bytes), file: "Info.plist", byteLimit: limit, limits: .standard, streamingThreshold: threshold
                ) { _ in }
            }
            do {
                _ = try read(bytes.count - 1)
                Issue.record("threshold \(threshold): a file over the limit was read")
            } catch BundleCheckError.entryTooLarge(let file, let size, let limit) {
                #expect(file == "Info.plist" && size > UInt64(limit) && limit == bytes.count - 1)
            }
            #expect(try read(bytes.count).root == .dictionary(big))
        }
    }
}
