import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats

@Suite struct ContainerFolderTests {
    typealias Support = ArchiveTestSupport

    @Test func zipFolderEntriesAreListedAsFoldersWithoutTheirSlashAndNotAsFiles() throws {
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        let path = directory + "/app.ipa"
        let writer = try ZipArchiveWriter(path: path)
        try writer.addDirectory(path: "Payload/")
        try writer.add(path: "Payload/X.app/Info.plist", contents: [1])
        try writer.addDirectory(path: "Payload/X.app/PlugIns/S.appex/Frameworks")
        try writer.close()

        let reader = try ZipArchiveReader(path: path)
        #expect(reader.folders == ["Payload", "Payload/X.app/PlugIns/S.appex/Frameworks"])
        #expect(reader.files.map(\.path) == ["Payload/X.app/Info.plist"])
        #expect(throws: BundleCheckError.missingEntry(file: "Payload/X.app/PlugIns/S.appex/Frameworks")) {
            try reader.size(of: "Payload/X.app/PlugIns/S.appex/Frameworks")
        }
    }

    @Test func aZipWithoutFolderEntriesHasNoFolders() throws {
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        let path = try Support.writeZip(in: directory, [("Payload/X.app/Info.plist", [1], .deflate)])
        #expect(try ZipArchiveReader(path: path).folders.isEmpty)
    }

    @Test func aRepeatedZipFolderEntryIsListedOnce() throws {
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        let path = directory + "/twice.zip"
        let writer = try ZipArchiveWriter(path: path)
        try writer.addDirectory(path: "A/")
        try writer.add(path: "A/file", contents: [1])
        try writer.addDirectory(path: "B")
        try writer.close()
        // libzip refuses to add the same name twice, so the repeat is written by renaming B/ to A/.
        var bytes = try Support.readFile(path)
        for record in Support.centralRecords(of: bytes) where record.name == "B/" {
            bytes[record.offset + 46] = UInt8(ascii: "A")
            bytes[record.localHeaderOffset + 30] = UInt8(ascii: "A")
        }
        try Support.writeFile(path, bytes)
        #expect(try ZipArchiveReader(path: path).folders == ["A"])
    }

    @Test func directoryContainerListsEveryFolderEmptyOnesIncludedSorted() throws {
        let root = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(root) }
        try DirectoryContainerTests.populate(root, ["Payload/X.app/Info.plist": [1]])
        try FileManager.default.createDirectory(atPath: root + "/Payload/X.app/PlugIns/S.appex/Frameworks", withIntermediateDirectories: true)

        let container = try DirectoryContainer(root: root)
        #expect(
            container.folders == [
                "Payload",
                "Payload/X.app",
                "Payload/X.app/PlugIns",
                "Payload/X.app/PlugIns/S.appex",
                "Payload/X.app/PlugIns/S.appex/Frameworks",
            ])
    }

    @Test func directoryFoldersCarryThePathPrefixAndIncludeThePrefixFolder() throws {
        let parent = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(parent) }
        try DirectoryContainerTests.populate(parent, ["Foo.app/Info.plist": [1], "Sibling/file": [2]])
        try FileManager.default.createDirectory(atPath: parent + "/Foo.app/Frameworks", withIntermediateDirectories: true)

        let container = try PackageOpener.open(path: parent + "/Foo.app")
        #expect(container.folders == ["Foo.app", "Foo.app/Frameworks"])
    }

    @Test func tooManyFoldersAreRefusedLikeTooManyFiles() throws {
        let root = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(root) }
        for name in ["a", "b", "c"] {
            try FileManager.default.createDirectory(atPath: root + "/" + name, withIntermediateDirectories: true)
        }
        #expect(throws: BundleCheckError.notAPackage(path: root, reason: "more than the 2 folders bundlecheck lists")) {
            try DirectoryContainer(root: root, pathPrefix: "", limits: ContainerLimits(maxDirectoryFiles: 2, maxDirectoryDepth: 8))
        }
    }
}
