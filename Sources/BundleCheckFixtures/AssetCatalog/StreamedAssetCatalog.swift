import BundleCheckFormats

/// An `Assets.car` read as a catalogue deep in a zip would be: through a `BOMStreamedStore` over a
/// stream that cannot seek, each block the reader finds missing fetched in a pass of its own,
/// and the read started again. Slow in passes, but it needs nothing of the layout, so it is
/// what the `car` fuzz harness compares with the read of the whole store.
package enum StreamedAssetCatalog {
    /// The store and the catalogue read from `bytes`; the store's error (too many passes, too
    /// much kept) or the catalogue's when either gives up.
    package static func read(
        _ bytes: [UInt8], storeLimits: BOMLimits, catalogLimits: AssetCatalogLimits
    ) throws -> (store: BOMStreamedStore, catalog: AssetCatalog) {
        let store = try BOMStreamedStore(length: bytes.count, limits: storeLimits) { InMemoryEntryReader(bytes: bytes, canSeek: false) }
        while true {
            let missing: UInt32
            do {
                return (store, try catalog(in: store, limits: catalogLimits))
            } catch AssetCatalogError.bom(.notFetched(let block)) {
                missing = block
            }
            // A block the store says it lacks must cost a pass to fetch, so the passes cap ends this loop.
            let before = store.passes
            try store.fetch([.whole(missing)])
            precondition(store.passes > before, "block \(missing) is not fetched, yet fetching it made no pass")
        }
    }

    /// The catalogue's error as `any Error`: Swift 6.3 (debug) copied a typed-throws `Result` of
    /// `AssetCatalogError`, and matched `catch` patterns on it, from stale bytes here.
    private static func catalog(in store: BOMStreamedStore, limits: AssetCatalogLimits) throws -> AssetCatalog {
        try AssetCatalog.read(store, variables: store.variables, limits: limits)
    }

    /// Whether `error` is one only a streamed read can meet: a block still missing, the passes
    /// or the bytes kept over their caps. Any other error the whole store's read meets too.
    package static func isStreamingOnly(_ error: any Error) -> Bool {
        let bomError: BOMError
        switch error {
        case let error as BOMError: bomError = error
        case AssetCatalogError.bom(let error): bomError = error
        default: return false
        }
        switch bomError {
        case .notFetched, .tooManyPasses, .tooMuchKept: return true
        default: return false
        }
    }
}
