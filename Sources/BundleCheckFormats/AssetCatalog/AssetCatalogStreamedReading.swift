/// Reading a catalog from a `BOMStreamedStore`: a deflated zip entry that each pass inflates
/// again from its start, so what costs time is the number of passes, not the blocks asked for.
///
/// The reader follows ids (variables → tree headers → nodes → keys and renditions), so it asks
/// for the blocks of one step together, a pass a step: the variables' blocks, the trees' nodes
/// a level at a time, then every key, facet and rendition header at once. Xcode puts the
/// header, the trees' headers and their first nodes at the start of the file, in the head the
/// store's first pass keeps, and the block table and variables at the end or after the first
/// blocks; so a real catalog is listed in two to four passes. A rendition's pixels are kept in
/// the listing's pass when `keepsPixels` says so on seeing its CSI header (the App Store icon),
/// otherwise they cost a pass of their own when asked for.
///
/// Whatever the steps missed (a layout unlike Xcode's) is fetched a block at a time, each a
/// pass, until the store's `maxStreamPasses` ends it with `BOMError.tooManyPasses`.
extension AssetCatalog {
    /// Bytes of a rendition's block the listing keeps when its block is larger: the CSI header
    /// and its properties (a few hundred bytes in every real catalog).
    static let streamedRenditionPrefix = CARRenditionHeader.length + 1024
    /// A rendition block this small is kept whole in the listing's pass.
    static let streamedWholeBlockLength = 4096

    /// Lists the catalog held by `store`, keeping the pixels of each rendition whose CSI header
    /// `keepsPixels` accepts as they stream by.
    package static func read(
        streaming store: BOMStreamedStore, limits: AssetCatalogLimits = .standard, keepsPixels: @escaping (CARRenditionHeader) -> Bool = { _ in false }
    ) throws(AssetCatalogError) -> AssetCatalog {
        let used = ["CARHEADER", "KEYFORMAT", "EXTENDED_METADATA", "FACETKEYS", "RENDITIONS"].compactMap { store.variables[$0] }
        try fetch(store, used.map { .whole($0) })
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
            requests.append(.prefix(of: entry.value, count: streamedRenditionPrefix) { prefix in
                guard let header = try? CARRenditionHeader.read(CARBytes(prefix, block: entry.value, part: "rendition header")) else { return false }
                return keepsPixels(header)
            })
        }
        try fetch(store, requests)
        return try fetchingAsNeeded(store) { () throws(AssetCatalogError) in try read(store, variables: store.variables, limits: limits) }
    }

    /// The decoded pixels of `rendition`, fetching its block (or its atlas's) when not held.
    package func bitmap(of rendition: CARRendition, streaming store: BOMStreamedStore) throws(AssetCatalogError) -> CARBitmap {
        try Self.fetchingAsNeeded(store) { () throws(AssetCatalogError) in try bitmap(of: rendition, in: store) }
    }

    /// The icon set named `name`, fetching its multisize image sets when not held.
    package func iconSet(named name: String, streaming store: BOMStreamedStore) throws(AssetCatalogError) -> CARIconSet? {
        try Self.fetchingAsNeeded(store) { () throws(AssetCatalogError) in try iconSet(named: name, in: store) }
    }

    /// Runs `body` again after fetching each block it found missing, until it needs none.
    static func fetchingAsNeeded<T>(_ store: BOMStreamedStore, _ body: () throws(AssetCatalogError) -> T) throws(AssetCatalogError) -> T {
        while true {
            let result = Result { () throws(AssetCatalogError) in try body() }
            guard case .failure(let error) = result, case .bom(.notFetched(let block)) = error else { return try result.get() }
            try fetch(store, [.whole(block)])
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
            try fetch(store, level.map { .whole($0.node) })
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

    /// `store.fetch`, its errors as the catalog's: a BOM fault as `.bom`, a stream that would
    /// not read as `.unreadable`.
    private static func fetch(_ store: BOMStreamedStore, _ requests: [BOMFetch]) throws(AssetCatalogError) {
        do {
            try store.fetch(requests)
        } catch let error as BOMError {
            throw .bom(error)
        } catch {
            throw .unreadable(String(describing: error))
        }
    }
}
