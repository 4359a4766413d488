import Foundation
import Testing

@testable import BundleCheckModel

/// Where `.bundlecheck.yml` is looked for: the working directory, then parents up to the
/// repository root, never above it, and only the working directory outside a repository.
@Suite struct ConfigurationDiscoveryTests {
    /// A discovery over a file system that holds exactly `paths`.
    static func discovery(_ paths: Set<String>) -> ConfigurationDiscovery {
        ConfigurationDiscovery { paths.contains($0) }
    }

    @Test func theFileInTheWorkingDirectoryIsFoundFirst() {
        let found = Self.discovery(["/r/.git", "/r/.bundlecheck.yml", "/r/app/.bundlecheck.yml"]).find(from: "/r/app")
        #expect(found == ConfigurationDiscovery.Location(folder: "/r/app", levelsUp: 0))
        #expect(found?.relativePath == ".bundlecheck.yml")
    }

    @Test func theNearestParentWinsOverTheRepositoryRoot() {
        let found = Self.discovery(["/r/.git", "/r/.bundlecheck.yml", "/r/app/.bundlecheck.yml"]).find(from: "/r/app/build/ipa")
        #expect(found?.folder == "/r/app")
        #expect(found?.relativePath == "../../.bundlecheck.yml")
        #expect(found?.path == "/r/app/.bundlecheck.yml")
    }

    @Test func theRepositoryRootItselfIsSearched() {
        let found = Self.discovery(["/r/.git", "/r/.bundlecheck.yml"]).find(from: "/r/a/b")
        #expect(found == ConfigurationDiscovery.Location(folder: "/r", levelsUp: 2))
    }

    @Test func nothingAboveTheRepositoryRootIsRead() {
        // A file in the home folder above the checkout must not configure its runs.
        let paths: Set<String> = ["/home/.bundlecheck.yml", "/home/r/.git", "/home/r/sub/.git"]
        #expect(Self.discovery(paths).find(from: "/home/r/app") == nil)
        // The nearest .git decides: inside a submodule its root is the limit.
        #expect(Self.discovery(paths.union(["/home/r/.bundlecheck.yml"])).find(from: "/home/r/sub/x") == nil)
        #expect(Self.discovery(paths.union(["/home/r/.bundlecheck.yml"])).find(from: "/home/r/app")?.folder == "/home/r")
    }

    @Test func outsideARepositoryOnlyTheWorkingDirectoryCounts() {
        let paths: Set<String> = ["/tmp/.bundlecheck.yml", "/tmp/job/.bundlecheck.yml"]
        #expect(Self.discovery(paths).find(from: "/tmp/job")?.folder == "/tmp/job")
        #expect(Self.discovery(paths).find(from: "/tmp/job/build") == nil)
    }

    @Test func noFileAnywhereFindsNothing() {
        #expect(Self.discovery(["/r/.git"]).find(from: "/r/a") == nil)
        #expect(Self.discovery([]).find(from: "/") == nil)
    }

    @Test func dotsAndRepeatedSlashesInTheStartAreTidiedFirst() {
        let found = Self.discovery(["/r/.git", "/r/.bundlecheck.yml"]).find(from: "/r/a/./b/..//c")
        #expect(found == ConfigurationDiscovery.Location(folder: "/r", levelsUp: 2))
        #expect(ConfigurationDiscovery.folders(from: "/r/a/./b/../c") == ["/r/a/c", "/r/a", "/r", "/"])
    }

    // MARK: On disk

    @Test func aGitFolderOnDiskStopsTheSearch() throws {
        let directory = try TemporaryDirectory()
        try directory.write("fail-on: warning\n", to: ".bundlecheck.yml")
        _ = try directory.folder("repo/.git")
        let start = try directory.folder("repo/app/build")
        #expect(ConfigurationDiscovery().find(from: start) == nil)
        try directory.write("fail-on: warning\n", to: "repo/.bundlecheck.yml")
        #expect(ConfigurationDiscovery().find(from: start)?.path == directory.path("repo/.bundlecheck.yml"))
    }

    @Test func aGitFileOnDiskStopsTheSearchLikeAFolder() throws {
        // A git worktree or submodule has a `.git` file pointing at the real repository.
        let directory = try TemporaryDirectory()
        try directory.write("fail-on: warning\n", to: ".bundlecheck.yml")
        try directory.write("gitdir: /elsewhere/.git/worktrees/wt\n", to: "wt/.git")
        let start = try directory.folder("wt/app")
        #expect(ConfigurationDiscovery().find(from: start) == nil)
        try directory.write("fail-on: warning\n", to: "wt/.bundlecheck.yml")
        #expect(ConfigurationDiscovery().find(from: start)?.levelsUp == 1)
    }

    @Test func locateNamesAFileFoundInAParentByItsPath() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.folder("repo/.git")
        let file = try directory.write("fail-on: warning\n", to: "repo/.bundlecheck.yml")
        let start = try directory.folder("repo/app")
        #expect(ConfigurationLoader.locate(explicitPath: nil, workingDirectory: start) == file)
        #expect(ConfigurationLoader.locate(explicitPath: "other.yml", workingDirectory: start) == "other.yml")
        #expect(ConfigurationLoader.locate(explicitPath: nil, workingDirectory: try directory.folder("elsewhere")) == nil)
    }
}
