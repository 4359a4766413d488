import Foundation
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckModel

@Suite struct PackageOpenerTests {
    typealias Support = ArchiveTestSupport

    @Test(arguments: ["Foo.app", "Foo.app/", "Foo.app/."])
    func anAppDirectoryIsItsOwnBundleAtThePackageRoot(_ name: String) throws {
        let parent = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(parent) }
        try DirectoryContainerTests.populate(
            parent,
            [
                "Foo.app/Info.plist": [1],
                "Foo.app/PlugIns/X.appex/Info.plist": [2],
                "Other.app/Info.plist": [3],
            ])
        let container = try PackageOpener.open(path: parent + "/" + name)
        #expect(container.storage == .directory)
        #expect(container.files.map(\.path) == ["Foo.app/Info.plist", "Foo.app/PlugIns/X.appex/Info.plist"])
        let located = try BundleLocator.locate(files: container.files, packagePath: parent + "/" + name)
        #expect(located.kind == .app)
        #expect(
            located.bundles == [
                BundleLocation(path: "Foo.app", kind: .app, parent: nil),
                BundleLocation(path: "Foo.app/PlugIns/X.appex", kind: .appex, parent: "Foo.app"),
            ])
        #expect(try container.read("Foo.app/Info.plist", limit: 1) == [1])
    }

    @Test func anyOtherDirectoryIsThePackageRoot() throws {
        let parent = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(parent) }
        try DirectoryContainerTests.populate(parent, ["X.xcarchive/Products/Applications/X.app/Info.plist": [1]])
        let container = try PackageOpener.open(path: parent + "/X.xcarchive")
        #expect(container.files.map(\.path) == ["Products/Applications/X.app/Info.plist"])
    }

    @Test(arguments: ["app.ipa", "app.zip", "app", "app.txt"])
    func aRegularFileOfAnyExtensionIsOpenedAsAZip(_ name: String) throws {
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        let path = try Support.writeZip(in: directory, named: name, [("Payload/X.app/Info.plist", [1], .deflate)])
        let container = try PackageOpener.open(path: path)
        #expect(container.storage == .zip)
        #expect(container.files.map(\.path) == ["Payload/X.app/Info.plist"])
    }

    @Test func missingEmptyAndSpecialPathsAreReported() throws {
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        #expect(throws: BundleCheckError.notFound(path: directory + "/nope.ipa")) { try PackageOpener.open(path: directory + "/nope.ipa") }
        try Support.writeFile(directory + "/empty.ipa", [])
        #expect(throws: BundleCheckError.emptyFile(path: directory + "/empty.ipa")) { try PackageOpener.open(path: directory + "/empty.ipa") }
        #expect(mkfifo(directory + "/pipe", 0o644) == 0)
        #expect(throws: BundleCheckError.notAPackage(path: directory + "/pipe", reason: "neither a regular file nor a directory")) {
            try PackageOpener.open(path: directory + "/pipe")
        }
    }

    @Test func aSymbolicLinkNamedOnTheCommandLineIsFollowed() throws {
        let directory = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(directory) }
        let path = try Support.writeZip(in: directory, [("Payload/X.app/Info.plist", [1], .deflate)])
        try FileManager.default.createSymbolicLink(atPath: directory + "/link.ipa", withDestinationPath: path)
        #expect(try PackageOpener.open(path: directory + "/link.ipa").files.count == 1)
    }
}
