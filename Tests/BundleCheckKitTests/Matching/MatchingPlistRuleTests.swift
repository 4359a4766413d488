import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel

@Suite struct MatchingPlistRuleTests {
    typealias Package = MatchingTestPackage

    static let app = FixtureBundle.app("Pai", bundleIdentifier: "com.example.pai")
        .setting("NSAppTransportSecurity", to: .dictionary(PlistDictionary(["NSAllowsArbitraryLoads": .bool(true)])))
        .setting("UIDeviceFamily", to: .array([.integer(PlistInteger(1)), .integer(PlistInteger(2))]))
        .setting("Ratio", to: .real(1.5))
        .setting(
            "Deep",
            to: .dictionary(
                PlistDictionary([
                    "Level": .array([.dictionary(PlistDictionary(["Value": .string("$(PRODUCT_BUNDLE_IDENTIFIER).widget")]))])
                ])))
    static let plistPath = "Payload/Pai.app/Info.plist"
    static let apps = RuleScope.bundles(kinds: [.app], extensionPoints: nil)

    /// The 1-based line of the first line of the app's XML Info.plist holding `text`.
    static func line(of text: String) throws -> Int {
        let xml = String(decoding: XMLPropertyListWriter.write(.dictionary(app.infoPlist)), as: UTF8.self)
        let lines = xml.split(separator: "\n", omittingEmptySubsequences: false)
        return try #require(lines.firstIndex { $0.contains(text) }) + 1
    }

    @Test func existsHitsEachValueFoundWithItsPointerAndXMLLine() throws {
        let package = try Package(.ipa(Self.app))
        let hits = package.engine.hits(of: Package.plist("/UIDeviceFamily/*", .exists), scope: Self.apps)
        #expect(
            hits == [
                MatchHit(
                    bundle: "Payload/Pai.app", file: Self.plistPath, keyPath: JSONPointer("UIDeviceFamily", "0"),
                    line: try Self.line(of: "<integer>1</integer>"), value: "1", identity: "/UIDeviceFamily/0"),
                MatchHit(
                    bundle: "Payload/Pai.app", file: Self.plistPath, keyPath: JSONPointer("UIDeviceFamily", "1"),
                    line: try Self.line(of: "<integer>2</integer>"), value: "2", identity: "/UIDeviceFamily/1"),
            ])
        #expect(package.engine.hits(of: Package.plist("/CFBundleIconName", .exists), scope: Self.apps).isEmpty)
    }

    @Test func missingHitsOnceAtTheLiteralKeyPath() throws {
        let package = try Package(.ipa(Self.app))
        #expect(
            package.engine.hits(of: Package.plist("/CFBundleIconName", .missing), scope: Self.apps) == [
                MatchHit(
                    bundle: "Payload/Pai.app", file: Self.plistPath, keyPath: JSONPointer("CFBundleIconName"),
                    line: nil, value: nil, identity: "/CFBundleIconName")
            ])
        #expect(package.engine.hits(of: Package.plist("/CFBundleIdentifier", .missing), scope: Self.apps).isEmpty)
    }

    @Test func missingWithWildcardsHitsWithoutKeyPathWhenNothingMatches() throws {
        let package = try Package(.ipa(Self.app))
        let hits = package.engine.hits(of: Package.plist("/CFBundleURLTypes/*/CFBundleURLSchemes", .missing), scope: Self.apps)
        #expect(hits.map(\.keyPath) == [nil])
        #expect(hits.map(\.file) == [Self.plistPath])
        #expect(package.engine.hits(of: Package.plist("/UIDeviceFamily/*", .missing), scope: Self.apps).isEmpty)
    }

    @Test func equalsComparesTheCanonicalTextOfStringsBooleansIntegersAndReals() throws {
        let package = try Package(.ipa(Self.app))
        func keyPaths(_ key: String, _ text: String) -> [String?] {
            package.engine.hits(of: Package.plist(key, .equals(text)), scope: Self.apps).map { $0.keyPath?.description }
        }
        #expect(keyPaths("/NSAppTransportSecurity/NSAllowsArbitraryLoads", "true") == ["/NSAppTransportSecurity/NSAllowsArbitraryLoads"])
        #expect(keyPaths("/NSAppTransportSecurity/NSAllowsArbitraryLoads", "YES").isEmpty)
        #expect(keyPaths("/UIDeviceFamily/*", "2") == ["/UIDeviceFamily/1"])
        #expect(keyPaths("/Ratio", "1.5") == ["/Ratio"])
        #expect(keyPaths("/CFBundlePackageType", "APPL") == ["/CFBundlePackageType"])
        #expect(keyPaths("/UIDeviceFamily", "1").isEmpty)
    }

    @Test func matchesFindsTheRegexInStringValuesOnly() throws {
        let package = try Package(.ipa(Self.app))
        let hits = package.engine.hits(of: Package.plist("/**", .matches(try NSRegularExpression(pattern: #"\$\(\w+\)"#))), scope: Self.apps)
        #expect(hits.map { $0.keyPath?.description } == ["/Deep/Level/0/Value"])
        #expect(hits.first?.line == (try Self.line(of: "$(PRODUCT_BUNDLE_IDENTIFIER).widget")))
        #expect(hits.first?.value == "$(PRODUCT_BUNDLE_IDENTIFIER).widget")
        let digits = try NSRegularExpression(pattern: "^[12]$")
        #expect(package.engine.hits(of: Package.plist("/UIDeviceFamily/*", .matches(digits)), scope: Self.apps).isEmpty)
    }

    @Test func typeIsComparesTheValueTypeName() throws {
        let package = try Package(.ipa(Self.app))
        func keyPaths(_ key: String, _ type: String) -> [String?] {
            package.engine.hits(of: Package.plist(key, .typeIs(type)), scope: Self.apps).map { $0.keyPath?.description }
        }
        #expect(keyPaths("/UIDeviceFamily", "array") == ["/UIDeviceFamily"])
        #expect(keyPaths("/UIDeviceFamily", "dictionary").isEmpty)
        #expect(keyPaths("/**", "boolean") == ["/NSAppTransportSecurity/NSAllowsArbitraryLoads"])
        #expect(keyPaths("/**", "real") == ["/Ratio"])
    }

    @Test func binaryPropertyListsGiveHitsWithoutLines() throws {
        let binary = FixtureBundle.app("Pai", bundleIdentifier: "com.example.pai", plistFormat: .binary)
        let package = try Package(.ipa(binary))
        let hits = package.engine.hits(of: Package.plist("/CFBundleIdentifier", .exists), scope: Self.apps)
        #expect(hits.map(\.keyPath) == [JSONPointer("CFBundleIdentifier")])
        #expect(hits.map(\.line) == [nil])
    }

    @Test func anArchiveScopedPlistMatcherReadsEveryBundleAndNamesIt() throws {
        let share = FixtureBundle.appex("Share", bundleIdentifier: "com.example.pai.share", extensionPoint: "com.apple.share-services")
        let package = try Package(.ipa(Self.app.adding(share, in: "PlugIns")))
        let hits = package.engine.hits(of: Package.plist("/NSExtension/NSExtensionPointIdentifier", .exists), scope: .archive)
        #expect(hits.map(\.bundle) == ["Payload/Pai.app/PlugIns/Share.appex"])
        let missing = package.engine.hits(of: Package.plist("/NSExtension", .missing), scope: .archive)
        #expect(missing.map(\.bundle) == ["Payload/Pai.app"])
    }

    @Test func aBundleWithoutInfoPlistHasOnlyMissingValues() throws {
        let kit = FixtureBundle.framework("Kit", bundleIdentifier: "com.example.kit").withoutInfoPlist()
        let package = try Package(.ipa(Self.app.adding(kit, in: "Frameworks")))
        let frameworks = RuleScope.bundles(kinds: [.framework], extensionPoints: nil)
        #expect(package.engine.hits(of: Package.plist("/**", .exists), scope: frameworks).isEmpty)
        #expect(
            package.engine.hits(of: Package.plist("/CFBundleIdentifier", .missing), scope: frameworks).map(\.file)
                == ["Payload/Pai.app/Frameworks/Kit.framework/Info.plist"])
    }
}
