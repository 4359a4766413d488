/// Writes BOM stores: installer `Bom` files laid out as Apple's `mkbom` writes them, and any
/// store of blocks, variables and trees (`Store`), for the reader's tests, its fuzz seeds and,
/// later, asset catalogs.
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
                && lhs.architectures.map { [$0.cpuType, $0.cpuSubtype, $0.size, $0.checksum] } == rhs.architectures.map { [$0.cpuType, $0.cpuSubtype, $0.size, $0.checksum] }
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
                    bytes += bigEndian(architecture.cpuType) + bigEndian(architecture.cpuSubtype) + bigEndian(architecture.size) + bigEndian(architecture.checksum)
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
        /// appends the 8 bytes current `Assets.car` files add to a tree's header.
        public mutating func addTree(
            _ entries: [(value: UInt32, key: UInt32)], blockSize: UInt32 = 4096, entriesPerNode: Int? = nil, flag: UInt8 = 0, extraHeader: Bool = false
        ) -> UInt32 {
            let capacity = max(1, entriesPerNode ?? (Int(blockSize) - 12) / 8)
            let header = add([])
            var level = entries.isEmpty ? [[]] : stride(from: 0, to: entries.count, by: capacity).map { Array(entries[$0..<min($0 + capacity, entries.count)]) }
            var isLeaf = true
            while true {
                let ids = level.map { _ in add([]) }
                for (index, nodeEntries) in level.enumerated() {
                    var node = bigEndian16(isLeaf ? 1 : 0) + bigEndian16(UInt16(nodeEntries.count))
                    node += bigEndian(index + 1 < ids.count ? ids[index + 1] : 0) + bigEndian(index > 0 ? ids[index - 1] : 0)
                    for entry in nodeEntries {
                        node += bigEndian(entry.value) + bigEndian(entry.key)
                    }
                    blocks[Int(ids[index])] = node + [UInt8](repeating: 0, count: max(0, Int(blockSize) - node.count))
                }
                guard ids.count > 1 else { break }
                // A branch of one child would never end the climb: branches take two at least.
                let parents = zip(ids, level).map { (value: $0, key: $1.last?.key ?? 0) }
                let fanOut = max(2, capacity)
                level = stride(from: 0, to: parents.count, by: fanOut).map { Array(parents[$0..<min($0 + fanOut, parents.count)]) }
                isLeaf = false
            }
            let root = UInt32(blocks.count - 1)
            blocks[Int(header)] = Array("tree".utf8) + bigEndian(1) + bigEndian(root) + bigEndian(blockSize) + bigEndian(UInt32(entries.count)) + [flag]
                + (extraHeader ? [UInt8](repeating: 0, count: 8) : [])
            return header
        }

        /// A tree whose keys and values are blocks of these bytes.
        public mutating func addTree(pairs: [(key: [UInt8], value: [UInt8])], blockSize: UInt32 = 4096, entriesPerNode: Int? = nil) -> UInt32 {
            let entries = pairs.map { (value: add($0.value), key: add($0.key)) }
            return addTree(entries, blockSize: blockSize, entriesPerNode: entriesPerNode)
        }

        /// The file: a 512-byte header, the blocks in id order, the variables, then the block
        /// table with an empty free list and two empty pointers.
        public func write() -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: 512)
            var table = bigEndian(UInt32(blocks.count)) + bigEndian(0) + bigEndian(0)
            for block in blocks.dropFirst() {
                table += bigEndian(UInt32(bytes.count)) + bigEndian(UInt32(block.count))
                bytes += block
            }
            let variablesOffset = bytes.count
            bytes += bigEndian(UInt32(variables.count))
            for variable in variables {
                bytes += bigEndian(variable.block) + [UInt8(variable.name.utf8.count)] + Array(variable.name.utf8)
            }
            let variablesLength = bytes.count - variablesOffset
            table += bigEndian(0) + [UInt8](repeating: 0, count: 16)
            let indexOffset = bytes.count
            bytes += table
            let header = Array("BOMStore".utf8) + bigEndian(1) + bigEndian(UInt32(blocks.count - 1))
                + bigEndian(UInt32(indexOffset)) + bigEndian(UInt32(table.count)) + bigEndian(UInt32(variablesOffset)) + bigEndian(UInt32(variablesLength))
            bytes.replaceSubrange(0..<header.count, with: header)
            return bytes
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
