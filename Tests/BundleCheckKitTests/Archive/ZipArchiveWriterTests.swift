import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats

@Suite struct ZipArchiveWriterTests {
    typealias Support = ArchiveTestSupport

    static let entries: [(String, [UInt8], ZipCompression)] = [
        ("Payload/X.app/Info.plist", Array("<plist version=\"1.0\"><dict/></plist>".utf8), .deflate),
        ("Payload/X.app/X", Support.bytes(count: 70_000, seed: 9), .stored),
        ("Payload/X.app/Assets.car", Support.bytes(count: 70_000, seed: 10), .deflate),
        ("Payload/X.app/fr.lproj/Réglages.strings", Array("\"a\" = \"é\";".utf8), .deflate),
    ]

    @Test func writingTheSameFilesTwiceGivesIdenticalBytes() throws {
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        let first = try Support.writeZip(in: directory, named: "first.ipa", Self.entries)
        let second = try Support.writeZip(in: directory, named: "second.ipa", Self.entries)
        #expect(try Support.readFile(first) == Support.readFile(second))
    }

    /// What makes the bytes reproducible, checked in the bytes themselves: no time
    /// of writing, no extra fields (libzip writes no extended timestamp), fixed modes.
    @Test func everyEntryCarriesTheFixedTimeUnixModeAndNoExtraFields() throws {
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        let path = directory + "/a.ipa"
        let writer = try ZipArchiveWriter(path: path)
        try writer.addDirectory(path: "Payload")
        for (name, contents, compression) in Self.entries {
            try writer.add(path: name, contents: contents, compression: compression)
        }
        try writer.add(path: "Payload/X.app/run", contents: [1], permissions: 0o755)
        try writer.close()

        let zip = try Support.readFile(path)
        let records = Support.centralRecords(of: zip)
        #expect(records.map(\.name) == ["Payload/"] + Self.entries.map(\.0) + ["Payload/X.app/run"])
        for record in records {
            // 2020-01-01 00:00:00: date (40 << 9 | 1 << 5 | 1), time 0.
            #expect(record.dosDate == 40 << 9 | 1 << 5 | 1, "\(record.name)")
            #expect(record.dosTime == 0, "\(record.name)")
            #expect(record.versionMadeBy >> 8 == 3, "\(record.name): made on Unix")
            #expect(record.extraLength == 0, "\(record.name)")
            #expect(Support.localExtraLength(of: zip, at: record.localHeaderOffset) == 0, "\(record.name)")
        }
        let modes = records.map { $0.externalAttributes >> 16 }
        #expect(modes == [0o040755, 0o100644, 0o100644, 0o100644, 0o100644, 0o100755])
        #expect(ZipArchiveWriter.fixedModificationTime == 1_577_836_800)
    }

    @Test func theOutputIsReadableByAnotherZipImplementation() throws {
        let python = "/usr/bin/python3"
        guard FileManager.default.isExecutableFile(atPath: python) else { return }
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        let path = try Support.writeZip(in: directory, Self.entries)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); sys.exit(1 if z.testzip() else 0)", path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test func anArchiveWithoutEntriesIsTheEmptyZip() throws {
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        let path = try Support.writeZip(in: directory, [])
        #expect(try Support.readFile(path) == [0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18))
        #expect(try ZipArchiveReader(path: path).files.isEmpty)
    }

    @Test func aClosedWriterRefusesMoreWork() throws {
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        let path = directory + "/a.zip"
        let writer = try ZipArchiveWriter(path: path)
        try writer.add(path: "a", contents: [1])
        try writer.close()
        let closed = BundleCheckError.unwritable(path: path, reason: "the archive is already closed")
        #expect(throws: closed) { try writer.add(path: "b", contents: [2]) }
        #expect(throws: closed) { try writer.close() }
    }

    @Test func aDuplicateNameIsRefusedNamingTheEntry() throws {
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        let path = directory + "/a.zip"
        let writer = try ZipArchiveWriter(path: path)
        try writer.add(path: "a", contents: [1])
        #expect(throws: BundleCheckError.unwritable(path: path, reason: "a: file already exists")) {
            try writer.add(path: "a", contents: [2])
        }
    }

    @Test func aPathInAMissingFolderCannotBeWritten() throws {
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        let path = directory + "/missing/a.zip"
        #expect {
            let writer = try ZipArchiveWriter(path: path)
            try writer.add(path: "a", contents: [1])
            try writer.close()
        } throws: { error in
            guard case .unwritable(let failed, let reason)? = error as? BundleCheckError else { return false }
            return failed == path && !reason.isEmpty && reason == reason.lowercased()
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func abandoningAWriterLeavesAnExistingFileAlone() throws {
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        let path = try Support.writeZip(in: directory, [("keep", [1], .stored)])
        let before = try Support.readFile(path)
        do {
            let writer = try ZipArchiveWriter(path: path)
            try writer.add(path: "other", contents: [2])
        }
        #expect(try Support.readFile(path) == before)
    }
}
