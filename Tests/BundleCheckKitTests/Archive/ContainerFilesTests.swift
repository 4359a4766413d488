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

    @Test func borrowedStringsPointAtTheOwnersBytesAndSortAsPackedOnes() {
        let owner = BorrowedBytes(["ab", "a", "b", "", "ab"])
        var borrowed = BorrowedUTF8(owner: owner)
        for range in owner.ranges { borrowed.append(borrowing: UnsafeBufferPointer(rebasing: owner.buffer[range])) }
        #expect(borrowed.sortedIndices() == [3, 1, 0, 4, 2])
        #expect((0..<borrowed.count).map(borrowed.string(at:)) == ["ab", "a", "b", "", "ab"])
        borrowed.withBytes(at: 2) { #expect(UnsafeRawPointer($0.baseAddress!) == UnsafeRawPointer(owner.buffer.baseAddress! + 3)) }
        let reordered = borrowed.reordered([4, 3])
        #expect((0..<reordered.count).map(reordered.string(at:)) == ["ab", ""])
    }

    @Test func aBorrowingListingFindsRepeatsAndEqualsACopiedOne() {
        let owner = BorrowedBytes(["b", "a", "b", "c/d"])
        var builder = ContainerFiles.Builder(borrowingFrom: owner)
        for (index, range) in owner.ranges.enumerated() {
            builder.append(borrowing: UnsafeBufferPointer(rebasing: owner.buffer[range]), size: UInt64(index))
        }
        let (files, repeats) = builder.build()
        #expect(repeats == [2])
        let copied: ContainerFiles = [ContainerEntry(path: "b", size: 0), ContainerEntry(path: "a", size: 1), ContainerEntry(path: "c/d", size: 3)]
        #expect(files == copied && copied == files)
        #expect(files.position(of: "c/d") == 2 && files.position(of: "c") == nil)
        #expect(files != [ContainerEntry(path: "b", size: 0), ContainerEntry(path: "a", size: 1), ContainerEntry(path: "c/e", size: 3)])
    }

    @Test func aBorrowingListingKeepsItsOwnerAlive() {
        weak var released: BorrowedBytes?
        var files: ContainerFiles = []
        do {
            let owner = BorrowedBytes(["Payload/X.app/Info.plist"])
            released = owner
            var builder = ContainerFiles.Builder(borrowingFrom: owner)
            builder.append(borrowing: UnsafeBufferPointer(rebasing: owner.buffer[owner.ranges[0]]), size: 1)
            files = builder.build().files
        }
        #expect(released != nil)
        #expect(files.path(at: 0) == "Payload/X.app/Info.plist")
        files = []
        #expect(released == nil)
    }

    @Test func theLastSlashIsFoundAmongTheBytes() throws {
        // "/" then a combining accent is one Character, which lastIndex(of: "/") would not see.
        let path = "Payload/X.app/\u{301}e"
        #expect(path.lastIndex(of: "/") == path.index(path.startIndex, offsetBy: 7))
        let slash = try #require(path.lastSlash)
        #expect(String(path[..<slash]) == "Payload/X.app")
        #expect(String(path[path.utf8.index(after: slash)...]) == "\u{301}e")
        #expect("Info.plist".lastSlash == nil)
        let folder = Substring("a/b/c").dropLast(2)
        #expect(folder.lastSlash.map { String(folder[..<$0]) } == "a")
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

/// Bytes in memory the test allocates and frees, as libzip holds entry names.
private final class BorrowedBytes {
    let buffer: UnsafeMutableBufferPointer<UInt8>
    let ranges: [Range<Int>]

    init(_ strings: [String]) {
        let bytes = strings.flatMap(\.utf8)
        buffer = .allocate(capacity: max(bytes.count, 1))
        _ = buffer.initialize(from: bytes)
        var ranges: [Range<Int>] = []
        var start = 0
        for string in strings {
            ranges.append(start..<start + string.utf8.count)
            start += string.utf8.count
        }
        self.ranges = ranges
    }

    deinit {
        buffer.deallocate()
    }
}
