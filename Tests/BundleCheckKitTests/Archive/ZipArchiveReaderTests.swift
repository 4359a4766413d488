import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats

@Suite struct ZipArchiveReaderTests {
    typealias Support = ArchiveTestSupport

    @Test func listsFilesInCentralDirectoryOrderAndReadsStoredAndDeflatedEntries() throws {
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        let plist = Array("<plist><dict/></plist>".utf8)
        let binary = Support.bytes(count: 100_000, seed: 1)
        let path = directory + "/app.ipa"
        let writer = try ZipArchiveWriter(path: path)
        try writer.addDirectory(path: "Payload")
        try writer.addDirectory(path: "Payload/X.app/")
        try writer.add(path: "Payload/X.app/Info.plist", contents: plist, compression: .deflate)
        try writer.add(path: "Payload/X.app/X", contents: binary, compression: .stored)
        try writer.add(path: "Payload/X.app/Empty", contents: [], compression: .deflate)
        try writer.add(path: "Payload/X.app/fr.lproj/Réglages.strings", contents: Array("é".utf8))
        try writer.close()

        let reader = try ZipArchiveReader(path: path)
        #expect(reader.storage == .zip)
        #expect(
            reader.files == [
                ContainerEntry(path: "Payload/X.app/Info.plist", size: UInt64(plist.count)),
                ContainerEntry(path: "Payload/X.app/X", size: 100_000),
                ContainerEntry(path: "Payload/X.app/Empty", size: 0),
                ContainerEntry(path: "Payload/X.app/fr.lproj/Réglages.strings", size: 2),
            ])
        #expect(reader.duplicatePaths.isEmpty)
        #expect(try reader.read("Payload/X.app/Info.plist", limit: 1 << 20) == plist)
        #expect(try reader.read("Payload/X.app/X", limit: 1 << 20) == binary)
        #expect(try reader.read("Payload/X.app/Empty", limit: 0) == [])
        #expect(try reader.read("Payload/X.app/fr.lproj/Réglages.strings", limit: 10) == Array("é".utf8))
    }

    @Test func theListingOutlivesItsReader() throws {
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        let names = ["Payload/X.app/Info.plist", "Payload/X.app/fr.lproj/Réglages.strings", "Payload/X.app/X"]
        let path = try Support.writeZip(in: directory, names.enumerated().map { ($1, Support.bytes(count: $0 + 1, seed: 5), .deflate) })
        // The paths point at libzip's names; the listing keeps the archive open after the reader goes.
        let files = try ZipArchiveReader(path: path).files
        #expect(files.map(\.path) == names)
        #expect(files.map(\.size) == [1, 2, 3])
        #expect(files.position(of: names[1]) == 1)
    }

    @Test func namesLibzipTakesForUTF8ButAreNotAreListedAsRepairedAndFound() throws {
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        // Written with placeholders, then patched to an overlong NUL and two overlong forms of
        // one character, which libzip passes as UTF-8 and a String repairs.
        let source = try Support.writeZip(
            in: directory,
            [
                ("a#1.txt", Support.bytes(count: 10, seed: 1), .deflate),
                ("b#2.txt", Support.bytes(count: 20, seed: 2), .deflate),
                ("b#3.txt", Support.bytes(count: 30, seed: 3), .deflate),
            ])
        var bytes = try Support.readFile(source)
        for (placeholder, replacement) in [("#1", [0xC0, 0x80]), ("#2", [0xC0, 0xAF]), ("#3", [0xC1, 0xBF])] as [(String, [UInt8])] {
            let pattern = Array(placeholder.utf8)
            var index = 0
            while index + pattern.count <= bytes.count {
                if Array(bytes[index..<index + pattern.count]) == pattern { bytes.replaceSubrange(index..<index + pattern.count, with: replacement) }
                index += 1
            }
        }
        let path = directory + "/patched.zip"
        try Support.writeFile(path, bytes)
        let reader = try ZipArchiveReader(path: path)
        #expect(reader.files.map(\.path) == ["a\u{FFFD}\u{FFFD}.txt", "b\u{FFFD}\u{FFFD}.txt"])
        #expect(reader.duplicatePaths == ["b\u{FFFD}\u{FFFD}.txt"])
        for file in reader.files {
            #expect(reader.files.position(of: file.path) != nil)
            #expect(try reader.read(file.path, limit: 100).count == Int(file.size))
        }
    }

    @Test func writerStoresTheRequestedCompressionMethods() throws {
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        let data = [UInt8](repeating: 7, count: 10_000)
        let path = try Support.writeZip(in: directory, [("a", data, .stored), ("b", data, .deflate)])
        let records = Support.centralRecords(of: try Support.readFile(path))
        #expect(records.map(\.method) == [0, 8])
        let archive = try Libzip.openForReading(path: path, checkConsistency: true)
        defer { Libzip.discard(archive) }
        #expect(try Libzip.stat(archive, index: 0).compressedSize == 10_000)
        #expect(try Libzip.stat(archive, index: 1).compressedSize < 1_000)
    }

    @Test(arguments: [ZipCompression.stored, .deflate])
    func largeEntryStreamsInChunksNoLargerThanTheBuffer(_ compression: ZipCompression) throws {
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        // Half random, half runs, so that deflate has work on both.
        let size = 20 << 20
        var data = Support.bytes(count: size / 2, seed: 2)
        data += [UInt8](repeating: 0xAB, count: size / 2)
        let path = try Support.writeZip(in: directory, [("Payload/X.app/Big.car", data, compression)])
        let reader = try ZipArchiveReader(path: path)

        let chunkSize = 64 << 10
        var offset = 0
        var largestChunk = 0
        var matches = true
        try reader.stream("Payload/X.app/Big.car", chunkSize: chunkSize) { chunk in
            largestChunk = max(largestChunk, chunk.count)
            matches = matches && data[offset..<(offset + chunk.count)].elementsEqual(chunk)
            offset += chunk.count
            return true
        }
        #expect(offset == size)
        #expect(largestChunk <= chunkSize)
        #expect(largestChunk > 0)
        #expect(matches)
    }

    @Test func streamStopsWhenTheBodyReturnsFalse() throws {
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        let path = try Support.writeZip(in: directory, [("f", Support.bytes(count: 1 << 20, seed: 3), .deflate)])
        let reader = try ZipArchiveReader(path: path)
        var calls = 0
        try reader.stream("f", chunkSize: 4096) { _ in
            calls += 1
            return calls < 3
        }
        #expect(calls == 3)
    }

    @Test func readRefusesAnEntryWhoseDeclaredSizeExceedsTheLimit() throws {
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        let path = try Support.writeZip(in: directory, [("Payload/X.app/Info.plist", [UInt8](repeating: 1, count: 1001), .deflate)])
        let reader = try ZipArchiveReader(path: path)
        #expect(throws: BundleCheckError.entryTooLarge(file: "Payload/X.app/Info.plist", size: 1001, limit: 1000)) {
            try reader.read("Payload/X.app/Info.plist", limit: 1000)
        }
        #expect(try reader.read("Payload/X.app/Info.plist", limit: 1001).count == 1001)
    }

    /// A central directory that understates the size must not let more than the limit through.
    @Test func readDoesNotTrustAnUnderstatedDeclaredSize() throws {
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        let path = try Support.writeZip(in: directory, [("Info.plist", [UInt8](repeating: 0, count: 500_000), .deflate)])
        var zip = try Support.readFile(path)
        let record = try #require(Support.centralRecords(of: zip).first)
        // Uncompressed size in the central record, then in the local header: 10 bytes.
        for at in [record.offset + 24, record.localHeaderOffset + 22] {
            zip.replaceSubrange(at..<(at + 4), with: [10, 0, 0, 0])
        }
        try Support.writeFile(path, zip)

        let reader = try ZipArchiveReader(path: path)
        #expect(reader.files == [ContainerEntry(path: "Info.plist", size: 10)])
        do {
            let bytes = try reader.read("Info.plist", limit: 100_000)
            Issue.record("read returned \(bytes.count) bytes from a lying entry")
        } catch let error as BundleCheckError {
            switch error {
            case .entryTooLarge(let file, let size, let limit):
                #expect(file == "Info.plist")
                #expect(size > 100_000)
                #expect(limit == 100_000)
            case .corruptArchive(let archive, _):
                #expect(archive == path)
            default:
                Issue.record("unexpected error \(error)")
            }
        }
    }

    @Test func damagedEntryDataIsACorruptArchiveWhenRead() throws {
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        let path = try Support.writeZip(
            in: directory,
            [
                ("stored", Support.bytes(count: 5000, seed: 4), .stored),
                ("deflated", Support.bytes(count: 5000, seed: 5), .deflate),
            ])
        var zip = try Support.readFile(path)
        for record in Support.centralRecords(of: zip) {
            let dataStart = record.localHeaderOffset + 30 + record.name.utf8.count + Int(Support.localExtraLength(of: zip, at: record.localHeaderOffset))
            for at in (dataStart + 100)..<(dataStart + 110) { zip[at] ^= 0xFF }
        }
        try Support.writeFile(path, zip)

        let reader = try ZipArchiveReader(path: path)
        for entry in ["stored", "deflated"] {
            #expect {
                try reader.read(entry, limit: 1 << 20)
            } throws: { error in
                guard case .corruptArchive(let archive, let reason)? = error as? BundleCheckError else { return false }
                return archive == path && reason.hasPrefix(entry + ": ") && reason == reason.lowercased()
            }
        }
    }

    /// An intact entry bundlecheck cannot decode is unreadable by its own path, not damage.
    @Test func anEncryptedEntryIsUnreadableByItsPath() throws {
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        let path = try Support.writeZip(in: directory, [("Payload/X.app/Info.plist", Support.bytes(count: 100, seed: 12), .stored)])
        var zip = try Support.readFile(path)
        let record = try #require(Support.centralRecords(of: zip).first)
        // General-purpose bit 0: traditional PKWARE encryption.
        zip[record.offset + 8] |= 1
        zip[record.localHeaderOffset + 6] |= 1
        try Support.writeFile(path, zip)
        let reader = try ZipArchiveReader(path: path)
        #expect(throws: BundleCheckError.unreadable(path: "Payload/X.app/Info.plist", reason: "no password provided")) {
            try reader.read("Payload/X.app/Info.plist", limit: 1000)
        }
    }

    @Test func truncatedArchivesFailWithoutCrashing() throws {
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        let source = try Support.writeZip(
            in: directory,
            [
                ("Payload/X.app/Info.plist", Array("<plist/>".utf8), .deflate),
                ("Payload/X.app/X", Support.bytes(count: 30_000, seed: 6), .stored),
                ("Payload/X.app/Assets.car", Support.bytes(count: 30_000, seed: 7), .deflate),
            ])
        let zip = try Support.readFile(source)
        let cuts = [1, 3, 4, 29, 30, 100, zip.count / 3, zip.count / 2, zip.count - 200, zip.count - 23, zip.count - 22, zip.count - 1]
        for cut in cuts {
            let path = directory + "/cut-\(cut).ipa"
            try Support.writeFile(path, Array(zip[..<cut]))
            do {
                let reader = try ZipArchiveReader(path: path)
                for file in reader.files {
                    _ = try reader.read(file.path, limit: 1 << 20)
                }
                Issue.record("a zip cut at \(cut) of \(zip.count) bytes read without error")
            } catch let error as BundleCheckError {
                switch error {
                case .corruptArchive(let archive, _), .notAPackage(let archive, _):
                    #expect(archive == path)
                default:
                    Issue.record("cut at \(cut): unexpected \(error)")
                }
            }
        }
    }

    @Test func aTruncatedZipIsCalledDamagedNotForeign() throws {
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        let source = try Support.writeZip(in: directory, [("Payload/X.app/Info.plist", Support.bytes(count: 4000, seed: 8), .stored)])
        let zip = try Support.readFile(source)
        let path = directory + "/download.ipa"
        try Support.writeFile(path, Array(zip[..<(zip.count / 2)]))
        #expect(throws: BundleCheckError.corruptArchive(path: path, reason: "no end of central directory record, the file looks truncated")) {
            try ZipArchiveReader(path: path)
        }
    }

    @Test func emptyFileIsReportedBeforeLibzipSeesIt() throws {
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        let path = directory + "/empty.ipa"
        try Support.writeFile(path, [])
        #expect(throws: BundleCheckError.emptyFile(path: path)) { try ZipArchiveReader(path: path) }
    }

    @Test(arguments: [15, 22, 4096, 100_000])
    func randomBytesAreNotAPackage(_ count: Int) throws {
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        let path = directory + "/random.ipa"
        try Support.writeFile(path, Support.bytes(count: count, seed: UInt64(count)))
        #expect(throws: BundleCheckError.notAPackage(path: path, reason: "not a zip archive")) {
            try ZipArchiveReader(path: path)
        }
    }

    @Test func missingPathIsNotFound() throws {
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        let path = directory + "/nope.ipa"
        #expect(throws: BundleCheckError.notFound(path: path)) { try ZipArchiveReader(path: path) }
        #expect(throws: BundleCheckError.notFound(path: path + "/x")) { try ZipArchiveReader(path: path + "/x") }
    }

    @Test func aDirectoryOrFIFOIsNotAZipAndIsNeverOpened() throws {
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        #expect(throws: BundleCheckError.notAPackage(path: directory, reason: "not a regular file")) {
            try ZipArchiveReader(path: directory)
        }
        let fifo = directory + "/pipe.ipa"
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(throws: BundleCheckError.notAPackage(path: fifo, reason: "not a regular file")) {
            try ZipArchiveReader(path: fifo)
        }
    }

    @Test func unknownEntryIsMissingAndFolderEntriesAreNotFiles() throws {
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        let path = directory + "/a.zip"
        let writer = try ZipArchiveWriter(path: path)
        try writer.addDirectory(path: "Payload/")
        try writer.add(path: "Payload/a", contents: [1])
        try writer.close()
        let reader = try ZipArchiveReader(path: path)
        #expect(reader.files.map(\.path) == ["Payload/a"])
        #expect(throws: BundleCheckError.missingEntry(file: "Payload/")) { try reader.read("Payload/", limit: 10) }
        #expect(throws: BundleCheckError.missingEntry(file: "Payload/b")) {
            try reader.stream("Payload/b", chunkSize: 10) { _ in true }
        }
        #expect(throws: BundleCheckError.missingEntry(file: "b")) { try reader.size(of: "b") }
    }

    @Test func aDuplicatedNameIsListedOnceAndReadFromItsFirstEntry() throws {
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        let path = try Support.writeZip(in: directory, [("Info.plisa", [1], .stored), ("Info.plisb", [2, 2], .stored)])
        // Rename the second entry to the first's name, in its local header and central record.
        var zip = try Support.readFile(path)
        let second = Support.centralRecords(of: zip)[1]
        for nameStart in [second.offset + 46, second.localHeaderOffset + 30] {
            #expect(zip[nameStart + 9] == UInt8(ascii: "b"))
            zip[nameStart + 9] = UInt8(ascii: "a")
        }
        try Support.writeFile(path, zip)
        let reader = try ZipArchiveReader(path: path)
        #expect(reader.files == [ContainerEntry(path: "Info.plisa", size: 1)])
        #expect(reader.duplicatePaths == ["Info.plisa"])
        #expect(try reader.read("Info.plisa", limit: 10) == [1])
    }

    @Test func tooManyEntriesIsRefusedWithTheCount() throws {
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        let path = try Support.writeZip(in: directory, (0..<5).map { ("f\($0)", [UInt8](), ZipCompression.stored) })
        #expect(throws: BundleCheckError.notAPackage(path: path, reason: "5 zip entries is more than the 4 bundlecheck lists")) {
            try ZipArchiveReader(path: path, limits: ContainerLimits(maxZipEntries: 4))
        }
        #expect(try ZipArchiveReader(path: path, limits: ContainerLimits(maxZipEntries: 5)).files.count == 5)
    }

    @Test func entryNamesAtTheByteCapAreListedAndOneByteMoreIsRefused() throws {
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        // Three names of 4 bytes and a folder entry of 2: 14 bytes of names in all.
        let path = try Support.writeZip(in: directory, ["abcd", "efgh", "ijkl"].map { ($0, [UInt8](), ZipCompression.stored) })
        let writer = try ZipArchiveWriter(path: path + ".2")
        for name in ["abcd", "efgh", "ijkl"] { try writer.add(path: name, contents: [], compression: .stored) }
        try writer.addDirectory(path: "d")
        try writer.close()
        #expect(try ZipArchiveReader(path: path, limits: ContainerLimits(maxNameBytes: 12)).files.count == 3)
        #expect(throws: BundleCheckError.notAPackage(path: path, reason: "its entry names take 12 bytes, more than the 11 bundlecheck lists")) {
            try ZipArchiveReader(path: path, limits: ContainerLimits(maxNameBytes: 11))
        }
        #expect(try ZipArchiveReader(path: path + ".2", limits: ContainerLimits(maxNameBytes: 14)).folders == ["d"])
        #expect(throws: BundleCheckError.self) { try ZipArchiveReader(path: path + ".2", limits: ContainerLimits(maxNameBytes: 13)) }
    }

    @Test func aLinkTargetAtTheCapIsReadAndALongerOneIsLeftOut() throws {
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        let path = directory + "/links.zip"
        let writer = try ZipArchiveWriter(path: path)
        try writer.add(path: "a/at-cap", contents: Array("12345678".utf8), isSymbolicLink: true)
        try writer.add(path: "a/past-cap", contents: Array("123456789".utf8), isSymbolicLink: true)
        try writer.close()
        let reader = try ZipArchiveReader(path: path, limits: ContainerLimits(maxLinkTargetBytes: 8))
        #expect(reader.symbolicLinks == [ContainerLink(path: "a/at-cap", target: "12345678")])
        #expect(try ZipArchiveReader(path: path).symbolicLinks.count == 2)
    }

    @Test func theStandardContainerLimitsAreTheDocumentedValues() {
        let limits = ContainerLimits.standard
        #expect(limits.maxZipEntries == 2_000_000 && limits.maxDirectoryFiles == 2_000_000)
        #expect(limits.maxNameBytes == 256 << 20 && limits.maxDirectoryDepth == 64 && limits.maxLinkTargetBytes == 4096)
    }
}
