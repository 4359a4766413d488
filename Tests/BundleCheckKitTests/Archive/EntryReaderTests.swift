import Foundation
import Testing

@testable import BundleCheckFormats

@Suite struct EntryReaderTests {
    typealias Support = ArchiveTestSupport

    static let contents = ArchiveTestSupport.bytes(count: 300_000, seed: 42)

    /// The three kinds of entry an `EntryReader` is opened on, by how they can skip.
    enum Storage: String, CaseIterable, CustomTestStringConvertible {
        case storedZipEntry
        case deflatedZipEntry
        case directoryFile

        var testDescription: String { rawValue }
        var canSeek: Bool { self != .deflatedZipEntry }
    }

    /// Opens `contents` stored the given way, in a container written under `directory`.
    static func open(_ storage: Storage, _ directory: String) throws -> any EntryReader {
        switch storage {
        case .storedZipEntry, .deflatedZipEntry:
            let zip = try Support.writeZip(
                in: directory,
                [
                    ("Payload/X.app/Before", Array("first".utf8), .deflate),
                    ("Payload/X.app/X", contents, storage == .storedZipEntry ? .stored : .deflate),
                    ("Payload/X.app/After", Array("last".utf8), .stored),
                ])
            return try ZipArchiveReader(path: zip).openEntry("Payload/X.app/X")
        case .directoryFile:
            try FileManager.default.createDirectory(atPath: directory + "/X.app", withIntermediateDirectories: true)
            try Support.writeFile(directory + "/X.app/X", contents)
            return try DirectoryContainer(root: directory).openEntry("X.app/X")
        }
    }

    static func read(_ reader: any EntryReader, count: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        try bytes.withUnsafeMutableBytes { buffer in
            while filled < count {
                let read = try reader.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
                if read == 0 { break }
                filled += read
            }
        }
        return Array(bytes.prefix(filled))
    }

    @Test(arguments: Storage.allCases)
    func readsTheWholeEntryInOrder(storage: Storage) throws {
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        let reader = try Self.open(storage, directory)
        #expect(try Self.read(reader, count: Self.contents.count + 10) == Self.contents)
    }

    @Test(arguments: Storage.allCases)
    func skipThenReadGivesTheBytesAtTheNewPosition(storage: Storage) throws {
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        let reader = try Self.open(storage, directory)
        try reader.skip(1_000)
        #expect(try Self.read(reader, count: 100) == Array(Self.contents[1_000..<1_100]))
        // A skip longer than the discard buffer, then one of zero bytes.
        try reader.skip(200_000)
        try reader.skip(0)
        #expect(try Self.read(reader, count: 64) == Array(Self.contents[201_100..<201_164]))
        try reader.skip(UInt64(Self.contents.count - 201_164 - 5))
        #expect(try Self.read(reader, count: 100) == Array(Self.contents.suffix(5)))
    }

    @Test(arguments: Storage.allCases)
    func skippingPastTheEndLeavesTheReaderAtTheEnd(storage: Storage) throws {
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        let reader = try Self.open(storage, directory)
        try reader.skip(10)
        try reader.skip(UInt64(Self.contents.count))
        #expect(try Self.read(reader, count: 10) == [])
        try reader.skip(UInt64.max)
        #expect(try Self.read(reader, count: 10) == [])

        let fresh = try Self.open(storage, directory)
        try fresh.skip(UInt64.max)
        #expect(try Self.read(fresh, count: 10) == [])
    }

    @Test(arguments: Storage.allCases)
    func canSeekOnlyInStoredEntriesAndFiles(storage: Storage) throws {
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        #expect(try Self.open(storage, directory).canSeek == storage.canSeek)
    }

    @Test func aZipEntryReaderOutlivesItsArchiveObject() throws {
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        let zip = try Support.writeZip(in: directory, [("X", Self.contents, .stored)])
        let reader = try ZipArchiveReader(path: zip).openEntry("X")
        try reader.skip(7)
        #expect(try Self.read(reader, count: 3) == Array(Self.contents[7..<10]))
    }

    @Test func openingAFileThatIsNotListedFails() throws {
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        let zip = try Support.writeZip(in: directory, [("X", [1, 2, 3], .stored)])
        #expect(throws: BundleCheckError.missingEntry(file: "Y")) { try ZipArchiveReader(path: zip).openEntry("Y") }
        #expect(throws: BundleCheckError.missingEntry(file: "Y")) { try DirectoryContainer(root: directory).openEntry("Y") }
    }

    @Test func inMemoryReaderSkipsAndReads() throws {
        let reader = InMemoryEntryReader(bytes: Array(0..<100))
        #expect(reader.canSeek)
        try reader.skip(90)
        #expect(try Self.read(reader, count: 20) == Array(90..<100))
        try reader.skip(.max)
        #expect(try Self.read(reader, count: 1) == [])
    }

    @Test func containersWithoutTheirOwnReaderFallBackToReadingInMemory() throws {
        let container = InMemoryContainer(contents: ["a": Array(0..<50)])
        let reader = try container.openEntry("a")
        try reader.skip(45)
        #expect(try Self.read(reader, count: 10) == Array(45..<50))
    }
}
