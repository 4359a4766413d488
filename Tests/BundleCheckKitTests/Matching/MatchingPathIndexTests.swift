import Foundation
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection

@Suite struct MatchingPathIndexTests {
    @Test func foldersAreDerivedFromFilesAndTakenFromExplicitEntries() {
        let index = PathIndex(files: ["Payload/X.app/Info.plist"], folders: ["Payload/X.app/PlugIns/S.appex/Frameworks/"])
        #expect(
            index.entries.filter(\.isFolder).map(\.path) == [
                "Payload",
                "Payload/X.app",
                "Payload/X.app/PlugIns",
                "Payload/X.app/PlugIns/S.appex",
                "Payload/X.app/PlugIns/S.appex/Frameworks",
            ])
        #expect(index.isFolder("Payload/X.app/PlugIns/S.appex/Frameworks"))
        #expect(index.isFile("Payload/X.app/Info.plist"))
        #expect(!index.isFile("Payload/X.app"))
        #expect(!index.isFolder("Payload/X.app/Info.plist"))
    }

    @Test func treeOrderPutsEveryFolderRightBeforeItsContents() {
        let index = PathIndex(files: ["a.b", "a/z", "a/b/c", "a-b/x", "A"], folders: [])
        #expect(index.entries.map(\.path) == ["A", "a", "a/b", "a/b/c", "a/z", "a-b", "a-b/x", "a.b"])
    }

    @Test func entriesUnderAFolderAreEverythingBeneathItAndNothingBeside() {
        let index = PathIndex(files: ["a/1", "a/b/2", "a.txt", "ab/3", "b"], folders: ["a/empty"])
        #expect(index.entries(under: "a").map(\.path) == ["a/1", "a/b", "a/b/2", "a/empty"])
        #expect(index.entries(under: "a/").map(\.path) == ["a/1", "a/b", "a/b/2", "a/empty"])
        #expect(index.entries(under: "a/empty").isEmpty)
        #expect(index.entries(under: "missing").isEmpty)
        #expect(index.entries(under: "").count == index.entries.count)
    }

    @Test func topLevelNamesAreEachFirstComponentOnce() {
        let index = PathIndex(files: ["a/1", "a/b/2", "a.txt", "ab/3", "b", "._Symbols", "__MACOSX/._a"], folders: ["a/empty", "Symbols/"])
        #expect(index.topLevelNames() == ["._Symbols", "Symbols", "__MACOSX", "a", "a.txt", "ab", "b"])
        #expect(PathIndex(files: [], folders: []).topLevelNames().isEmpty)
        // A file and a folder of one name give it once.
        #expect(PathIndex(files: ["x", "x/y"], folders: []).topLevelNames() == ["x"])
    }

    @Test func filesAreFoundByTheirNameAloneAndNeverAFolder() {
        let index = PathIndex(
            files: [
                "a/PrivacyInfo.xcprivacy", "a/b/PrivacyInfo.xcprivacy", "a/xPrivacyInfo.xcprivacy", "a/lib.dylib", "a/b/c.dylib.txt", "b/PrivacyInfo.xcprivacy",
                "a/é.dylib",
            ],
            folders: ["a/PrivacyInfo.xcprivacy.d/", "a/x.dylib/"]
        )
        #expect(index.files(under: "a", named: "PrivacyInfo.xcprivacy").map(\.path) == ["a/PrivacyInfo.xcprivacy", "a/b/PrivacyInfo.xcprivacy"])
        #expect(index.files(under: "a", nameEndingWith: ".dylib").map(\.path) == ["a/lib.dylib", "a/é.dylib"])
        #expect(index.files(under: "", named: "PrivacyInfo.xcprivacy").count == 3)
        #expect(index.files(under: "a", whereName: { $0.first == UInt8(ascii: "x") }).map(\.path) == ["a/xPrivacyInfo.xcprivacy"])
        #expect(index.files(under: "missing", named: "PrivacyInfo.xcprivacy").isEmpty)
    }

    @Test func aPathThatIsBothFileAndFolderHasBothEntries() {
        let index = PathIndex(files: ["x", "x/y"], folders: [])
        #expect(
            Array(index.entries) == [
                PathIndex.Entry(path: "x", isFolder: false),
                PathIndex.Entry(path: "x", isFolder: true),
                PathIndex.Entry(path: "x/y", isFolder: false),
            ])
        #expect(index.isFile("x") && index.isFolder("x"))
    }

    @Test func twentyThousandEntriesAreSortedInNLogNComparisons() {
        var files: [String] = []
        for bundle in 0..<20 {
            for folder in 0..<50 {
                for file in 0..<20 {
                    files.append("Payload/X.app/PlugIns/E\(bundle).appex/Resources/F\(folder).lproj/file\(file).strings")
                }
            }
        }
        // Listing order is not tree order: shuffled with a fixed seed, as a zip may list them.
        var generator = SeededRandom(seed: 13)
        files.shuffle(using: &generator)
        let index = PathIndex(files: files, folders: [])
        for bundle in 0..<20 {
            #expect(index.entries(under: "Payload/X.app/PlugIns/E\(bundle).appex").count == 1 + 50 * 21)
        }
        // Work counted, not timed: a comparison sort needs about n log2 n; an index that
        // inserted entries one by one would make n²/4, 120 million here.
        let entries = Double(index.entries.count)
        #expect(index.entries.count == 20_000 + 3 + 20 * 52)
        #expect(Double(index.comparisonsToBuild) <= 2 * entries * log2(entries))
    }
}
