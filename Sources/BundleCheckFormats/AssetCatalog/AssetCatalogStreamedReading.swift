/// Reading a catalog from a `BOMStreamedStore`: a deflated zip entry that each pass inflates
/// again from its start, so what costs time is the number of passes, not the blocks asked for.
///
/// The store's first pass keeps the head, the block table and the variables. The reader then
/// follows ids (variables → tree headers → nodes → keys and renditions), which would be a pass
/// a step; instead one sweep keeps every block of 4 KiB or less whole (the variables' blocks,
/// the trees' nodes, keys, facets, size lists, small renditions) and the first bytes of every
/// larger one (a rendition's CSI header and its properties), whatever it turns out to be. A
/// rendition's pixels are kept in that pass too when `keepsPixels` says so on seeing its
/// header (the App Store icon). A real catalog is thus listed in two passes, three when a
/// rendition's properties are longer than the sweep kept.
///
/// When the sweep would keep more than half of what the store may keep (a catalog of very
/// many small blocks), the steps are taken one by one instead: the variables' blocks, the
/// trees' nodes a level at a time, then keys and rendition headers together. Whatever either
/// way missed (a layout unlike Xcode's) is fetched a block at a time, each a pass, until the
/// store's `maxStreamPasses` ends it with `BOMError.tooManyPasses`.
extension AssetCatalog {
    /// Bytes of a larger block the sweep keeps: a CSI header and 256 bytes of properties (the
    /// corpus's longest are 176).
    static let streamedRenditionPrefix = CARRenditionHeader.length + 256
    /// A block this small is kept whole.
    static let streamedWholeBlockLength = 4096

    /// Lists the catalog held by `store`, keeping the pixels of each rendition whose CSI header
    /// `keepsPixels` accepts as they stream by.
    package static func read(
        streaming store: BOMStreamedStore, limits: AssetCatalogLimits = .standard, keeping: ((CARRendition) -> Bool)? = nil,
        keepsPixels: @escaping (CARRenditionHeader) -> Bool = { _ in false }
    ) throws(AssetCatalogError) -> AssetCatalog {
        // A rendition (its CSI tag first) keeps its pixels when `keepsPixels` wants them; a
        // block that reads as a tree node is kept whole, since the trees' nodes are what the
        // listing walks (Xcode's leaves are 4 KiB; longer ones would otherwise cost a pass a level).
        let keepsRest: (UInt32) -> (ArraySlice<UInt8>) -> Bool = { [store] id in
            { prefix in
                if prefix.starts(with: renditionTag) {
                    return (try? CARRenditionHeader.read(CARBytes(prefix, block: id, part: "rendition header"))).map(keepsPixels) ?? false
                }
                return looksLikeTreeNode(prefix, length: (try? store.blockLength(id, part: "a block")) ?? 0)
            }
        }
        var sweep = sweep(store, keepsRest: keepsRest)
        if let requests = sweep.take() {
            // The sweep lists only blocks the table resolves, so it needs no filtered copy (on a
            // 256 MiB catalog that copy was 9 MB of the run's peak), and it is handed over whole.
            try fetch(store, requests)
        } else {
            try fetchStepwise(store, keepsRest: keepsRest)
        }
        try fetchLongerProperties(store, keepsRest: keepsRest)
        return try fetchingAsNeeded(store) { () throws(AssetCatalogError) in try read(store, variables: store.variables, limits: limits, keeping: keeping) }
    }

    /// `CTSI` as it lies in the file (CoreUI writes its tags little-endian).
    static let renditionTag: [UInt8] = Array("CTSI".utf8.reversed())

    /// Whether a block's first bytes are a BOM tree node's header: a leaf flag of 0 or 1 and
    /// a count of entries that fits the block (`BOMTreeNode`).
    static func looksLikeTreeNode(_ prefix: ArraySlice<UInt8>, length: Int) -> Bool {
        guard prefix.count >= 4 else { return false }
        let start = prefix.startIndex
        let flag = Int(prefix[start]) << 8 | Int(prefix[start + 1])
        let count = Int(prefix[start + 2]) << 8 | Int(prefix[start + 3])
        return flag <= 1 && count > 0 && 12 + count * 8 <= length
    }

    /// Every block: whole when small, else its first bytes; nil when that would keep more than
    /// half of what the store may keep.
    private static func sweep(_ store: BOMStreamedStore, keepsRest: (UInt32) -> (ArraySlice<UInt8>) -> Bool) -> [BOMFetch]? {
        var requests: [BOMFetch] = []
        requests.reserveCapacity(min(store.blocks.count, 1 << 18))
        var total = 0
        for raw in 1..<max(1, store.blocks.count) {
            let id = UInt32(raw)
            guard let length = try? store.blockLength(id, part: "a block"), length > 0 else { continue }
            if length <= streamedWholeBlockLength {
                requests.append(.whole(id))
                total += length
            } else {
                requests.append(.prefix(of: id, count: streamedRenditionPrefix, keepingRestWhen: keepsRest(id)))
                total += streamedRenditionPrefix
            }
            guard total <= store.limits.maxStreamedBytesKept / 2 else { return nil }
        }
        return requests
    }

    /// The steps one by one: the variables' blocks, the trees' nodes a level at a time, then
    /// every key, facet and rendition header together.
    private static func fetchStepwise(_ store: BOMStreamedStore, keepsRest: (UInt32) -> (ArraySlice<UInt8>) -> Bool) throws(AssetCatalogError) {
        let used = ["CARHEADER", "KEYFORMAT", "EXTENDED_METADATA", "FACETKEYS", "RENDITIONS"].compactMap { store.variables[$0] }
        try readAhead(store, used.map { .whole($0) })
        let leaves = try fetchTreeNodes(of: ["FACETKEYS", "RENDITIONS"], in: store)
        var requests: [BOMFetch] = []
        for entry in leaves["FACETKEYS", default: []] {
            requests += [.whole(entry.key), .whole(entry.value)]
        }
        for entry in leaves["RENDITIONS", default: []] {
            requests.append(.whole(entry.key))
            guard let length = try? store.blockLength(entry.value, part: "a rendition"), length > streamedWholeBlockLength else {
                requests.append(.whole(entry.value))
                continue
            }
            requests.append(.prefix(of: entry.value, count: streamedRenditionPrefix, keepingRestWhen: keepsRest(entry.value)))
        }
        try readAhead(store, requests)
    }

    /// The renditions whose properties run past what was kept of them, their header and
    /// properties fetched together in one pass.
    private static func fetchLongerProperties(_ store: BOMStreamedStore, keepsRest: (UInt32) -> (ArraySlice<UInt8>) -> Bool) throws(AssetCatalogError) {
        let leaves = try fetchTreeNodes(of: ["RENDITIONS"], in: store)
        var requests: [BOMFetch] = []
        for entry in leaves["RENDITIONS", default: []] {
            guard let length = try? store.blockLength(entry.value, part: "a rendition"), length > streamedRenditionPrefix,
                let prefix = try? store.blockPrefix(entry.value, count: CARRenditionHeader.length, part: "a rendition"),
                let header = try? CARRenditionHeader.read(CARBytes(prefix, part: "rendition header"))
            else { continue }
            let needed = CARRenditionHeader.length + Int(header.propertiesLength)
            guard needed > streamedRenditionPrefix, needed <= length,
                (try? store.blockPrefix(entry.value, count: needed, part: "a rendition"))?.bytes.count != needed
            else { continue }
            requests.append(.prefix(of: entry.value, count: needed, keepingRestWhen: keepsRest(entry.value)))
        }
        try readAhead(store, requests)
    }

    /// The decoded pixels of `rendition`, fetching its block (or its atlas's) when not held.
    package func bitmap(of rendition: CARRendition, streaming store: BOMStreamedStore) throws(AssetCatalogError) -> CARBitmap {
        try Self.fetchingAsNeeded(store) { () throws(AssetCatalogError) in try bitmap(of: rendition, in: store) }
    }

    /// The icon set named `name`, fetching its multisize image sets when not held.
    package func iconSet(named name: String, streaming store: BOMStreamedStore) throws(AssetCatalogError) -> CARIconSet? {
        try Self.fetchingAsNeeded(store) { () throws(AssetCatalogError) in try iconSet(named: name, in: store) }
    }

    /// `iconComposerIcon(named:in:)` from a streamed store: the blocks of the icon's gradients,
    /// vector layers and colours fetched in one pass first, then any a gradient's colour names
    /// lead to.
    package func iconComposerIcon(named name: String, streaming store: BOMStreamedStore) throws(AssetCatalogError) -> CARIconComposerIcon? {
        guard let (_, members) = iconComposerMembers(named: name) else { return nil }
        let payloads: Set<CARRenditionLayout> = [.namedGradient, .vector, .color]
        let blocks = renditions.filter { members.contains($0.key.identifier) && payloads.contains($0.header.layout) }.map { BOMFetch.whole($0.block) }
        try Self.fetch(store, blocks)
        return try Self.fetchingAsNeeded(store) { () throws(AssetCatalogError) in try iconComposerIcon(named: name, in: store) }
    }

    /// Runs `body` again after fetching each block it found missing, until it needs none.
    static func fetchingAsNeeded<T>(_ store: BOMStreamedStore, _ body: () throws(AssetCatalogError) -> T) throws(AssetCatalogError) -> T {
        // No typed-throws `Result` here: Swift 6.3's debug builds copied one of
        // `AssetCatalogError` from stale bytes (the car fuzz harness met it).
        while true {
            let missing: UInt32
            do {
                return try body()
            } catch {
                guard case .bom(.notFetched(let block)) = error else { throw error }
                missing = block
            }
            try fetch(store, [.whole(missing)])
        }
    }

    /// The leaf entries of each named tree, its nodes fetched a level at a time for all of them.
    /// A node that does not read is left for the walk in `read`, which says what is wrong.
    private static func fetchTreeNodes(of names: [String], in store: BOMStreamedStore) throws(AssetCatalogError) -> [String: [BOMTreeEntry]] {
        var level: [(tree: String, node: UInt32)] = []
        for name in names {
            guard let id = store.variables[name], let tree = try? BOMTree.read(store, block: id) else { continue }
            level.append((name, tree.root))
        }
        var leaves: [String: [BOMTreeEntry]] = [:]
        var seen: Set<UInt32> = []
        var depth = 0
        while !level.isEmpty, depth <= store.limits.maxTreeDepth {
            depth += 1
            try readAhead(store, level.map { .whole($0.node) })
            var next: [(tree: String, node: UInt32)] = []
            for (tree, id) in level where seen.insert(id).inserted {
                guard let node = try? BOMTreeNode.read(store, id) else { continue }
                for index in 0..<node.count {
                    guard let entry = try? node.entry(index) else { break }
                    if node.isLeaf { leaves[tree, default: []].append(entry) } else { next.append((tree, entry.value)) }
                }
            }
            level = next
        }
        return leaves
    }

    /// `fetch` for reading ahead: the blocks the sweep or the steps expect `read` to ask for.
    /// A request the block table cannot resolve (past the table or the file, the null block) is
    /// dropped, not refused: it may be a link `read` never follows (a child of a branch off the
    /// walk's path, an entry of a leaf off the leaf chain), which the whole store's read walks
    /// past. `read` walks as that read does, and refuses what it refuses.
    private static func readAhead(_ store: BOMStreamedStore, _ requests: [BOMFetch]) throws(AssetCatalogError) {
        try fetch(store, requests.filter { (try? store.blockLength($0.block, part: "a fetched block")) != nil })
    }

    /// `store.fetch`, its errors as the catalog's: a BOM fault as `.bom`, a stream that would
    /// not read as `.unreadable`.
    private static func fetch(_ store: BOMStreamedStore, _ requests: consuming [BOMFetch]) throws(AssetCatalogError) {
        do {
            try store.fetch(consume requests)
        } catch let error as BOMError {
            throw .bom(error)
        } catch {
            throw .unreadable(String(describing: error))
        }
    }
}
