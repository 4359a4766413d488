/// Writes BOM stores: installer `Bom` files laid out as Apple's `mkbom` writes them, and any
/// store of blocks, variables and trees (`Store`), for the reader's tests, its fuzz seeds and
/// compiled asset catalogues (`AssetCatalogWriter`, which lays its store out as CoreUI does
/// through `Placement`).
///
/// A `Bom` holds the variables `BomInfo`, `Paths`, `HLIndex`, `VIndex` and `Size64`, as the one
/// Apple's tools wrote that the reader was checked against: the paths numbered breadth-first from
/// the root `.` (id 1, parent 0), children in byte order of their names, so that the keys (parent
/// id, name) come sorted; every node a block of the tree's node size (4096 bytes); information
/// blocks of 31 bytes for a directory and 35 for a file; the block table followed by an empty
/// free list and two empty pointers. Trees of more entries than a node holds are split into
/// leaves chained by their `forward` and `backward` links, under as many levels of branch nodes
/// as it takes.
public enum BOMWriter {
    /// One path of a `Bom`.
    public struct Entry: Sendable, Hashable {
        public enum Kind: UInt8, Sendable, Hashable {
            case file = 1, directory = 2, link = 3, device = 4
        }

        /// As `mkbom` writes it: `.` or `./Foo.app/Contents/Info.plist`.
        public var path: String
        public var kind: Kind
        /// With the file type bits (`0o100644`).
        public var mode: UInt16
        public var uid: UInt32
        public var gid: UInt32
        public var size: UInt64
        public var modificationTime: UInt32
        /// POSIX `cksum` CRC of the file's bytes or the link's target (`BOMWriter.cksum`).
        public var checksum: UInt32
        public var linkTarget: String?
        public var deviceNumber: UInt32
        /// Mach-O slices (cpu type, subtype, size, CRC); a file with one is thin, with more universal.
        public var architectures: [(cpuType: UInt32, cpuSubtype: UInt32, size: UInt32, checksum: UInt32)]

        public init(
            path: String, kind: Kind, mode: UInt16, uid: UInt32 = 0, gid: UInt32 = 80, size: UInt64 = 0, modificationTime: UInt32 = 1_700_000_000,
            checksum: UInt32 = 0, linkTarget: String? = nil, deviceNumber: UInt32 = 0,
            architectures: [(cpuType: UInt32, cpuSubtype: UInt32, size: UInt32, checksum: UInt32)] = []
        ) {
            self.path = path
            self.kind = kind
            self.mode = mode
            self.uid = uid
            self.gid = gid
            self.size = size
            self.modificationTime = modificationTime
            self.checksum = checksum
            self.linkTarget = linkTarget
            self.deviceNumber = deviceNumber
            self.architectures = architectures
        }

        public static func directory(_ path: String, mode: UInt16 = 0o40755) -> Entry {
            Entry(path: path, kind: .directory, mode: mode, size: 102)
        }

        /// A file of `contents`: its size and CRC from them.
        public static func file(_ path: String, contents: [UInt8], mode: UInt16 = 0o100644) -> Entry {
            Entry(path: path, kind: .file, mode: mode, size: UInt64(contents.count), checksum: cksum(contents))
        }

        /// A symbolic link; its size and CRC are its target's, as `mkbom` records them.
        public static func link(_ path: String, to target: String) -> Entry {
            Entry(path: path, kind: .link, mode: 0o120755, size: UInt64(target.utf8.count), checksum: cksum(Array(target.utf8)), linkTarget: target)
        }

        public static func == (lhs: Entry, rhs: Entry) -> Bool {
            lhs.path == rhs.path && lhs.kind == rhs.kind && lhs.mode == rhs.mode && lhs.uid == rhs.uid && lhs.gid == rhs.gid
                && lhs.size == rhs.size && lhs.modificationTime == rhs.modificationTime && lhs.checksum == rhs.checksum
                && lhs.linkTarget == rhs.linkTarget && lhs.deviceNumber == rhs.deviceNumber
                && lhs.architectures.map { [$0.cpuType, $0.cpuSubtype, $0.size, $0.checksum] }
                    == rhs.architectures.map { [$0.cpuType, $0.cpuSubtype, $0.size, $0.checksum] }
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(path)
        }
    }

    /// A `Bom` listing `entries` (which must include `.` and every parent directory), in trees
    /// of `blockSize`-byte nodes holding `entriesPerNode` entries each (by default as many as fit).
    public static func write(_ entries: [Entry], blockSize: UInt32 = 4096, entriesPerNode: Int? = nil) -> [UInt8] {
        var store = Store()
        store.addVariable("BomInfo", store.add(bomInfo(entries)))

        var paths: [(value: UInt32, key: UInt32)] = []
        var largeSizes: [(value: UInt32, key: UInt32)] = []
        for (entry, pathID, parentID) in numbered(entries) {
            let name = entry.path == "." ? "." : String(entry.path.split(separator: "/").last!)
            let info = store.add(information(entry))
            let key = store.add(bigEndian(parentID) + Array(name.utf8) + [0])
            let value = store.add(bigEndian(pathID) + bigEndian(info))
            paths.append((value, key))
            if entry.size > UInt64(UInt32.max) {
                largeSizes.append((store.add(bigEndian64(entry.size)), store.add(bigEndian(info))))
            }
        }
        store.addVariable("Paths", store.addTree(paths, blockSize: blockSize, entriesPerNode: entriesPerNode))
        store.addVariable("HLIndex", store.addTree([], blockSize: 4096))
        let virtualPaths = store.addTree([], blockSize: 128)
        store.addVariable("VIndex", store.add(bigEndian(1) + bigEndian(virtualPaths) + bigEndian(0) + [0]))
        store.addVariable("Size64", store.addTree(largeSizes, blockSize: blockSize, entriesPerNode: entriesPerNode))
        return store.write()
    }

    /// The entries with their path ids and their parents', breadth-first from `.` (id 1),
    /// siblings in byte order of their names: `mkbom`'s numbering and the keys' order.
    static func numbered(_ entries: [Entry]) -> [(Entry, UInt32, UInt32)] {
        var children: [String: [Entry]] = [:]
        var root: Entry?
        for entry in entries {
            if entry.path == "." {
                root = entry
                continue
            }
            let parent = entry.path.split(separator: "/").dropLast().joined(separator: "/")
            children[parent, default: []].append(entry)
        }
        guard let root else { preconditionFailure("a Bom's entries start at \".\"") }
        var numbered: [(Entry, UInt32, UInt32)] = [(root, 1, 0)]
        var next = 0
        while next < numbered.count {
            let (entry, id, _) = numbered[next]
            next += 1
            let sorted = (children.removeValue(forKey: entry.path) ?? []).sorted { Array($0.path.utf8).lexicographicallyPrecedes(Array($1.path.utf8)) }
            for child in sorted {
                numbered.append((child, UInt32(numbered.count + 1), id))
            }
        }
        precondition(children.isEmpty, "entries without their parent directory: \(children.keys.sorted())")
        return numbered
    }

    /// `BomInfo`: version 1, the paths plus one, then the bytes per CPU type (0 for what is not Mach-O).
    static func bomInfo(_ entries: [Entry]) -> [UInt8] {
        var sizes: [UInt32: UInt32] = [:]
        if !entries.isEmpty { sizes[0] = 0 }
        for entry in entries where entry.kind == .file {
            if entry.architectures.isEmpty {
                sizes[0, default: 0] &+= UInt32(truncatingIfNeeded: entry.size)
            }
            for architecture in entry.architectures {
                sizes[architecture.cpuType, default: 0] &+= architecture.size
            }
        }
        var bytes = bigEndian(1) + bigEndian(UInt32(entries.count + 1)) + bigEndian(UInt32(sizes.count))
        for (cpuType, size) in sizes.sorted(by: { $0.key < $1.key }) {
            bytes += bigEndian(cpuType) + bigEndian(0) + bigEndian(size) + bigEndian(0)
        }
        return bytes
    }

    /// One path's information block, as long as Apple makes it for its kind.
    static func information(_ entry: Entry) -> [UInt8] {
        let executable: UInt16 = entry.kind != .file || entry.architectures.isEmpty ? 0 : entry.architectures.count == 1 ? 1 : 2
        var bytes: [UInt8] = [entry.kind.rawValue, 1] + bigEndian16(executable << 12 | 0xF) + bigEndian16(entry.mode)
        bytes += bigEndian(entry.uid) + bigEndian(entry.gid) + bigEndian(entry.modificationTime)
        bytes += bigEndian(UInt32(truncatingIfNeeded: entry.size)) + [1]
        switch entry.kind {
        case .directory:
            break
        case .file:
            bytes += bigEndian(entry.checksum)
            if executable != 0 {
                bytes += [1] + bigEndian(UInt32(entry.architectures.count))
                for architecture in entry.architectures {
                    bytes +=
                        bigEndian(architecture.cpuType) + bigEndian(architecture.cpuSubtype) + bigEndian(architecture.size) + bigEndian(architecture.checksum)
                }
            }
        case .link:
            let target = Array((entry.linkTarget ?? "").utf8)
            bytes += bigEndian(entry.checksum) + bigEndian(UInt32(target.count + 1)) + target + [0]
        case .device:
            bytes += bigEndian(entry.deviceNumber)
        }
        return bytes + [UInt8](repeating: 0, count: 8)
    }

    /// A BOM store being put together: blocks by id (0 is the null block), named variables, trees.
    public struct Store: Sendable {
        /// Every block's bytes, by id; block 0 stays empty.
        public var blocks: [[UInt8]] = [[]]
        public var variables: [(name: String, block: UInt32)] = []

        public init() {}

        /// Adds a block of `bytes`; its id.
        public mutating func add(_ bytes: [UInt8]) -> UInt32 {
            blocks.append(bytes)
            return UInt32(blocks.count - 1)
        }

        public mutating func addVariable(_ name: String, _ block: UInt32) {
            variables.append((name, block))
        }

        /// A tree of `entries` (value and key block ids, in key order): its header's block.
        /// Leaves of `entriesPerNode` entries (by default as many as a node of `blockSize`
        /// bytes holds), chained, and branch nodes above them until one node is the root; each
        /// branch entry names its child and the key of the child's last entry. `extraHeader`
        /// appends the 8 bytes current `Assets.car` files add to a tree's header: the length
        /// every key has (`keyLength`; 0xFFFFFFFF when they differ, 0 for numbers), then 0.
        ///
        /// `inlineKeys` (the keys' bytes, one per entry, all of one length) copies them into the
        /// leaves as CoreUI does for a tree of fixed-length keys: after a leaf's entries, 4 zero
        /// bytes and its keys one after the other, the leaf then `blockSize` plus its keys long
        /// (the `RENDITIONS` leaf of 34 keys of 16 bytes in an Xcode 14.3 catalogue is 4640 bytes).
        public mutating func addTree(
            _ entries: [(value: UInt32, key: UInt32)], blockSize: UInt32 = 4096, entriesPerNode: Int? = nil, flag: UInt8 = 0, extraHeader: Bool = false,
            keyLength: UInt32 = 0, inlineKeys: [[UInt8]]? = nil
        ) -> UInt32 {
            precondition(inlineKeys == nil || inlineKeys?.count == entries.count, "one inline key per entry")
            let capacity = Self.nodeCapacity(blockSize: blockSize, entriesPerNode: entriesPerNode)
            let header = add([])
            var level = entries.isEmpty ? [[]] : stride(from: 0, to: entries.count, by: capacity).map { Array(entries[$0..<min($0 + capacity, entries.count)]) }
            var isLeaf = true
            while true {
                let ids = level.map { _ in add([]) }
                var first = 0
                for (index, nodeEntries) in level.enumerated() {
                    var node = bigEndian16(isLeaf ? 1 : 0) + bigEndian16(UInt16(nodeEntries.count))
                    node += bigEndian(index + 1 < ids.count ? ids[index + 1] : 0) + bigEndian(index > 0 ? ids[index - 1] : 0)
                    for entry in nodeEntries {
                        node += bigEndian(entry.value) + bigEndian(entry.key)
                    }
                    var length = Int(blockSize)
                    if isLeaf, let inlineKeys {
                        let keys = inlineKeys[first..<first + nodeEntries.count]
                        length += keys.reduce(0) { $0 + $1.count }
                        node += [0, 0, 0, 0] + keys.joined()
                    }
                    first += nodeEntries.count
                    blocks[Int(ids[index])] = node + [UInt8](repeating: 0, count: max(0, length - node.count))
                }
                guard ids.count > 1 else { break }
                // A branch of one child would never end the climb: branches take two at least.
                let parents = zip(ids, level).map { (value: $0, key: $1.last?.key ?? 0) }
                let fanOut = max(2, capacity)
                level = stride(from: 0, to: parents.count, by: fanOut).map { Array(parents[$0..<min($0 + fanOut, parents.count)]) }
                isLeaf = false
            }
            let root = UInt32(blocks.count - 1)
            blocks[Int(header)] =
                Array("tree".utf8) + bigEndian(1) + bigEndian(root) + bigEndian(blockSize) + bigEndian(UInt32(entries.count)) + [flag]
                + (extraHeader ? bigEndian(keyLength) + bigEndian(0) : [])
            return header
        }

        /// Entries a node holds: `entriesPerNode`, or as many 8-byte entries as fit after the
        /// 12-byte node header in `blockSize` bytes.
        static func nodeCapacity(blockSize: UInt32, entriesPerNode: Int?) -> Int {
            max(1, entriesPerNode ?? (Int(blockSize) - 12) / 8)
        }

        /// The blocks `addTree` takes for `count` entries: its header and every node of every
        /// level, so that a writer can number what comes after a tree before it builds it.
        public static func blocksOfTree(entries count: Int, blockSize: UInt32 = 4096, entriesPerNode: Int? = nil) -> Int {
            let capacity = nodeCapacity(blockSize: blockSize, entriesPerNode: entriesPerNode)
            var nodes = max(1, (count + capacity - 1) / capacity)
            var total = 1 + nodes
            let fanOut = max(2, capacity)
            while nodes > 1 {
                nodes = (nodes + fanOut - 1) / fanOut
                total += nodes
            }
            return total
        }

        /// A tree whose keys and values are blocks of these bytes.
        public mutating func addTree(pairs: [(key: [UInt8], value: [UInt8])], blockSize: UInt32 = 4096, entriesPerNode: Int? = nil) -> UInt32 {
            let entries = pairs.map { (value: add($0.value), key: add($0.key)) }
            return addTree(entries, blockSize: blockSize, entriesPerNode: entriesPerNode)
        }

        /// The file: a 512-byte header, the blocks in id order, the variables, then the block
        /// table with an empty free list and two empty pointers.
        public func write() -> [UInt8] {
            var bytes: [UInt8] = []
            let patches = write(.sequential(blocks: blocks.count), contents: { _ in nil }) { bytes += $0 }
            for patch in patches {
                bytes.replaceSubrange(patch.offset..<patch.offset + patch.bytes.count, with: patch.bytes)
            }
            return bytes
        }

        /// Writes the store laid out by `placement`, piece by piece through `append`, so that a
        /// large store need not be held twice. `contents` gives the bytes of a block whose stored
        /// bytes are only a stand-in (the large values of an `Assets.car`, made when their turn
        /// comes); nil keeps the stored ones. Returns what must then be written over what was
        /// appended: the block table where room was left for it (its addresses are known only
        /// at the end) and the header at 0.
        public func write(
            _ placement: Placement, contents: (UInt32) throws -> [UInt8]?, append: ([UInt8]) throws -> Void
        ) rethrows -> [(offset: Int, bytes: [UInt8])] {
            let tableCount = max(placement.tableCount ?? 0, blocks.count)
            var addresses = [(address: UInt32, length: UInt32)](repeating: (0, 0), count: tableCount)
            var free: [(address: UInt32, length: UInt32)] = []
            let freedCount = placement.pieces.filter(\.isFreed).count
            let tableLength = Placement.blockTableLength(tableCount: tableCount, freed: freedCount)
            var variablesRange = 0..<0
            var tableRange = 0..<0
            var blocksLeft = Set(1..<UInt32(blocks.count))
            try append([UInt8](repeating: 0, count: 512))
            var offset = 512
            var pieceOffsets: [Int] = []
            for piece in placement.pieces {
                let padding = (placement.alignment - offset % placement.alignment) % placement.alignment
                if padding > 0 {
                    try append([UInt8](repeating: 0, count: padding))
                    offset += padding
                }
                pieceOffsets.append(offset)
                let bytes: [UInt8]
                switch piece {
                case .block(let id):
                    precondition(blocksLeft.remove(id) != nil, "block \(id) placed twice or not in the store")
                    bytes = try contents(id) ?? blocks[Int(id)]
                    addresses[Int(id)] = (UInt32(offset), UInt32(bytes.count))
                case .variables:
                    var list = bigEndian(UInt32(variables.count))
                    for variable in variables {
                        list += bigEndian(variable.block) + [UInt8(variable.name.utf8.count)] + Array(variable.name.utf8)
                    }
                    bytes = list
                    variablesRange = offset..<offset + bytes.count
                case .blockTable:
                    // Room now; the table itself once every block has its address.
                    bytes = [UInt8](repeating: 0, count: tableLength)
                    tableRange = offset..<offset + tableLength
                case .freed(let stale):
                    bytes = stale
                    free.append((UInt32(offset), UInt32(bytes.count)))
                case .staleBlockTable(let moved):
                    var earlier = addresses
                    for (id, place) in moved {
                        precondition(place.piece < pieceOffsets.count - 1, "a stale table names earlier pieces only")
                        earlier[Int(id)] = (UInt32(pieceOffsets[place.piece]), UInt32(place.length))
                    }
                    var stale = bigEndian(UInt32(tableCount))
                    for entry in earlier {
                        stale += bigEndian(entry.address) + bigEndian(entry.length)
                    }
                    bytes = stale + [UInt8](repeating: 0, count: Placement.blockTableLength(tableCount: tableCount, freed: 0) - stale.count)
                    free.append((UInt32(offset), UInt32(bytes.count)))
                }
                try append(bytes)
                offset += bytes.count
            }
            precondition(blocksLeft.isEmpty, "blocks not placed: \(blocksLeft.sorted())")
            precondition(!tableRange.isEmpty && !variablesRange.isEmpty, "a placement holds the variables and the block table")
            var table = bigEndian(UInt32(tableCount))
            for entry in addresses {
                table += bigEndian(entry.address) + bigEndian(entry.length)
            }
            table += bigEndian(UInt32(free.count))
            for entry in free {
                table += bigEndian(entry.address) + bigEndian(entry.length)
            }
            table += [UInt8](repeating: 0, count: tableLength - table.count)
            let header =
                Array("BOMStore".utf8) + bigEndian(1) + bigEndian(UInt32(blocks.count - 1))
                + bigEndian(UInt32(tableRange.lowerBound)) + bigEndian(UInt32(tableLength))
                + bigEndian(UInt32(variablesRange.lowerBound)) + bigEndian(UInt32(variablesRange.count))
            return [(tableRange.lowerBound, table), (0, header)]
        }
    }

    /// Where `Store.write(_:contents:append:)` puts each part of a store. `mkbom` writes the
    /// blocks in id order, the variables, then the block table (`sequential`); CoreUI starts
    /// every part on a 16-byte boundary, allocates a table of 256 entries, and leaves freed
    /// extents behind (a tree header it rewrote elsewhere, an earlier block table), listed in
    /// the free list and still holding their old bytes.
    public struct Placement: Sendable, Hashable {
        public enum Piece: Sendable, Hashable {
            case block(UInt32)
            case variables
            case blockTable
            /// An extent freed before the file was finished: these (stale) bytes, in the free list.
            case freed([UInt8])
            /// A block table written before the last blocks moved, since freed: every block
            /// placed so far where it is, but those of `moved` where they were (at the start of
            /// an earlier piece, by its index in `pieces`, and that long), and no free list.
            case staleBlockTable(moved: [UInt32: StalePlace])

            var isFreed: Bool {
                switch self {
                case .freed, .staleBlockTable: true
                case .block, .variables, .blockTable: false
                }
            }
        }

        /// Where a block was in a stale block table: at the start of piece `piece`, `length` bytes.
        public struct StalePlace: Sendable, Hashable {
            public var piece: Int
            public var length: Int

            public init(piece: Int, length: Int) {
                self.piece = piece
                self.length = length
            }
        }

        public var pieces: [Piece]
        /// Every piece starts at a multiple of this many bytes from the file's start.
        public var alignment: Int
        /// Entries of the block table, the null block included; never fewer than the store's blocks.
        public var tableCount: Int?

        public init(pieces: [Piece], alignment: Int = 1, tableCount: Int? = nil) {
            precondition(alignment > 0, "an alignment is at least 1")
            self.pieces = pieces
            self.alignment = alignment
            self.tableCount = tableCount
        }

        /// The blocks 1 to `blocks - 1` in id order, the variables, the block table, unaligned.
        public static func sequential(blocks: Int) -> Placement {
            Placement(pieces: (1..<max(1, blocks)).map { .block(UInt32($0)) } + [.variables, .blockTable])
        }

        /// Bytes of the block table for `tableCount` entries and `freed` extents: the count, the
        /// entries, the free list, and 16 zero bytes after an empty free list, 8 after any
        /// other (as Apple's files have it).
        public static func blockTableLength(tableCount: Int, freed: Int) -> Int {
            4 + 8 * tableCount + 4 + 8 * freed + (freed == 0 ? 16 : 8)
        }
    }

    /// The POSIX `cksum` CRC (what `mkbom` records for a file): CRC-32 of polynomial 0x04C11DB7,
    /// most significant bit first, over the bytes and then their count (least significant byte
    /// first, as few bytes as it takes), complemented.
    public static func cksum(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0
        func feed(_ byte: UInt8) {
            crc ^= UInt32(byte) << 24
            for _ in 0..<8 {
                crc = crc & 0x8000_0000 != 0 ? crc << 1 ^ 0x04C1_1DB7 : crc << 1
            }
        }
        for byte in bytes { feed(byte) }
        var length = bytes.count
        while length > 0 {
            feed(UInt8(length & 0xFF))
            length >>= 8
        }
        return ~crc
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func bigEndian(_ value: Int) -> [UInt8] { bigEndian(UInt32(value)) }

    static func bigEndian16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }

    static func bigEndian64(_ value: UInt64) -> [UInt8] { bigEndian(UInt32(value >> 32)) + bigEndian(UInt32(value & 0xFFFF_FFFF)) }
}
