import BundleCheckFormats
import Foundation
import Testing

@testable import BundleCheckCommandLine

/// README's release review: `Examples/PaiNotes.ipa` against its next build,
/// `Examples/PaiNotes-build40.ipa`, which adds a Share extension and an entitlement and moves
/// the build number back (`ExamplePackages.paiNotesNextBuild`). Each seeded change shows once.
@Suite struct ExampleReviewTests {
    static let old = RepositoryPaths.file("Examples/PaiNotes.ipa")
    static let new = RepositoryPaths.file("Examples/PaiNotes-build40.ipa")

    static func review(_ options: [String] = [], old: String = old, new: String = new) throws -> (ExitCode, JSONValue) {
        let (status, console) = CapturingConsole.run(["diff", "--format", "json", "--now", "2026-06-01"] + options + [old, new])
        return (status, try JSONParser().parse(console.output))
    }

    /// Each change as one line: bundle, facet, key, kind, old value, new value.
    static func changes(_ document: JSONValue) -> [String] {
        var lines: [String] = []
        for bundle in document["bundles"]?.arrayValue ?? [] {
            let path = bundle["new"]?.stringValue ?? bundle["old"]?.stringValue ?? ""
            for change in bundle["changes"]?.arrayValue ?? [] {
                let fields: [String] = ["facet", "key", "change", "old", "new"].map { change[$0]?.stringValue ?? "" }
                lines.append(([path] + fields).joined(separator: " "))
            }
        }
        return lines
    }

    @Test func eachSeededChangeShowsOnce() throws {
        let (status, document) = try Self.review()
        #expect(status == .findings)
        let added = (document["bundles"]?.arrayValue ?? []).filter { $0["status"]?.stringValue == "added" }
        #expect(added.compactMap { $0["new"]?.stringValue } == ["Payload/PaiNotes.app/PlugIns/PaiNotesShare.appex"])
        #expect(added.first?["extensionPoint"]?.stringValue == "com.apple.share-services")
        #expect(
            Self.changes(document) == [
                "Payload/PaiNotes.app build  changed 42 40",
                "Payload/PaiNotes.app entitlements com.apple.developer.associated-domains added  applinks:painotes.com",
                // The action extension follows its app to 40, which fixes the first build's mismatch.
                "Payload/PaiNotes.app/PlugIns/PaiNotesImport.appex build  changed 41 40",
            ])
        #expect(document["findings"]?["new"]?.arrayValue?.count == 0)
        #expect(document["findings"]?["fixed"]?.arrayValue?.compactMap { $0["rule"]?.stringValue } == ["version-mismatch"])
        // OLD is taken as approved: 1.2 again is not a higher version, besides the lower build number.
        #expect(document["verdicts"]?.arrayValue?.compactMap { $0["rule"]?.stringValue } == ["build-number-not-higher", "version-not-higher"])
    }

    /// README's example is what the command prints today.
    @Test func theReadmeShowsARealRun() throws {
        let readme = try String(contentsOfFile: RepositoryPaths.file("README.md"), encoding: .utf8)
        let command = "$ bundlecheck diff Examples/PaiNotes.ipa Examples/PaiNotes-build40.ipa\n"
        let start = try #require(readme.range(of: command), "README.md has no example of the review")
        let end = try #require(readme.range(of: "$ echo $?", range: start.upperBound..<readme.endIndex))
        let shown = String(readme[start.upperBound..<end.lowerBound])
        let (status, console) = CapturingConsole.run(["diff", "--now", "2026-06-01", Self.old, Self.new])
        #expect(status == .findings)
        let printed = console.output.replacingOccurrences(of: Self.old, with: "Examples/PaiNotes.ipa").replacingOccurrences(
            of: Self.new, with: "Examples/PaiNotes-build40.ipa")
        #expect(shown == printed, "README.md's review example differs from a run: paste the command's output")
    }

    @Test func afterAnUploadOnlyTheBuildNumberFails() throws {
        let (status, document) = try Self.review(["--old-build", "uploaded"])
        #expect(status == .findings)
        #expect(document["verdicts"]?.arrayValue?.compactMap { $0["rule"]?.stringValue } == ["build-number-not-higher"])
    }

    @Test func anIgnoreEntrySuppressesAVerdictWithItsReason() throws {
        let directory = try TemporaryDirectory()
        let configuration = directory.path("bundlecheck.yml")
        try """
        ignore:
          - rule: build-number-not-higher
            path: Payload/PaiNotes.app
            reason: build 40 replaces the withdrawn 42
        """.write(toFile: configuration, atomically: true, encoding: .utf8)
        let (status, document) = try Self.review(["--old-build", "uploaded", "--config", configuration])
        #expect(status == .success)
        let verdict = try #require(document["verdicts"]?.arrayValue?.first)
        #expect(verdict["rule"]?.stringValue == "build-number-not-higher" && verdict["suppressed"] == .bool(true))
        #expect(verdict["suppression"]?["reason"]?.stringValue == "build 40 replaces the withdrawn 42")
        for format in ["text", "markdown", "html"] {
            let output = CapturingConsole.run(["diff", "--format", format, "--old-build", "uploaded", "--config", configuration, Self.old, Self.new]).1.output
            #expect(output.contains("build 40 replaces the withdrawn 42"), "\(format) does not say why the verdict is suppressed")
        }
    }

    @Test func swappedTheShareExtensionAndEntitlementAreRemoved() throws {
        let (_, document) = try Self.review(old: Self.new, new: Self.old)
        let removed = (document["bundles"]?.arrayValue ?? []).filter { $0["status"]?.stringValue == "removed" }
        #expect(removed.compactMap { $0["old"]?.stringValue } == ["Payload/PaiNotes.app/PlugIns/PaiNotesShare.appex"])
        #expect(Self.changes(document).contains("Payload/PaiNotes.app entitlements com.apple.developer.associated-domains removed applinks:painotes.com "))
        // 42 after 40 is the next build: no build-number verdict the other way round.
        #expect(document["verdicts"]?.arrayValue?.compactMap { $0["rule"]?.stringValue } == ["version-not-higher"])
    }
}
