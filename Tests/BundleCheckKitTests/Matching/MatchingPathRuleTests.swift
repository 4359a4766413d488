import BundleCheckFixtures
import Testing

@testable import BundleCheckInspection
@testable import BundleCheckModel

@Suite struct MatchingPathRuleTests {
    typealias Package = MatchingTestPackage

    static let app = FixtureBundle.app("Pai", bundleIdentifier: "com.example.pai")
    static let share = FixtureBundle.appex("Share", bundleIdentifier: "com.example.pai.share", extensionPoint: "com.apple.share-services")
    static let appPath = "Payload/Pai.app"
    static let sharePath = "Payload/Pai.app/PlugIns/Share.appex"

    @Test func anEmptyFrameworksFolderInsideAnAppexIsFoundThroughItsFolderEntry() throws {
        let ipa = try FixturePackage.ipa(Self.app.adding(Self.share, in: "PlugIns"))
        let rule = Package.path("Frameworks")
        let appexes = RuleScope.bundles(kinds: [.appex], extensionPoints: nil)

        let withFolder = try Package(ipa, folders: [Self.sharePath + "/Frameworks"])
        #expect(
            withFolder.engine.hits(of: rule, scope: appexes) == [
                MatchHit(
                    bundle: Self.sharePath, file: Self.sharePath + "/Frameworks", keyPath: nil, line: nil,
                    value: "Frameworks", identity: Self.sharePath + "/Frameworks")
            ])
        #expect(try Package(ipa).engine.hits(of: rule, scope: appexes).isEmpty)
    }

    @Test func dsStoreIsFoundWhereverItIs() throws {
        let app = Self.app
            .adding(file: ".DS_Store", contents: [0])
            .adding(Self.share.adding(file: "Base.lproj/.DS_Store", contents: [0]), in: "PlugIns")
        let package = try Package(.ipa(app, extraFiles: [FixtureFile(path: ".DS_Store", contents: [0])]))
        let rule = Package.path("**/.DS_Store")

        #expect(
            package.engine.hits(of: rule, scope: .archive).map(\.file) == [
                ".DS_Store", "Payload/Pai.app/.DS_Store", "Payload/Pai.app/PlugIns/Share.appex/Base.lproj/.DS_Store",
            ])
        #expect(package.engine.hits(of: rule, scope: .archive).allSatisfy { $0.bundle == nil })
        let perBundle = package.engine.hits(of: rule, scope: Package.everyBundle)
        #expect(perBundle.map(\.bundle) == [Self.appPath, Self.sharePath])
        #expect(perBundle.map(\.value) == [".DS_Store", "Base.lproj/.DS_Store"])
    }

    @Test func aMatchingFolderIsReportedOnceNotOncePerEntryInside() throws {
        let litter = ["__MACOSX/._Payload", "__MACOSX/Payload/Pai.app/._Info.plist", "__MACOSX/Payload/Pai.app/._Pai"]
        let package = try Package(.ipa(Self.app, extraFiles: litter.map { FixtureFile(path: $0, contents: [0]) }))

        let hits = package.engine.hits(of: Package.path("**/__MACOSX"), scope: .archive)
        #expect(hits.map(\.file) == ["__MACOSX"])
        #expect(package.engine.hits(of: Package.path("**/._*"), scope: .archive).count == 3)
    }

    @Test func aFolderHidesOnlyWhatIsBeneathItNotItsNeighbours() throws {
        let app = Self.app
            .adding(file: "en.lproj/Main.strings", contents: [0])
            .adding(file: "en.lproj.txt", contents: [0])
        let package = try Package(.ipa(app))
        let hits = package.engine.hits(of: Package.path("en.lproj*", "**/*.strings"), scope: Package.everyBundle)
        #expect(hits.map(\.value) == ["en.lproj", "en.lproj.txt"])
    }

    @Test func nestedBundleContentsBelongToTheNestedBundleButItsFolderToTheParent() throws {
        let app = Self.app.adding(Self.share.adding(file: "Config.plist", contents: [0]), in: "PlugIns")
        let package = try Package(.ipa(app))
        let apps = RuleScope.bundles(kinds: [.app], extensionPoints: nil)

        // The app's own Info.plists (its launch storyboard has one), none of the extension's.
        #expect(
            package.engine.hits(of: Package.path("**/Info.plist"), scope: apps).map(\.file) == [
                "Payload/Pai.app/Base.lproj/LaunchScreen.storyboardc/Info.plist", "Payload/Pai.app/Info.plist",
            ])
        #expect(package.engine.hits(of: Package.path("**/Config.plist"), scope: apps).isEmpty)
        #expect(package.engine.hits(of: Package.path("PlugIns/*.appex"), scope: apps).map(\.value) == ["PlugIns/Share.appex"])
        let shareHits = package.engine.hits(of: Package.path("**/Config.plist"), scope: Package.everyBundle)
        #expect(shareHits.map(\.bundle) == [Self.sharePath])
        #expect(shareHits.map(\.value) == ["Config.plist"])
    }

    @Test func excludedPathsAreNotReported() throws {
        let app = Self.app
            .adding(file: "Settings.bundle/Root.plist", contents: [0])
            .adding(file: "config.plist", contents: [0])
        let package = try Package(.ipa(app))
        let rule = Package.path("**/*.plist", exclude: ["Settings.bundle/**", "Base.lproj/**"])
        #expect(package.engine.hits(of: rule, scope: Package.everyBundle).map(\.value) == ["Info.plist", "config.plist"])
    }

    @Test func archivePathsAreRelativeToTheContainerRoot() throws {
        let package = try Package(.ipa(Self.app))
        let hits = package.engine.hits(of: Package.path("Payload/*.app"), scope: .archive)
        #expect(hits == [MatchHit(bundle: nil, file: Self.appPath, keyPath: nil, line: nil, value: Self.appPath, identity: Self.appPath)])
        #expect(package.engine.hits(of: Package.path("*.app"), scope: .archive).isEmpty)
    }
}
