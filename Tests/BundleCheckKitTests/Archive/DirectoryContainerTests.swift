import Foundation
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckModel

@Suite struct DirectoryContainerTests {
    typealias Support = ArchiveTestSupport

    /// Writes `files` (path relative to `root` → contents), creating folders.
    static func populate(_ root: String, _ files: [String: [UInt8]]) throws {
        for (path, contents) in files {
            let url = URL(fileURLWithPath: root + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents).write(to: url)
        }
    }

    /// Whether a folder with mode 000 really cannot be listed. Not as root (the
    /// usual case in containers): root's CAP_DAC_OVERRIDE / CAP_DAC_READ_SEARCH
    /// bypass permission bits, and no other cheap trick makes opendir fail for root.
    static let permissionsAreEnforced: Bool = {
        guard let directory = try? Support.makeTemporaryDirectory() else { return false }
        defer { Support.cleanUp(directory) }
        let locked = directory + "/locked"
        guard (try? FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false)) != nil,
            chmod(locked, 0) == 0
        else { return false }
        defer { chmod(locked, 0o755) }
        return (try? FileManager.default.contentsOfDirectory(atPath: locked)) == nil
    }()

    @Test func listsRegularFilesRecursivelyWithSortedRelativePaths() throws {
        let root = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(root) }
        try Self.populate(
            root,
            [
                "Products/Applications/X.app/Info.plist": [1, 2, 3],
                "Products/Applications/X.app/PlugIns/S.appex/Info.plist": [4],
                "Info.plist": [5, 6],
                "dSYMs/X.app.dSYM/Contents/Info.plist": [],
            ])
        try FileManager.default.createDirectory(atPath: root + "/Empty/Folder", withIntermediateDirectories: true)

        let container = try DirectoryContainer(root: root + "/")
        #expect(container.storage == .directory)
        #expect(container.root == root)
        #expect(
            container.files == [
                ContainerEntry(path: "Info.plist", size: 2),
                ContainerEntry(path: "Products/Applications/X.app/Info.plist", size: 3),
                ContainerEntry(path: "Products/Applications/X.app/PlugIns/S.appex/Info.plist", size: 1),
                ContainerEntry(path: "dSYMs/X.app.dSYM/Contents/Info.plist", size: 0),
            ])
        #expect(try container.read("Products/Applications/X.app/Info.plist", limit: 3) == [1, 2, 3])
        #expect(try container.read("dSYMs/X.app.dSYM/Contents/Info.plist", limit: 0) == [])
    }

    @Test func aPrefixPutsTheRootFolderNameInFrontOfEveryPath() throws {
        let parent = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(parent) }
        try Self.populate(parent, ["Foo.app/Info.plist": [1], "Foo.app/PlugIns/S.appex/Info.plist": [2], "Sibling.txt": [3]])
        let container = try DirectoryContainer(root: parent + "/Foo.app", pathPrefix: "Foo.app/")
        #expect(container.files.map(\.path) == ["Foo.app/Info.plist", "Foo.app/PlugIns/S.appex/Info.plist"])
        #expect(try container.read("Foo.app/PlugIns/S.appex/Info.plist", limit: 10) == [2])
        #expect(throws: BundleCheckError.missingEntry(file: "Info.plist")) { try container.read("Info.plist", limit: 10) }
    }

    /// Links are skipped whatever they point at: outside the root (never read
    /// through), inside it (an IPA could not carry the target either), a
    /// folder (no cycles), or nothing.
    @Test func symbolicLinksAreNeitherFollowedNorListed() throws {
        let root = try Support.makeTemporaryDirectory()
        let outside = try Support.makeTemporaryDirectory()
        defer {
            Support.cleanUp(root)
            Support.cleanUp(outside)
        }
        try Self.populate(outside, ["secret": [9]])
        try Self.populate(root, ["X.app/Info.plist": [1]])
        let links = [
            "X.app/outside-file": outside + "/secret",
            "X.app/outside-folder": outside,
            "X.app/inside-file": root + "/X.app/Info.plist",
            "X.app/loop": root,
            "X.app/dangling": root + "/nothing-here",
        ]
        for (link, target) in links {
            try FileManager.default.createSymbolicLink(atPath: root + "/" + link, withDestinationPath: target)
        }
        let container = try DirectoryContainer(root: root)
        #expect(container.files.map(\.path) == ["X.app/Info.plist"])
        #expect(container.skippedPaths == links.keys.sorted())
        #expect(throws: BundleCheckError.missingEntry(file: "X.app/outside-file")) {
            try container.read("X.app/outside-file", limit: 10)
        }
        #expect(throws: BundleCheckError.missingEntry(file: "X.app/../../secret")) {
            try container.read("X.app/../../secret", limit: 10)
        }
    }

    @Test func aFIFOIsSkippedAndNeverOpened() throws {
        let root = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(root) }
        try Self.populate(root, ["X.app/Info.plist": [1]])
        #expect(mkfifo(root + "/X.app/pipe", 0o644) == 0)
        let container = try DirectoryContainer(root: root)
        #expect(container.files.map(\.path) == ["X.app/Info.plist"])
        #expect(container.skippedPaths == ["X.app/pipe"])
    }

    @Test(.enabled(if: permissionsAreEnforced, "running as root: permission bits do not stop root from listing a folder"))
    func anUnlistableSubfolderIsUnreadableByItsPath() throws {
        let root = try Support.makeTemporaryDirectory()
        defer {
            chmod(root + "/X.app/Locked", 0o755)
            Support.cleanUp(root)
        }
        try Self.populate(root, ["X.app/Info.plist": [1], "X.app/Locked/file": [2]])
        #expect(chmod(root + "/X.app/Locked", 0) == 0)
        #expect(throws: BundleCheckError.unreadable(path: root + "/X.app/Locked", reason: "permission denied")) {
            try DirectoryContainer(root: root)
        }
    }

    /// The root-proof part of the same path: a root that cannot be listed.
    @Test func aRootThatIsMissingOrNotAFolderIsReported() throws {
        let parent = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(parent) }
        try Self.populate(parent, ["file": [1]])
        #expect(throws: BundleCheckError.notFound(path: parent + "/missing")) { try DirectoryContainer(root: parent + "/missing") }
        #expect(throws: BundleCheckError.unreadable(path: parent + "/file", reason: "not a directory")) {
            try DirectoryContainer(root: parent + "/file")
        }
    }

    @Test func aFileReplacedAfterListingIsUnreadableNotFollowed() throws {
        let root = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(root) }
        try Self.populate(root, ["X.app/Info.plist": [1], "elsewhere": [7]])
        let container = try DirectoryContainer(root: root)
        try FileManager.default.removeItem(atPath: root + "/X.app/Info.plist")
        try FileManager.default.createSymbolicLink(atPath: root + "/X.app/Info.plist", withDestinationPath: root + "/elsewhere")
        #expect {
            try container.read("X.app/Info.plist", limit: 10)
        } throws: { error in
            guard case .unreadable(let path, _)? = error as? BundleCheckError else { return false }
            return path == root + "/X.app/Info.plist"
        }
    }

    @Test func readAndStreamKeepTheirLimits() throws {
        let root = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(root) }
        let data = Support.bytes(count: 3 << 20, seed: 11)
        try Self.populate(root, ["X.app/Assets.car": data])
        let container = try DirectoryContainer(root: root)
        #expect(throws: BundleCheckError.entryTooLarge(file: "X.app/Assets.car", size: UInt64(data.count), limit: 1 << 20)) {
            try container.read("X.app/Assets.car", limit: 1 << 20)
        }
        #expect(try container.read("X.app/Assets.car", limit: data.count) == data)

        var offset = 0
        var largest = 0
        var matches = true
        try container.stream("X.app/Assets.car", chunkSize: 10_000) { chunk in
            largest = max(largest, chunk.count)
            matches = matches && data[offset..<(offset + chunk.count)].elementsEqual(chunk)
            offset += chunk.count
            return true
        }
        #expect(offset == data.count)
        #expect(largest <= 10_000)
        #expect(matches)

        var calls = 0
        try container.stream("X.app/Assets.car", chunkSize: 1000) { _ in
            calls += 1
            return false
        }
        #expect(calls == 1)
    }

    @Test func readCountsBytesBeyondTheSizeSeenWhenListing() throws {
        let root = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(root) }
        try Self.populate(root, ["Info.plist": [1]])
        let container = try DirectoryContainer(root: root)
        try Data(repeating: 2, count: 5000).write(to: URL(fileURLWithPath: root + "/Info.plist"))
        #expect(throws: BundleCheckError.entryTooLarge(file: "Info.plist", size: 5000, limit: 100)) {
            try container.read("Info.plist", limit: 100)
        }
    }

    @Test func fileCountAndDepthAreCapped() throws {
        let root = try Support.makeTemporaryDirectory()
        defer { Support.cleanUp(root) }
        try Self.populate(root, ["a": [], "b": [], "c": [], "d/e/f/g": []])
        #expect(throws: BundleCheckError.notAPackage(path: root, reason: "more than the 3 files bundlecheck lists")) {
            try DirectoryContainer(root: root, pathPrefix: "", limits: ContainerLimits(maxDirectoryFiles: 3, maxDirectoryDepth: 64))
        }
        #expect(throws: BundleCheckError.notAPackage(path: root, reason: "folders nested more than 2 levels deep at d/e/f")) {
            try DirectoryContainer(root: root, pathPrefix: "", limits: ContainerLimits(maxDirectoryFiles: 100, maxDirectoryDepth: 2))
        }
        #expect(try DirectoryContainer(root: root, pathPrefix: "", limits: ContainerLimits(maxDirectoryFiles: 4, maxDirectoryDepth: 3)).files.count == 4)
    }
}
