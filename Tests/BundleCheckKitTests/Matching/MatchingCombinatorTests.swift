import BundleCheckFixtures
import Testing

@testable import BundleCheckInspection
@testable import BundleCheckModel

@Suite struct MatchingCombinatorTests {
    typealias Package = MatchingTestPackage

    static let appPath = "Payload/Pai.app"
    static let sharePath = "Payload/Pai.app/PlugIns/Share.appex"

    /// The app holds `a.txt`, the share extension `b.txt`.
    static func package() throws -> Package {
        let share = FixtureBundle.appex("Share", bundleIdentifier: "com.example.pai.share", extensionPoint: "com.apple.share-services")
            .adding(file: "b.txt", contents: [0])
        let app = FixtureBundle.app("Pai", bundleIdentifier: "com.example.pai")
            .adding(file: "a.txt", contents: [0])
            .adding(share, in: "PlugIns")
        return try Package(.ipa(app))
    }

    static let a = Package.path("a.txt")
    static let b = Package.path("b.txt")
    static let plistFile = Package.path("Info.plist")

    @Test func allIsTheUnionWhenEveryChildHitsInTheSameSubject() throws {
        let engine = try Self.package().engine
        let hits = engine.hits(of: .all([Self.a, Self.plistFile]), scope: Package.everyBundle)
        #expect(hits.map(\.file) == ["Payload/Pai.app/Info.plist", "Payload/Pai.app/a.txt"])
    }

    @Test func allIsNothingWhenAChildHasNoHitInThatSubjectEvenIfAnotherSubjectHasOne() throws {
        let engine = try Self.package().engine
        #expect(engine.hits(of: .all([Self.a, Self.b]), scope: Package.everyBundle).isEmpty)
        #expect(engine.hits(of: .all([]), scope: Package.everyBundle).isEmpty)
        let acrossTheArchive = Matcher.all([Package.path("**/a.txt"), Package.path("**/b.txt")])
        #expect(engine.hits(of: acrossTheArchive, scope: .archive).count == 2)
    }

    @Test func anyIsTheUnionOfItsChildrenEachHitOnce() throws {
        let engine = try Self.package().engine
        let hits = engine.hits(of: .any([Self.a, Self.b, Self.a]), scope: Package.everyBundle)
        #expect(hits.map(\.file) == ["Payload/Pai.app/a.txt", "Payload/Pai.app/PlugIns/Share.appex/b.txt"])
        #expect(engine.hits(of: .any([]), scope: Package.everyBundle).isEmpty)
    }

    @Test func notHitsTheSubjectItselfWhenItsChildHasNoHit() throws {
        let engine = try Self.package().engine
        #expect(
            engine.hits(of: .not(Self.a), scope: Package.everyBundle) == [
                MatchHit(bundle: Self.sharePath, file: Self.sharePath + "/Info.plist", keyPath: nil, line: nil, value: nil, identity: nil)
            ])
        #expect(engine.hits(of: .not(.any([])), scope: Package.everyBundle).map(\.bundle) == [Self.appPath, Self.sharePath])
        #expect(engine.hits(of: .not(Package.path("**/*.txt")), scope: Package.everyBundle).isEmpty)
    }

    @Test func notOnTheArchiveHitsWithoutBundleOrFile() throws {
        let engine = try Self.package().engine
        #expect(
            engine.hits(of: .not(Package.path("**/c.txt")), scope: .archive) == [
                MatchHit(bundle: nil, file: nil, keyPath: nil, line: nil, value: nil, identity: nil)
            ])
        #expect(engine.hits(of: .not(Package.path("**/a.txt")), scope: .archive).isEmpty)
    }

    @Test func combinatorsNestAcrossMatcherKinds() throws {
        let engine = try Self.package().engine
        let shareWithoutA = Matcher.all([
            Package.plist("/NSExtension/NSExtensionPointIdentifier", .equals("com.apple.share-services")),
            .not(Self.a),
        ])
        let hits = engine.hits(of: shareWithoutA, scope: Package.everyBundle)
        #expect(hits.map(\.bundle) == [Self.sharePath, Self.sharePath])
        #expect(hits.map { $0.keyPath?.description } == [nil, "/NSExtension/NSExtensionPointIdentifier"])
    }
}

@Suite struct MatchingScopeTests {
    typealias Package = MatchingTestPackage

    static func package() throws -> Package {
        let share = FixtureBundle.appex("Share", bundleIdentifier: "com.example.pai.share", extensionPoint: "com.apple.share-services")
        let widget = FixtureBundle.appex("Widget", bundleIdentifier: "com.example.pai.widget", extensionPoint: "com.apple.widgetkit-extension")
        let kit = FixtureBundle.framework("Kit", bundleIdentifier: "com.example.kit")
        let app = FixtureBundle.app("Pai", bundleIdentifier: "com.example.pai")
            .adding(share, in: "PlugIns")
            .adding(widget, in: "PlugIns")
            .adding(kit, in: "Frameworks")
        return try Package(.ipa(app))
    }

    static let identifiers = Package.plist("/CFBundleIdentifier", .exists)

    static func bundles(_ scope: RuleScope) throws -> [String?] {
        try package().engine.hits(of: identifiers, scope: scope).map(\.bundle)
    }

    @Test func everyBundleIsASubjectWhenTheScopeNamesNoKind() throws {
        #expect(
            try Self.bundles(Package.everyBundle) == [
                "Payload/Pai.app",
                "Payload/Pai.app/Frameworks/Kit.framework",
                "Payload/Pai.app/PlugIns/Share.appex",
                "Payload/Pai.app/PlugIns/Widget.appex",
            ])
    }

    @Test func kindsLimitTheSubjects() throws {
        #expect(try Self.bundles(.bundles(kinds: [.framework], extensionPoints: nil)) == ["Payload/Pai.app/Frameworks/Kit.framework"])
        #expect(try Self.bundles(.bundles(kinds: [.app, .appex], extensionPoints: nil)).count == 3)
        #expect(try Self.bundles(.bundles(kinds: [.watchApp], extensionPoints: nil)).isEmpty)
    }

    @Test func extensionPointsLimitTheSubjectsToExtensionsOfThosePoints() throws {
        #expect(
            try Self.bundles(.bundles(kinds: [.appex], extensionPoints: ["com.apple.widgetkit-extension"]))
                == ["Payload/Pai.app/PlugIns/Widget.appex"])
        #expect(
            try Self.bundles(.bundles(kinds: nil, extensionPoints: ["com.apple.share-services", "com.apple.widgetkit-extension"]))
                == ["Payload/Pai.app/PlugIns/Share.appex", "Payload/Pai.app/PlugIns/Widget.appex"])
    }
}
