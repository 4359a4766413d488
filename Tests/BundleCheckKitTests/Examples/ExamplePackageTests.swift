import BundleCheckFixtures
import Foundation
import Testing
@testable import BundleCheckFormats

/// `Examples/PaiNotes.ipa` is what the fixture builder writes, and gives the findings pinned here.
@Suite struct ExamplePackageTests {
    static let examplePath = RepositoryPaths.file("Examples/PaiNotes.ipa")

    @Test func exampleMatchesWhatTheFixtureBuilderWrites() throws {
        let directory = try TemporaryDirectory()
        let rebuilt = directory.path("PaiNotes.ipa")
        try ExamplePackages.paiNotes().writeZip(to: rebuilt)
        let shipped = try ZipArchiveReader(path: Self.examplePath)
        let fresh = try ZipArchiveReader(path: rebuilt)
        #expect(shipped.files.map(\.path) == fresh.files.map(\.path))
        for entry in fresh.files {
            #expect(try shipped.read(entry.path, limit: 1 << 20) == fresh.read(entry.path, limit: 1 << 20), "\(entry.path) differs; run `swift run bundlecheck-fixtures Examples`")
        }
    }

    @Test func writingTheExampleTwiceGivesIdenticalBytes() throws {
        let directory = try TemporaryDirectory()
        try ExamplePackages.paiNotes().writeZip(to: directory.path("A.ipa"))
        try ExamplePackages.paiNotes().writeZip(to: directory.path("B.ipa"))
        let first = try Data(contentsOf: URL(fileURLWithPath: directory.path("A.ipa")))
        let second = try Data(contentsOf: URL(fileURLWithPath: directory.path("B.ipa")))
        #expect(first == second)
    }

    @Test func exampleFindingsMatchTheGoldenReport() throws {
        // A fixed date: the example's profiles expire in 2030.
        let (status, console) = CapturingConsole.run(["--format", "json", "--now", "2026-06-01", Self.examplePath])
        #expect(status == .findings)
        let rendered = console.output
            .replacingOccurrences(of: Self.examplePath, with: "Examples/PaiNotes.ipa")
            .replacingOccurrences(of: "\"version\": \"\(BundleCheckVersion.current)\"", with: "\"version\": \"<version>\"")
        let goldenPath = RepositoryPaths.file("Tests/BundleCheckKitTests/Examples/Golden/PaiNotes.json")
        if ProcessInfo.processInfo.environment["BUNDLECHECK_RECORD_GOLDEN"] == "1" {
            try Data(rendered.utf8).write(to: URL(fileURLWithPath: goldenPath))
        }
        let golden = try Data(contentsOf: URL(fileURLWithPath: goldenPath))
        let expected = try JSONSerialization.jsonObject(with: golden) as? NSDictionary
        let actual = try JSONSerialization.jsonObject(with: Data(rendered.utf8)) as? NSDictionary
        #expect(expected != nil)
        #expect(actual == expected, "the example's report changed; re-record with BUNDLECHECK_RECORD_GOLDEN=1 if intended")
    }
}
