import Testing

@testable import BundleCheckFixtures
@testable import BundleCheckFormats

/// Installer `Bom` files written as `mkbom` writes them read back entry for entry: paths built
/// from their parents, every field of the information blocks, links, 64-bit sizes, Mach-O
/// slices, and trees split over many leaves under several levels of branches.
@Suite struct BOMWriterRoundTripTests {
    static let app: [BOMWriter.Entry] = [
        .directory("."),
        .directory("./Foo.app"),
        .directory("./Foo.app/Contents"),
        .file("./Foo.app/Contents/Info.plist", contents: Array("<plist/>\n".utf8)),
        .directory("./Foo.app/Contents/MacOS"),
        BOMWriter.Entry(
            path: "./Foo.app/Contents/MacOS/Foo", kind: .file, mode: 0o100755, uid: 0, gid: 80, size: 200_000, checksum: 0x1234_5678,
            architectures: [(0x0100_0007, 3, 90_000, 1), (0x0100_000C, 0, 110_000, 2)]),
        .link("./Foo.app/Contents/Current", to: "MacOS"),
        BOMWriter.Entry(path: "./Foo.app/Contents/Huge.bin", kind: .file, mode: 0o100644, size: 5 << 30, checksum: 7),
        BOMWriter.Entry(path: "./Foo.app/Contents/tty", kind: .device, mode: 0o20666, deviceNumber: 0x1000_0002),
    ]

    static func entries(_ bytes: [UInt8], limits: BOMLimits = .standard) throws -> [BOMPathEntry] {
        try BOMPaths.read(try BOMStore(bytes: bytes, limits: limits)).entries
    }

    @Test func everyFieldOfEveryKindOfPathReadsBack() throws {
        let read = try Self.entries(BOMWriter.write(Self.app))
        #expect(
            read.map(\.path) == [
                ".", "./Foo.app", "./Foo.app/Contents", "./Foo.app/Contents/Current", "./Foo.app/Contents/Huge.bin",
                "./Foo.app/Contents/Info.plist", "./Foo.app/Contents/MacOS", "./Foo.app/Contents/tty", "./Foo.app/Contents/MacOS/Foo",
            ])
        #expect(read.map(\.pathID) == Array(1...9))
        #expect(read.map(\.parentID) == [0, 1, 2, 3, 3, 3, 3, 3, 7])
        let byPath = Dictionary(uniqueKeysWithValues: read.map { ($0.path, $0) })
        for written in Self.app {
            let entry = try #require(byPath[written.path])
            #expect(entry.type.rawValue == written.kind.rawValue && entry.mode == written.mode && entry.uid == written.uid && entry.gid == written.gid)
            #expect(entry.size == written.size && entry.modificationTime == written.modificationTime && entry.checksum == written.checksum, "\(written.path)")
            #expect(entry.linkTarget == written.linkTarget && !entry.isPathOnly)
            #expect(
                entry.architectures
                    == written.architectures.map { BOMArchitecture(cpuType: $0.cpuType, cpuSubtype: $0.cpuSubtype, size: $0.size, checksum: $0.checksum) })
        }
        #expect(byPath["./Foo.app/Contents/tty"]?.deviceNumber == 0x1000_0002)
        #expect(byPath["./Foo.app/Contents/Huge.bin"]?.size == 5 << 30, "the size comes from Size64")
        #expect(byPath["./Foo.app/Contents/Current"]?.linkTarget == "MacOS")
    }

    @Test func bomInfoCountsThePathsPlusOneAndTheBytesPerArchitecture() throws {
        let store = try BOMStore(bytes: BOMWriter.write(Self.app))
        let info = try BOMInfo.read(store, block: try #require(store.variables["BomInfo"]))
        #expect(info.version == 1 && info.pathCount == 10)
        #expect(
            info.entries == [
                BOMInfo.Entry(cpuType: 0, size: UInt32(truncatingIfNeeded: 9 + 5 << 30)),
                BOMInfo.Entry(cpuType: 0x0100_0007, size: 90_000), BOMInfo.Entry(cpuType: 0x0100_000C, size: 110_000),
            ])
    }

    @Test func theStoreIsLaidOutAsApplesTools() throws {
        let bytes = BOMWriter.write([.directory("."), .file("./hello.txt", contents: Array("Hello, World!\n".utf8))])
        let store = try BOMStore(bytes: bytes)
        #expect(store.variables.all.map(\.name) == ["BomInfo", "Paths", "HLIndex", "VIndex", "Size64"])
        let paths = try store.tree("Paths")
        #expect(paths.blockSize == 4096 && paths.declaredCount == 2 && paths.flag == 0)
        #expect(try store.block(paths.root).count == 4096, "a leaf fills its node")
        let file = try BOMPaths.read(store).entries[1]
        #expect(file.checksum == 1_051_740_612, "cksum's CRC of Hello, World!")
        // The information blocks are as long as in Apple's: 31 bytes for a directory, 35 for a file.
        let infoLengths = try paths.entries(in: store).map { entry in
            try store.block(try store.block(entry.value).uint32(at: 4)).count
        }
        #expect(infoLengths == [31, 35])
        let vindex = try store.variable("VIndex")
        #expect(try vindex.uint32(at: 0) == 1 && (try BOMTree.read(store, block: vindex.uint32(at: 4))).blockSize == 128)
        #expect(try store.tree("HLIndex").entries(in: store).isEmpty && (try store.tree("Size64").entries(in: store).isEmpty))
        #expect(store.header.nonNullBlockCount == UInt32(store.blocks.count - 1))
    }

    @Test func thousandsOfPathsSpreadOverManyLeavesAndLevels() throws {
        var entries: [BOMWriter.Entry] = [.directory("."), .directory("./Resources")]
        for index in 0..<3000 {
            entries.append(.file("./Resources/file-\(index).txt", contents: Array("\(index)".utf8)))
        }
        entries.append(.link("./Resources/latest", to: "file-2999.txt"))
        // Default nodes of 510 entries: 6 leaves under one branch.
        let wide = try BOMStore(bytes: BOMWriter.write(entries))
        #expect(try Self.leafCount(wide, "Paths") == 6)
        #expect(try BOMPaths.read(wide).entries.count == entries.count)
        // Nodes of 4 entries: 751 leaves under 5 levels of branches.
        let deep = BOMWriter.write(entries, entriesPerNode: 4)
        let read = try Self.entries(deep)
        #expect(try Self.leafCount(try BOMStore(bytes: deep), "Paths") == 751)
        #expect(Set(read.map(\.path)) == Set(entries.map(\.path)))
        #expect(read.map(\.pathID) == Array(1...UInt32(entries.count)), "in key order, which is mkbom's numbering")
        #expect(read.first { $0.path == "./Resources/file-1234.txt" }?.checksum == BOMWriter.cksum(Array("1234".utf8)))
        #expect(throws: BOMError.treeTooDeep(limit: 4)) { try Self.entries(deep, limits: BOMLimits(maxTreeDepth: 4)) }
        #expect(try Self.entries(deep, limits: BOMLimits(maxTreeDepth: 5)).count == entries.count)
    }

    @Test func manyLargeFilesSpreadSize64OverLeavesToo() throws {
        var entries: [BOMWriter.Entry] = [.directory(".")]
        for index in 0..<40 {
            entries.append(BOMWriter.Entry(path: "./disk-\(index).img", kind: .file, mode: 0o100644, size: UInt64(index + 1) << 32 | 5))
        }
        let read = try Self.entries(BOMWriter.write(entries, entriesPerNode: 3))
        let inKeyOrder = (0..<40).map { "disk-\($0).img" }.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        let expected = inKeyOrder.map { name -> UInt64 in
            let index = UInt64(name.dropFirst(5).dropLast(4))!
            return (index + 1) << 32 | 5
        }
        #expect(read.dropFirst().map(\.size) == expected)
    }

    @Test func cksumMatchesThePOSIXCommand() {
        // `printf '' | cksum`, `printf 'a' | cksum`, `printf '123456789' | cksum`.
        #expect(BOMWriter.cksum([]) == 4_294_967_295)
        #expect(BOMWriter.cksum(Array("a".utf8)) == 1_220_704_766)
        #expect(BOMWriter.cksum(Array("123456789".utf8)) == 930_766_865)
    }

    static func leafCount(_ store: BOMStore, _ name: String) throws -> Int {
        let tree = try store.tree(name)
        var node = try store.block(tree.root)
        while try node.uint16(at: 0) == 0 { node = try store.block(try node.uint32(at: 12)) }
        var leaves = 1
        var next = try node.uint32(at: 4)
        while next != 0 {
            node = try store.block(next)
            next = try node.uint32(at: 4)
            leaves += 1
        }
        return leaves
    }
}
