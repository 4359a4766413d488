/// The paths an installer `Bom` lists (its `Paths` tree), with the 64-bit sizes of `Size64`.
///
/// `mkbom` stores one entry per path component: the key block is the parent's path id (32
/// bits, 0 for the root) and the name with its NUL; the value block is the path's own id and
/// the block of its information (`BOMPathInfo`). The root is named `.`, so full paths come out
/// as `mkbom` writes them: `.`, `./Foo.app`, `./Foo.app/Contents/Info.plist`.
///
/// A path of 4 GiB or more has its size in the `Size64` tree: per entry, an 8-byte size and the
/// 4-byte id of the path's information block (stuckliste's notes; no such `Bom` was at hand to
/// confirm which of the pair is which, so the two are told apart by their lengths).
///
/// A parent id that is no entry's, a path that is its own ancestor, and paths deeper or longer
/// than `BOMLimits` allow are errors; each parent is resolved once, so the cost is linear.
package struct BOMPaths: Sendable, Hashable {
    /// In the tree's order (parents before children, as `mkbom` numbers them).
    package let entries: [BOMPathEntry]

    package init(entries: [BOMPathEntry]) {
        self.entries = entries
    }

    private struct Record {
        let parent: UInt32
        let name: String
        let info: UInt32
    }

    /// Reads the `Paths` tree of `store` (and `Size64` when the store has it).
    package static func read(_ store: BOMStore) throws(BOMError) -> BOMPaths {
        let limits = store.limits
        let sizes = store.variables["Size64"] == nil ? [:] : try largeSizes(store)
        var records: [UInt32: Record] = [:]
        var order: [UInt32] = []
        try store.tree("Paths").forEachEntry(in: store) { entry throws(BOMError) in
            let key = try store.block(entry.key, part: "a Paths key")
            let value = try store.block(entry.value, part: "a Paths value")
            let parent = try key.uint32(at: 0)
            let nameBytes = try key.cString(at: 4)
            guard let name = String(validating: nameBytes, as: UTF8.self), !name.isEmpty, !name.contains("/") else {
                throw .malformedPath(block: key.id, detail: "a path name that is empty, holds a slash or is not UTF-8")
            }
            let pathID = try value.uint32(at: 0)
            guard pathID != 0 else { throw .malformedPath(block: value.id, detail: "the path id 0, which names no parent") }
            guard records[pathID] == nil else { throw .duplicatePathID(pathID) }
            records[pathID] = Record(parent: parent, name: name, info: try value.uint32(at: 4))
            order.append(pathID)
        }

        var resolved: [UInt32: (path: String, depth: Int)] = [:]
        var entries: [BOMPathEntry] = []
        entries.reserveCapacity(order.count)
        for pathID in order {
            let path = try resolve(pathID, records: records, resolved: &resolved, limits: limits).path
            let record = records[pathID]!
            let info = try BOMPathInfo.read(try store.block(record.info, part: "path \(pathID)'s information"))
            entries.append(
                BOMPathEntry(
                    path: path, pathID: pathID, parentID: record.parent, type: info.type, isPathOnly: info.isPathOnly, mode: info.mode,
                    uid: info.uid, gid: info.gid, modificationTime: info.modificationTime, size: sizes[record.info] ?? UInt64(info.size),
                    checksum: info.checksum, linkTarget: info.linkTarget, deviceNumber: info.deviceNumber, architectures: info.architectures
                ))
        }
        return BOMPaths(entries: entries)
    }

    /// The full path of `pathID`: up its parents to the first one already resolved (or the
    /// root), then down again, remembering each.
    private static func resolve(
        _ pathID: UInt32, records: [UInt32: Record], resolved: inout [UInt32: (path: String, depth: Int)], limits: BOMLimits
    ) throws(BOMError) -> (path: String, depth: Int) {
        var chain: [UInt32] = []
        var onChain: Set<UInt32> = []
        var base: (path: String, depth: Int)?
        var current = pathID
        while current != 0 {
            if let done = resolved[current] {
                base = done
                break
            }
            guard let record = records[current] else { throw .missingParent(pathID: chain.last ?? pathID, parentID: current) }
            guard onChain.insert(current).inserted else { throw .parentLoop(pathID: pathID) }
            guard chain.count <= limits.maxPathDepth else { throw .pathTooDeep(pathID: pathID, limit: limits.maxPathDepth) }
            chain.append(current)
            current = record.parent
        }
        for id in chain.reversed() {
            let name = records[id]!.name
            let next = base.map { ($0.path + "/" + name, $0.depth + 1) } ?? (name, 0)
            guard next.1 <= limits.maxPathDepth else { throw .pathTooDeep(pathID: pathID, limit: limits.maxPathDepth) }
            guard next.0.utf8.count <= limits.maxPathLength else { throw .pathTooLong(pathID: pathID, limit: limits.maxPathLength) }
            resolved[id] = next
            base = next
        }
        return base!
    }

    /// `Size64`: the 64-bit size of each information block that has one.
    private static func largeSizes(_ store: BOMStore) throws(BOMError) -> [UInt32: UInt64] {
        var sizes: [UInt32: UInt64] = [:]
        try store.tree("Size64").forEachEntry(in: store) { entry throws(BOMError) in
            let value = try store.block(entry.value, part: "a Size64 value")
            let key = try store.block(entry.key, part: "a Size64 key")
            switch (value.count, key.count) {
            case (8, 4): sizes[try key.uint32(at: 0)] = try value.uint64(at: 0)
            case (4, 8): sizes[try value.uint32(at: 0)] = try key.uint64(at: 0)
            default: throw .malformedPath(block: value.id, detail: "a Size64 entry of \(value.count) and \(key.count) bytes, not a size and a block id")
            }
        }
        return sizes
    }
}
