import BundleCheckFormats
import Foundation
import Testing

@testable import BundleCheckGenerator

/// CHANGELOG.md becomes the package's Debian changelog (`make deb`): its releases as entries,
/// newest first, a snapshot entry above them, lines Debian's tools can read.
@Suite struct DebianChangelogTests {
    static let markdown = """
        # Changelog

        ## [Unreleased]

        ### Fixed

        - A crash on an empty
          archive.

        ## [0.2.0] - 2026-12-24

        ### Added

        - `bundlecheck diff`.
        - A second line item.

        ### Changed

        - Faster.

        ## [0.1.0] - 2026-12-03

        ### Added

        - The check.

        [Unreleased]: https://example.org/compare/v0.2.0...HEAD
        """

    static let maintainer = "Example Maintainer <maintainer@example.org>"
    /// 2026-12-25 10:11:12 UTC.
    static let builtAt = Date(timeIntervalSince1970: 1_798_193_472)

    @Test func readsTheReleasesAndTheUnreleasedChanges() throws {
        let changelog = try DebianChangelog(markdown: Self.markdown)
        #expect(changelog.releases.map(\.version) == ["0.2.0", "0.1.0"])
        #expect(changelog.releases.map(\.date) == ["2026-12-24", "2026-12-03"])
        #expect(
            changelog.releases[0].groups == [
                .init(heading: "Added", items: ["`bundlecheck diff`.", "A second line item."]),
                .init(heading: "Changed", items: ["Faster."]),
            ])
        #expect(changelog.unreleased == [.init(heading: "Fixed", items: ["A crash on an empty archive."])])
    }

    @Test func aSnapshotEntryComesFirstAndOnlyReleasesUpToTheVersionFollow() throws {
        let changelog = try DebianChangelog(markdown: Self.markdown)
        let text = try changelog.render(
            packageVersion: "0.1.0+git202612251011.abc1234", upstreamVersion: "0.1.0",
            commit: "abc1234", builtAt: Self.builtAt, maintainer: Self.maintainer)
        let headers = text.split(separator: "\n").filter { $0.hasPrefix("bundlecheck (") }
        #expect(
            headers == [
                "bundlecheck (0.1.0+git202612251011.abc1234) unstable; urgency=medium",
                "bundlecheck (0.1.0) unstable; urgency=medium",
            ])
        let flowing = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flowing.contains("- Built from commit abc1234, after release 0.1.0; the changes since follow. * Fixed - A crash on an empty archive."))
        #expect(text.contains(" -- \(Self.maintainer)  Fri, 25 Dec 2026 10:11:12 +0000"))
        #expect(text.contains(" -- \(Self.maintainer)  Thu, 03 Dec 2026 00:00:00 +0000"))
        #expect(!text.contains("0.2.0"), "a release newer than the package's version is not its history")
    }

    @Test func aReleaseBuildHasNoSnapshotEntry() throws {
        let text = try DebianChangelog(markdown: Self.markdown).render(
            packageVersion: "0.2.0", upstreamVersion: "0.2.0", commit: "unknown", builtAt: Self.builtAt, maintainer: Self.maintainer)
        #expect(text.hasPrefix("bundlecheck (0.2.0) unstable; urgency=medium\n\n  * Added\n    - `bundlecheck diff`.\n"))
        #expect(!text.contains("Snapshot"))
        #expect(!text.contains("A crash on an empty archive"), "unreleased changes are not in a release's entry")
    }

    @Test func aVersionWithoutADatedSectionIsRefused() throws {
        #expect(throws: DebianChangelog.Failure.noRelease(version: "0.3.0")) {
            try DebianChangelog(markdown: Self.markdown).render(
                packageVersion: "0.3.0", upstreamVersion: "0.3.0", commit: "x", builtAt: Self.builtAt, maintainer: Self.maintainer)
        }
        #expect(throws: DebianChangelog.Failure.badDate(heading: "[0.4.0] - 2026-13-01")) {
            try DebianChangelog(markdown: "## [0.4.0] - 2026-13-01\n")
        }
        #expect(throws: DebianChangelog.Failure.badDate(heading: "[0.4.0]")) {
            try DebianChangelog(markdown: "## [0.4.0]\n")
        }
    }

    @Test func longItemsWrapWithinEightyColumnsAndKeepEveryWord() {
        let item = (1...60).map { "word\($0)" }.joined(separator: " ") + " " + String(repeating: "x", count: 90)
        let lines = DebianChangelog.wrap(item, first: "    - ", rest: "      ", width: 78)
        #expect(lines.count > 3)
        #expect(lines.dropLast().allSatisfy { $0.count <= 78 })
        #expect(lines.last == "      " + String(repeating: "x", count: 90), "a word longer than a line stands alone")
        let words = lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            .replacingOccurrences(of: "- ", with: "", options: .anchored)
        #expect(words == item)
    }

    /// The project's own CHANGELOG.md: it has a dated section for the version --version prints,
    /// and dpkg-parsechangelog (dpkg-dev) reads what it renders to, every entry of it.
    @Test func theProjectsChangelogRendersToWhatDpkgReads() throws {
        let markdown = try String(contentsOf: RepositoryPaths.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let changelog = try DebianChangelog(markdown: markdown)
        let version = BundleCheckVersion.current
        #expect(changelog.releases.first?.version == version, "CHANGELOG.md's newest dated section is not \(version)")
        let packageVersion = "\(version)+git202612251011.abc1234"
        let text = try changelog.render(
            packageVersion: packageVersion, upstreamVersion: version, commit: "abc1234",
            builtAt: Self.builtAt, maintainer: Self.maintainer)
        for line in text.split(separator: "\n") where !line.hasPrefix(" -- ") {
            #expect(line.count <= 80, "too long for Debian's tools: \(line)")
        }
        guard ExternalTool.isInstalled("dpkg-parsechangelog") else {
            if RepositoryPaths.isCI {
                Issue.record("dpkg-parsechangelog is missing; CI installs dpkg-dev")
            } else {
                print("skipping: dpkg-parsechangelog (dpkg-dev) is not installed")
            }
            return
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("debian-changelog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("changelog")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let parsed = try ExternalTool.run(["dpkg-parsechangelog", "-l", file.path, "--all", "--format", "rfc822"])
        #expect(parsed.status == 0, "\(parsed.output)")
        #expect(!parsed.output.contains("dpkg-parsechangelog: warning"), "\(parsed.output)")
        let versions = parsed.output.split(separator: "\n").filter { $0.hasPrefix("Version: ") }.map { String($0.dropFirst(9)) }
        #expect(versions == [packageVersion] + changelog.releases.map(\.version))
    }
}
