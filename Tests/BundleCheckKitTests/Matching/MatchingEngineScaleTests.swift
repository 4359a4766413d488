import Foundation
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel

@Suite struct MatchingEngineScaleTests {
    static let plist = PropertyListDocument(format: .xml, root: .dictionary(PlistDictionary()))

    static func bundle(_ path: String, _ kind: BundleKind, parent: String?) -> InspectedBundle {
        InspectedBundle(path: path, kind: kind, parent: parent, infoPlistPath: path + "/Info.plist", infoPlist: plist)
    }

    @Test func anUnreadableFileIsSkippedAndTheOthersAreStillSearched() throws {
        let container = InMemoryContainer(
            contents: [
                "Payload/X.app/Info.plist": [],
                "Payload/X.app/a.txt": Array("needle".utf8),
                "Payload/X.app/b.txt": Array("needle".utf8),
            ],
            damaged: ["Payload/X.app/a.txt"]
        )
        let engine = RuleEngine(
            container: container, bundles: [Self.bundle("Payload/X.app", .app, parent: nil)],
            paths: PathIndex(container: container)
        )
        let rule = Matcher.text(TextMatcher(files: [Glob("*.txt")], pattern: try NSRegularExpression(pattern: "needle")))
        #expect(engine.hits(of: rule, scope: .bundles(kinds: nil, extensionPoints: nil)).map(\.file) == ["Payload/X.app/b.txt"])
    }

    @Test func twentyThousandEntriesAcrossManyBundlesAreEachWalkedOncePerScope() {
        var contents: [String: [UInt8]] = ["Payload/X.app/Info.plist": []]
        var bundles = [Self.bundle("Payload/X.app", .app, parent: nil)]
        for extensionIndex in 0..<20 {
            let path = "Payload/X.app/PlugIns/E\(extensionIndex).appex"
            bundles.append(Self.bundle(path, .appex, parent: "Payload/X.app"))
            contents[path + "/Info.plist"] = []
            contents[path + "/.DS_Store"] = [0]
            for folder in 0..<50 {
                for file in 0..<20 {
                    contents[path + "/F\(folder).lproj/file\(file).strings"] = Array("\"k\" = \"v\";".utf8)
                }
            }
        }
        let container = InMemoryContainer(contents: contents)
        let paths = PathIndex(container: container)
        let engine = RuleEngine(container: container, bundles: bundles, paths: paths)
        let every = RuleScope.bundles(kinds: nil, extensionPoints: nil)
        #expect(engine.hits(of: .path(PathMatcher(globs: [Glob("**/.DS_Store")])), scope: every).count == 20)
        #expect(engine.hits(of: .path(PathMatcher(globs: [Glob("**/*.lproj")])), scope: .archive).count == 20 * 50)
        // Work counted, not timed: every entry but the two folders above the app belongs to exactly
        // one bundle, so a rule over all bundles walks each once. Handing each bundle everything
        // beneath its folder would walk the extensions' entries twice, and everything, 21 times.
        #expect(engine.entriesWalked(scope: .archive) == paths.entries.count)
        #expect(engine.entriesWalked(scope: every) == paths.entries.count - 2)
        #expect(engine.entriesWalked(scope: .bundles(kinds: [.appex], extensionPoints: nil)) == 20 * (2 + 50 * 21))
    }
}
