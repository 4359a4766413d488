import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats

/// Deflated entries inflated by ISA-L (`RawDeflateEntryReader`), alone or by several workers
/// sharing one libzip handle (read as stored under the lock, inflated by each reader): every
/// outcome, the bytes or the error, is the one libzip's own reader (zlib) gives.
@Suite struct SharedZipArchiveTests {
    typealias Support = ArchiveTestSupport

    /// Text that deflates into many blocks, with incompressible stretches (stored blocks) between.
    static let large: [UInt8] = {
        var bytes: [UInt8] = []
        for index in 0..<40 {
            bytes += Array((0..<800).map { "line \($0) of part \(index): a code page, more or less\n" }.joined().utf8)
            bytes += Support.bytes(count: 3_000, seed: UInt64(index))
        }
        return bytes
    }()

    static let entries: [(String, [UInt8], ZipCompression)] = [
        ("Payload/X.app/X", large, .deflate),
        ("Payload/X.app/Stored", Support.bytes(count: 200_000, seed: 7), .stored),
        ("Payload/X.app/Info.plist", Array("<plist><dict/></plist>\n".utf8), .deflate),
        ("Payload/X.app/Empty", [], .deflate),
    ]

    /// Reads the whole entry the way the Mach-O reader does: some bytes, a skip, more bytes.
    /// The bytes read, or the error's description and how many bytes came before it.
    static func outcome(_ open: () throws -> any EntryReader) -> String {
        var bytes: [UInt8] = []
        do {
            let reader = try open()
            bytes += try reader.read(upTo: 1_000)
            try reader.skip(5_000)
            bytes += try reader.read(upTo: 70_001)
            try reader.skip(1)
            while true {
                let chunk = try reader.read(upTo: 65_536)
                if chunk.isEmpty { break }
                bytes += chunk
            }
            return "read \(bytes.count) bytes, CRC \(CRC32.checksum(bytes))"
        } catch {
            return "\(error) after \(bytes.count) bytes"
        }
    }

    /// A whole read past a cap as `PackageContainer.read` makes it (64 KiB pieces, the size where
    /// it crossed), through `open`'s reader.
    static func whole(_ open: () throws -> any EntryReader, limit: Int = 1 << 20) -> String {
        do {
            let reader = try open()
            var count = 0
            while true {
                let piece = try reader.read(upTo: 64 << 10).count
                if piece == 0 { return "\(count) bytes" }
                guard count + piece <= limit else { return "too large at \(count + piece)" }
                count += piece
            }
        } catch {
            return "\(error)"
        }
    }

    /// Reads every entry through libzip alone, through ISA-L alone and through ISA-L sharing the
    /// handle, and compares: the bytes and error, the count each read returned (the fuzz
    /// harness's reading), and a whole read past a 1 MiB cap. Returns libzip's outcomes.
    static func compare(_ zip: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: String] {
        let plain = try ZipArchiveReader(path: zip)
        let shared = try #require(SharedZipArchive(sharing: try ZipArchiveReader(path: zip)), sourceLocation: sourceLocation)
        var outcomes: [String: String] = [:]
        for path in plain.files.map(\.path) {
            let expected = outcome { try plain.libzipReader(path) }
            let readings = FuzzTarget.entryReadOutcome { try plain.libzipReader(path) }
            let wholly = whole { try plain.libzipReader(path) }
            for (name, open) in [("alone", { try plain.openEntry(path) }), ("shared", { try shared.openEntry(path) })]
                as [(String, () throws -> any EntryReader)]
            {
                #expect(outcome(open) == expected, "\(path), \(name)", sourceLocation: sourceLocation)
                #expect(FuzzTarget.entryReadOutcome(open) == readings, "\(path), \(name)", sourceLocation: sourceLocation)
                #expect(whole(open) == wholly, "\(path), \(name)", sourceLocation: sourceLocation)
            }
            outcomes[path] = expected
        }
        return outcomes
    }

    @Test func everyEntryReadsAsWithoutSharing() throws {
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        let zip = try Support.writeZip(in: directory, Self.entries)
        let outcomes = try Self.compare(zip)
        #expect(outcomes["Payload/X.app/X"]?.hasPrefix("read \(Self.large.count - 5_001) bytes") == true)
        let shared = try #require(SharedZipArchive(sharing: try ZipArchiveReader(path: zip)))
        #expect(try ZipArchiveReader(path: zip).openEntry("Payload/X.app/X") is RawDeflateEntryReader, "ISA-L inflates without sharing too")
        let deflated = try #require(try shared.openEntry("Payload/X.app/X") as? RawDeflateEntryReader, "a deflated entry is inflated by its reader")
        #expect(try deflated.read(upTo: 4 * Self.large.count) == Self.large)
        #expect(!deflated.isHandedOver, "an intact entry is read to its end without libzip's inflating")
        #expect(!(try shared.openEntry("Payload/X.app/Stored") is RawDeflateEntryReader), "a stored one is libzip's, under the lock")
        // Whole reads and streams too.
        #expect(try shared.read("Payload/X.app/X", limit: 1 << 30) == Self.large)
        var streamed: [UInt8] = []
        try shared.stream("Payload/X.app/X", chunkSize: 10_000) {
            streamed += $0
            return true
        }
        #expect(streamed == Self.large)
        #expect(throws: BundleCheckError.missingEntry(file: "Payload/X.app/None")) { try shared.openEntry("Payload/X.app/None") }
    }

    @Test func workersReadingAtOnceEachGetTheirOwnBytes() throws {
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        let zip = try Support.writeZip(in: directory, Self.entries)
        let shared = try #require(SharedZipArchive(sharing: try ZipArchiveReader(path: zip)))
        let paths = ["Payload/X.app/X", "Payload/X.app/Stored", "Payload/X.app/X", "Payload/X.app/Info.plist"]
        let expected = paths.map { path in Self.entries.first { $0.0 == path }!.1 }
        let results = Results(count: paths.count * 4)
        DispatchQueue.concurrentPerform(iterations: paths.count * 4) { index in
            results.set(index, try? shared.read(paths[index % paths.count], limit: 1 << 30))
        }
        for index in 0..<(paths.count * 4) {
            #expect(results.get(index) == expected[index % paths.count], "\(paths[index % paths.count])")
        }
    }

    /// The test zip, written in `directory` as `name`, then changed as bytes by `edit`, which is
    /// given the central-directory record of the deflated executable `Payload/X.app/X`.
    static func writeZip(
        in directory: String, named name: String = "test.zip", editing edit: (inout [UInt8], Support.CentralRecord) -> Void
    ) throws -> String {
        let zip = try Support.writeZip(in: directory, named: name, entries)
        var bytes = try Support.readFile(zip)
        let record = try #require(Support.centralRecords(of: bytes).first { $0.name == "Payload/X.app/X" })
        edit(&bytes, record)
        try Support.writeFile(zip, bytes)
        return zip
    }

    /// The reader of `Payload/X.app/X` read to its end, alone or through a shared handle: what
    /// it threw, and whether it handed over to libzip.
    static func readToEnd(_ zip: String, shared: Bool = true) throws -> (error: (any Error)?, isHandedOver: Bool) {
        let container: any PackageContainer =
            shared ? try #require(SharedZipArchive(sharing: try ZipArchiveReader(path: zip))) : try ZipArchiveReader(path: zip)
        let reader = try #require(try container.openEntry("Payload/X.app/X") as? RawDeflateEntryReader)
        let error: (any Error)?
        do {
            _ = try reader.read(upTo: 4 * large.count)
            error = nil
        } catch let thrown {
            error = thrown
        }
        return (error, reader.isHandedOver)
    }

    @Test func damagedDeflateDataFailsAsWithoutSharing() throws {
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        let zip = try Self.writeZip(in: directory) { bytes, record in
            let data = record.localHeaderOffset + 30 + record.name.utf8.count + Int(Support.localExtraLength(of: bytes, at: record.localHeaderOffset))
            // Garbage a third of the way in: zlib stops there, or inflates other bytes and the CRC differs.
            for offset in 0..<64 { bytes[data + 60_000 + offset] ^= 0x5A }
        }
        let outcomes = try Self.compare(zip)
        #expect(outcomes["Payload/X.app/X"]?.hasPrefix("read ") == false, "the damage is found: \(outcomes["Payload/X.app/X"] ?? "")")
        for shared in [true, false] {
            let read = try Self.readToEnd(zip, shared: shared)
            #expect(read.error is BundleCheckError)
            #expect(read.isHandedOver, "libzip gave the error")
        }
    }

    @Test func aDeflateStreamCutShortFailsAsLibzipDoes() throws {
        // The compressed size, in both headers, made 1,000 bytes short: the stream runs out
        // before its last block, and libzip's words say so whoever inflated.
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        let zip = try Self.writeZip(in: directory) { bytes, record in
            for offset in [record.offset + 20, record.localHeaderOffset + 18] {
                let size = bytes[offset..<(offset + 4)].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) } - 1_000
                bytes.replaceSubrange(offset..<(offset + 4), with: (0..<4).map { UInt8(truncatingIfNeeded: size >> (8 * $0)) })
            }
        }
        let outcomes = try Self.compare(zip)
        #expect(outcomes["Payload/X.app/X"]?.hasPrefix("read ") == false, "the stream is found cut short: \(outcomes)")
        for shared in [true, false] {
            let read = try Self.readToEnd(zip, shared: shared)
            #expect(read.error is BundleCheckError)
            #expect(read.isHandedOver, "libzip gave the error")
        }
    }

    /// A zip regression input opened alone and shared, and its `entry` as libzip and ISA-L read it.
    static func regressionReadings(
        _ name: String, entry: String
    ) throws -> (container: ZipArchiveReader, shared: SharedZipArchive, libzip: FuzzTarget.EntryReading, isal: FuzzTarget.EntryReading) {
        let zip = RepositoryPaths.file("Fuzz/Regressions/zip/\(name)")
        let container = try ZipArchiveReader(path: zip)
        let shared = try #require(SharedZipArchive(sharing: try ZipArchiveReader(path: zip)))
        let libzip = FuzzTarget.entryReading { try container.libzipReader(entry) }
        let isal = FuzzTarget.entryReading { try container.openEntry(entry) }
        return (container, shared, libzip, isal)
    }

    @Test func aStreamZlibRefusesButISALReadsEndsInLibzipsError() throws {
        // Found by the zip fuzz harness: a block of the maestro corpus app's nested executable
        // whose distance code is incomplete. zlib stops there ("invalid distances set"); ISA-L
        // decodes on, the entry's CRC-32 fails at its end, and libzip, reading again, gives its
        // error. The bytes before are libzip's, and more.
        let path = "maestro-driver-ios.app/maestro-driver-ios.app/maestro-driver-ios"
        let (container, shared, libzip, isal) = try Self.regressionReadings("maestro-incomplete-distance-code", entry: path)
        #expect(libzip.error?.hasSuffix("\(path): zlib error: data error") == true, "\(libzip.error ?? "no error")")
        #expect(isal.error == libzip.error)
        #expect(isal.bytes.count > libzip.bytes.count)
        #expect(isal.agreesWithLibzip(libzip))
        #expect(FuzzTarget.entryReading { try shared.openEntry(path) } == isal)
        // Every other entry reads as libzip reads it.
        for other in container.files.map(\.path) where other != path {
            #expect(FuzzTarget.entryReading { try container.openEntry(other) } == FuzzTarget.entryReading { try container.libzipReader(other) }, "\(other)")
        }
    }

    @Test func aStreamZlibRefusesOnlyForAnIncompleteCodeReadsWholeThroughISAL() throws {
        // Found by the zip fuzz harness after the one above: a fixture's 5,000-byte entry whose
        // distance code one flipped bit made incomplete, never using the codes it lacks. zlib
        // refuses it ("invalid distances set"), so libzip says the archive is damaged; ISA-L
        // decodes the entry to bytes whose CRC-32 and size are the central directory's.
        let path = "Payload/deflated.txt"
        let (container, shared, libzip, isal) = try Self.regressionReadings("incomplete-distance-code-crc-correct", entry: path)
        #expect(libzip.error?.hasSuffix("\(path): zlib error: data error") == true, "\(libzip.error ?? "no error")")
        #expect(isal.error == nil && isal.counts.last == 0, "read to the end, where the reader checks the CRC-32 and size")
        let whole = try container.read(path, limit: 1 << 20)
        #expect(whole.count == 5_000)
        #expect(CRC32.checksum(whole) == (try container.storedEntry(path)).stat.crc)
        #expect(shared.zlibRefusesForAnIncompleteCode(path))
        #expect(!isal.agreesWithLibzip(libzip), "without knowing why zlib refused, the readings disagree")
        #expect(isal.agreesWithLibzip(libzip, zlibRefusesAnIncompleteCode: shared.zlibRefusesForAnIncompleteCode(path)))
        // The maestro block is of the same kind; an entry zlib reads, or one it refuses for
        // something else, is not.
        let maestro = try #require(
            SharedZipArchive(sharing: try ZipArchiveReader(path: RepositoryPaths.file("Fuzz/Regressions/zip/maestro-incomplete-distance-code"))))
        #expect(maestro.zlibRefusesForAnIncompleteCode("maestro-driver-ios.app/maestro-driver-ios.app/maestro-driver-ios"))
        #expect(!shared.zlibRefusesForAnIncompleteCode("Payload/stored.txt"))
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        // A CRC-32 flipped in the central directory: libzip refuses the entry at its end
        // (`aWrongChecksumOrSizeEndsAsWithoutSharing`), zlib's inflate does not.
        let wrongChecksum = try Self.writeZip(in: directory, named: "crc.zip") { bytes, record in bytes[record.offset + 16] ^= 0x01 }
        let damaged = try #require(SharedZipArchive(sharing: try ZipArchiveReader(path: wrongChecksum)))
        #expect(!damaged.zlibRefusesForAnIncompleteCode("Payload/X.app/X"))
    }

    @Test func aWrongChecksumOrSizeEndsAsWithoutSharing() throws {
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        // The CRC-32 and the uncompressed size in the central directory: libzip fails on the
        // first at the end of the data and trusts the data over the second; the reader checks
        // both and hands either over to libzip, which decides.
        for (field, fails) in [(16, true), (24, false)] {
            let zip = try Self.writeZip(in: directory, named: "field-\(field).zip") { bytes, record in
                bytes[record.offset + field] ^= 0x01
            }
            let outcomes = try Self.compare(zip)
            #expect(outcomes["Payload/X.app/X"]?.hasPrefix("read ") == !fails, "field \(field): \(outcomes)")
            #expect(try Self.readToEnd(zip).isHandedOver, "field \(field)")
            #expect(try Self.readToEnd(zip, shared: false).isHandedOver, "field \(field), alone")
        }
    }

    @Test func anEntryLargerThanItSaysIsCutWhereWithoutSharing() throws {
        // Declared 100 bytes, inflating to 1.6 MB: a whole read past its 1 MiB cap names the
        // size it had read when it crossed, which depends on how many bytes each read returns.
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        let zip = try Self.writeZip(in: directory) { bytes, record in
            for offset in [record.offset + 24, record.localHeaderOffset + 22] {
                bytes.replaceSubrange(offset..<(offset + 4), with: [100, 0, 0, 0])
            }
        }
        let plain = try ZipArchiveReader(path: zip)
        #expect(try plain.size(of: "Payload/X.app/X") == 100)
        _ = try Self.compare(zip)
        let shared = try #require(SharedZipArchive(sharing: try ZipArchiveReader(path: zip)))
        #expect(throws: BundleCheckError.entryTooLarge(file: "Payload/X.app/X", size: 1_114_112, limit: 1 << 20)) {
            try shared.read("Payload/X.app/X", limit: 1 << 20)
        }
    }

    /// Results of concurrent reads, one slot each.
    private final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var slots: [[UInt8]?]

        init(count: Int) { slots = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ value: [UInt8]?) { lock.withLock { slots[index] = value } }
        func get(_ index: Int) -> [UInt8]? { lock.withLock { slots[index] } }
    }
}
