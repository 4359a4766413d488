import BundleCheckFixtures
import BundleCheckFormats
import Testing

/// A BOM store read in forward passes over a stream that cannot seek, as an `Assets.car` deep in
/// a zip is read: the same blocks as the store read whole, in as few passes as the layout
/// allows, and every hostile length or link ending in a `BOMError`.
@Suite struct BOMStreamedStoreTests {
    /// The real catalogs, each as its deflated zip entry (which cannot seek) and its bytes.
    static func corpusCatalogue(_ package: String) throws -> (open: BOMStreamedStore.Open, bytes: [UInt8])? {
        guard let path = RepositoryPaths.corpusOrSkip(package) else { return nil }
        let container = try PackageOpener.open(path: path)
        let car = try #require(container.files.first { $0.path.hasSuffix("/Assets.car") })
        let bytes = try container.read(car.path, limit: 64 << 20)
        return ({ try container.openEntry(car.path) }, bytes)
    }

    /// Every tree's keys and values, fetched a level at a time for all trees at once, as a
    /// reader would: the variables' blocks, then the trees' missing nodes, then keys and values.
    static func everyPair(_ store: BOMStreamedStore) throws -> [String: [[UInt8]]] {
        try store.fetch(store.variables.all.map { .whole($0.block) })
        var trees: [(name: String, tree: BOMTree)] = []
        for variable in store.variables.all where try store.block(variable.block, part: "a variable").bytes.starts(with: Array("tree".utf8)) {
            trees.append((variable.name, try BOMTree.read(store, block: variable.block)))
        }
        try store.fetch(trees.map { .whole($0.tree.root) })
        var entries: [String: [BOMTreeEntry]] = [:]
        for (name, tree) in trees {
            entries[name] = try Self.fetchingNodes(of: tree, from: store)
        }
        try store.fetch(
            trees.flatMap { name, tree in
                entries[name, default: []].flatMap { tree.flag == 0 ? [BOMFetch.whole($0.key), .whole($0.value)] : [.whole($0.value)] }
            })
        var result: [String: [[UInt8]]] = [:]
        for (name, tree) in trees {
            result[name] = try entries[name, default: []].flatMap { entry in
                try (tree.flag == 0 ? [entry.key, entry.value] : [entry.value]).map { Array(try store.block($0, part: "an entry").bytes) }
            }
        }
        return result
    }

    /// The tree's entries, fetching each node the walk finds missing, a pass each.
    static func fetchingNodes(of tree: BOMTree, from store: BOMStreamedStore) throws -> [BOMTreeEntry] {
        for _ in 0..<store.limits.maxStreamPasses {
            let result = Result { () throws(BOMError) in try tree.entries(in: store) }
            guard case .failure(let error) = result, case .notFetched(let block) = error else { return try result.get() }
            try store.fetch([.whole(block)])
        }
        throw BOMError.tooManyPasses(limit: store.limits.maxStreamPasses)
    }

    static func wholePairs(_ bytes: [UInt8]) throws -> [String: [[UInt8]]] {
        let store = try BOMStore(bytes: bytes)
        var result: [String: [[UInt8]]] = [:]
        for variable in store.variables.all where try store.block(variable.block).bytes.starts(with: Array("tree".utf8)) {
            let tree = try BOMTree.read(store, block: variable.block)
            if tree.flag == 0 {
                result[variable.name] = try tree.pairs(in: store).flatMap { [Array($0.key.bytes), Array($0.value.bytes)] }
            } else {
                result[variable.name] = try tree.entries(in: store).map { Array(try store.block($0.value).bytes) }
            }
        }
        return result
    }

    @Test(.enabled(if: RepositoryPaths.corpusTestsEnabled, "needs ../shared/corpus"), arguments: BOMCorpusTests.catalogues)
    func aStreamedCatalogueReadsAsTheWholeOne(_ package: String) throws {
        guard let (open, bytes) = try Self.corpusCatalogue(package) else { return }
        var limits = BOMLimits.standard
        limits.maxStreamPasses = 64
        let store = try BOMStreamedStore(length: bytes.count, limits: limits, open: open)
        let whole = try BOMStore(bytes: bytes)
        #expect(store.variables == whole.variables)
        #expect(store.passes == 1)
        let streamed = try Self.everyPair(store)
        #expect(streamed == (try Self.wholePairs(bytes)))
        #expect(!streamed.isEmpty)
        // The table and the variables; the variables' blocks (some, like EXTENDED_METADATA, lie
        // at the end); the roots not in the head; keys and values. One-node trees need no more.
        #expect(store.passes <= 4, "\(store.passes) passes")
    }

    @Test(.enabled(if: RepositoryPaths.corpusTestsEnabled, "needs ../shared/corpus"), arguments: BOMCorpusTests.catalogues)
    func aHeadOfOnlyTheHeaderStillReadsEverything(_ package: String) throws {
        guard let (open, bytes) = try Self.corpusCatalogue(package) else { return }
        var limits = BOMLimits.standard
        limits.maxStreamPasses = 256
        limits.streamedHeadLength = 32
        let store = try BOMStreamedStore(length: bytes.count, limits: limits, open: open)
        #expect(try Self.everyPair(store) == (try Self.wholePairs(bytes)))
    }

    @Test(.enabled(if: RepositoryPaths.corpusTestsEnabled, "needs ../shared/corpus"))
    func aPrefixIsKeptAloneUnlessTheCallerWantsTheRest() throws {
        guard let (open, bytes) = try Self.corpusCatalogue("shorebird/flutter-base.ipa") else { return }
        let store = try BOMStreamedStore(length: bytes.count, open: open)
        let whole = try BOMStore(bytes: bytes)
        let values = try BOMTree.read(whole, block: try #require(whole.variables["RENDITIONS"])).entries(in: whole).map(\.value)
        let large = values.filter { (try? whole.blockRange(of: $0).count) ?? 0 > 1024 }
        #expect(large.count >= 2)
        var asked: [UInt32] = []
        let first = large[0]
        try store.fetch(
            large.map { id in
                BOMFetch.prefix(of: id, count: 184) { prefix in
                    asked.append(id)
                    #expect(Array(prefix) == Array(whole.bytes[try! whole.blockRange(of: id).prefix(184)]))
                    return id == first
                }
            })
        #expect(Set(asked) == Set(large))
        #expect(store.passes == 2)
        #expect(Array(try store.block(first, part: "a value").bytes) == Array(try whole.block(first).bytes))
        #expect(Array(try store.blockPrefix(large[1], count: 184, part: "a value").bytes) == Array(try whole.block(large[1]).bytes.prefix(184)))
        #expect(throws: BOMError.notFetched(block: large[1])) { _ = try store.block(large[1], part: "a value") }
        // Asking again for what is held costs no pass.
        try store.fetch([.whole(first), .prefix(of: large[1], count: 100)])
        #expect(store.passes == 2)
    }

    static func open(_ bytes: [UInt8]) -> BOMStreamedStore.Open {
        { InMemoryEntryReader(bytes: bytes, canSeek: false) }
    }

    @Test func aStreamShorterThanItsListingSaysIsTruncated() throws {
        let bytes = BOMWriter.write([.directory("."), .file("./a", contents: [1, 2, 3])])
        #expect(throws: BOMError.streamEnded(at: bytes.count - 100, declaredLength: bytes.count)) {
            _ = try BOMStreamedStore(length: bytes.count, open: Self.open(Array(bytes.dropLast(100))))
        }
    }

    @Test func whatIsKeptAndThePassesAreCapped() throws {
        let bytes = BOMWriter.write([.directory("."), .file("./a", contents: [1, 2, 3])])
        var limits = BOMLimits.standard
        limits.streamedHeadLength = 32
        limits.maxStreamedBytesKept = 64
        #expect(throws: BOMError.self) { _ = try BOMStreamedStore(length: bytes.count, limits: limits, open: Self.open(bytes)) }
        limits.maxStreamedBytesKept = 40 << 20
        limits.maxStreamPasses = 1
        let store = try BOMStreamedStore(length: bytes.count, limits: limits, open: Self.open(bytes))
        let tree = try #require(store.variables.all.first).block
        #expect(throws: BOMError.tooManyPasses(limit: 1)) { try store.fetch([.whole(tree)]) }
    }

    @Test func notABOMStoreIsSaidSo() {
        let bytes = Array(repeating: UInt8(0x41), count: 5000)
        #expect(throws: BOMError.notBOMStore) { _ = try BOMStreamedStore(length: bytes.count, open: Self.open(bytes)) }
        #expect(throws: BOMError.self) { _ = try BOMStreamedStore(length: 0, open: Self.open([])) }
    }
}
