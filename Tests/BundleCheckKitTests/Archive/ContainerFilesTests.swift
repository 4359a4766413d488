import Testing
@testable import BundleCheckFormats

@Suite struct ContainerFilesTests {
    @Test func keepsListingOrderAndFindsEveryPathBySearch() {
        let entries = [
            ContainerEntry(path: "Payload/X.app/Info.plist", size: 10),
            ContainerEntry(path: "Payload/X.app/X", size: 20),
            ContainerEntry(path: "Payload/X.app/fr.lproj/Réglages.strings", size: 3),
            ContainerEntry(path: "A", size: 0),
            ContainerEntry(path: "", size: 7),
        ]
        let files = ContainerFiles(entries)
        #expect(Array(files) == entries)
        for (position, entry) in entries.enumerated() {
            #expect(files.position(of: entry.path) == position)
            #expect(files.size(at: position) == entry.size)
        }
        #expect(files.position(of: "Payload/X.app") == nil)
        #expect(files.position(of: "Payload/X.app/Info.plis") == nil)
        #expect(files.position(of: "Payload/X.app/Info.plist2") == nil)
    }

    @Test func aRepeatedPathIsListedOnceAsItsFirstAppearance() {
        var builder = ContainerFiles.Builder()
        builder.append(path: "b", size: 1)
        builder.append(path: "a", size: 2)
        builder.append(path: "b", size: 3)
        builder.append(path: "c", size: 4)
        builder.append(path: "b", size: 5)
        let (files, repeats) = builder.build()
        #expect(repeats == [2, 4])
        #expect(Array(files) == [ContainerEntry(path: "b", size: 1), ContainerEntry(path: "a", size: 2), ContainerEntry(path: "c", size: 4)])
        #expect(files.position(of: "c") == 2)
    }

    @Test func listingsAreEqualWhenPathsAndSizesAre() {
        let one: ContainerFiles = [ContainerEntry(path: "a", size: 1), ContainerEntry(path: "bc", size: 2)]
        #expect(one == [ContainerEntry(path: "a", size: 1), ContainerEntry(path: "bc", size: 2)])
        // Same bytes, cut differently.
        #expect(one != [ContainerEntry(path: "ab", size: 1), ContainerEntry(path: "c", size: 2)])
        #expect(one != [ContainerEntry(path: "a", size: 1), ContainerEntry(path: "bc", size: 3)])
    }

    @Test func packedStringsCompareBytewiseShorterFirst() {
        var packed = PackedUTF8()
        for string in ["ab", "a", "b", "", "ab"] { packed.append(string) }
        #expect(packed.sortedIndices() == [3, 1, 0, 4, 2])
        #expect((0..<packed.count).map(packed.string(at:)) == ["ab", "a", "b", "", "ab"])
        #expect(packed.compacted() == packed)
    }

    @Test func packagePathNameIsTheLastComponent() {
        #expect(PackagePath.name("Payload/X.app/PlugIns/S.appex") == "S.appex")
        #expect(PackagePath.name("Payload/X.app/") == "X.app")
        #expect(PackagePath.name("Info.plist") == "Info.plist")
        #expect(PackagePath.name("a//b//") == "b")
        #expect(PackagePath.name("") == "")
        #expect(PackagePath.name("//") == "//")
        #expect(PackagePath.name("/é") == "é")
    }
}
