import BundleCheckFixtures
import Testing

@testable import BundleCheckInspection
@testable import BundleCheckModel

@Suite struct MatchingTextRuleTests {
    typealias Package = MatchingTestPackage

    static let app = FixtureBundle.app("Pai", bundleIdentifier: "com.example.pai")
    static let apps = RuleScope.bundles(kinds: [.app], extensionPoints: nil)

    static func text(_ string: String) -> [UInt8] { Array(string.utf8) }

    @Test func eachLineWithAMatchIsOneHitWithItsLineNumber() throws {
        let json = "{\n  \"url\": \"http://example.com\",\n  \"more\": \"http://a.test http://b.test\"\n}\n"
        let package = try Package(.ipa(Self.app.adding(file: "config.json", contents: Self.text(json))))
        let hits = package.engine.hits(of: try Package.text("*.json", pattern: #"http://[a-z.]+"#), scope: Self.apps)
        let file = "Payload/Pai.app/config.json"
        #expect(
            hits == [
                MatchHit(bundle: "Payload/Pai.app", file: file, keyPath: nil, line: 2, value: "http://example.com", identity: file + ":2"),
                MatchHit(bundle: "Payload/Pai.app", file: file, keyPath: nil, line: 3, value: "http://a.test", identity: file + ":3"),
            ])
    }

    @Test func carriageReturnsEndLinesToo() throws {
        let app = Self.app
            .adding(file: "crlf.txt", contents: Self.text("a\r\nb\r\nneedle"))
            .adding(file: "cr.txt", contents: Self.text("a\rb\rc\rneedle"))
        let package = try Package(.ipa(app))
        let hits = package.engine.hits(of: try Package.text("*.txt", pattern: "needle"), scope: Self.apps)
        #expect(hits.map(\.line) == [4, 3])
        #expect(hits.map(\.file) == ["Payload/Pai.app/cr.txt", "Payload/Pai.app/crlf.txt"])
    }

    @Test func filesOverOneMebibyteAreSkippedAndFilesAtTheLimitAreRead() throws {
        func padded(to size: Int) -> [UInt8] {
            Self.text("needle\n") + [UInt8](repeating: UInt8(ascii: "x"), count: size - 7)
        }
        let app = Self.app
            .adding(file: "at-limit.txt", contents: padded(to: TextMatcher.maximumFileSize))
            .adding(file: "over-limit.txt", contents: padded(to: TextMatcher.maximumFileSize + 1))
        let package = try Package(.ipa(app))
        let hits = package.engine.hits(of: try Package.text("*.txt", pattern: "needle"), scope: Self.apps)
        #expect(hits.map(\.file) == ["Payload/Pai.app/at-limit.txt"])
    }

    @Test func filesThatAreNotUTF8AreSkipped() throws {
        let app = Self.app
            .adding(file: "latin1.txt", contents: [0x63, 0x61, 0x66, 0xE9, 0x20] + Self.text("needle"))
            .adding(file: "utf8.txt", contents: Self.text("café needle"))
        let package = try Package(.ipa(app))
        let hits = package.engine.hits(of: try Package.text("*.txt", pattern: "needle"), scope: Self.apps)
        #expect(hits.map(\.file) == ["Payload/Pai.app/utf8.txt"])
    }

    @Test func hitsPerFileAreCapped() throws {
        let many = String(repeating: "needle\n", count: 150)
        let package = try Package(.ipa(Self.app.adding(file: "many.txt", contents: Self.text(many))))
        let hits = package.engine.hits(of: try Package.text("*.txt", pattern: "needle"), scope: Self.apps)
        #expect(hits.count == TextSearch.maximumHitsPerFile)
        #expect(hits.last?.line == TextSearch.maximumHitsPerFile)
    }

    @Test func onlyFilesMatchingTheGlobsOfTheBundleItselfAreSearched() throws {
        let share = FixtureBundle.appex("Share", bundleIdentifier: "com.example.pai.share", extensionPoint: "com.apple.share-services")
            .adding(file: "notes.txt", contents: Self.text("needle"))
        let app = Self.app
            .adding(file: "notes.txt", contents: Self.text("needle"))
            .adding(file: "notes.md", contents: Self.text("needle"))
            .adding(share, in: "PlugIns")
        let package = try Package(.ipa(app))
        let rule = try Package.text("**/*.txt", pattern: "needle")
        #expect(package.engine.hits(of: rule, scope: Self.apps).map(\.file) == ["Payload/Pai.app/notes.txt"])
        #expect(
            package.engine.hits(of: rule, scope: Package.everyBundle).map(\.file)
                == ["Payload/Pai.app/notes.txt", "Payload/Pai.app/PlugIns/Share.appex/notes.txt"])
        let archive = package.engine.hits(of: rule, scope: .archive)
        #expect(archive.map(\.file) == ["Payload/Pai.app/PlugIns/Share.appex/notes.txt", "Payload/Pai.app/notes.txt"])
        #expect(archive.allSatisfy { $0.bundle == nil })
    }
}
