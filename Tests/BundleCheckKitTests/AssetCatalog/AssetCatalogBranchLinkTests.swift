import BundleCheckFormats
import Testing

@testable import BundleCheckFixtures

/// A `RENDITIONS` tree whose branch names a block past the table, read from the whole store
/// (`AssetCatalog.read` over a `BOMStore`), a block at a time (`StreamedAssetCatalog`, what the
/// car harness compares) and by the sweep a run makes (`AssetCatalog.read(streaming:)`): the
/// three refuse alike a branch the walk goes through, and list alike a tree whose damage lies
/// in a branch the walk never reads.
@Suite struct AssetCatalogBranchLinkTests {
    /// The block the car harness's finding named, 0x002E000D.
    static let pastTable: UInt32 = 3_014_669

    static func icon(_ idiom: FixtureIconRendition.Idiom, points: Double = 1024, scale: Int = 1) -> FixtureIconRendition {
        FixtureIconRendition(idiom: idiom, points: points, scale: scale, pixelWidth: 24, pixelHeight: 24, compression: .lzfseRaw)
    }

    /// A rendition a leaf: one icon and its size list are two leaves under the root; two
    /// icons of two idioms are four leaves, two branches and the root.
    static func catalogue(icons: [FixtureIconRendition], damagingLevel level: Int) throws -> [UInt8] {
        try FixtureAssetCatalog(
            iconSets: [FixtureIconSet(name: "AppIcon", renditions: icons)], hostile: [.renditionsBranchChildPastTable(level: level, block: pastTable)]
        ).bytes()
    }

    static func whole(_ bytes: [UInt8]) -> Result<AssetCatalog, AssetCatalogError> {
        Result { () throws(AssetCatalogError) in
            let store: BOMStore
            do throws(BOMError) { store = try BOMStore(bytes: bytes) } catch { throw .bom(error) }
            return try AssetCatalog.read(store, limits: FuzzTarget.carLimits)
        }
    }

    static func blockAtATime(_ bytes: [UInt8]) -> Result<AssetCatalog, any Error> {
        Result { try StreamedAssetCatalog.read(bytes, storeLimits: FuzzTarget.carStreamLimits, catalogLimits: FuzzTarget.carLimits).catalog }
    }

    /// The finding's shape: the root's first child is whole, its last is past the table. The
    /// walk goes down the first only, so the whole store's read listed both renditions while the
    /// sweep, fetching every child ahead, refused; the walk now checks every child of a branch
    /// it goes through.
    @Test func aRootWithAChildPastTheTableIsRefusedByEveryReader() throws {
        let bytes = try Self.catalogue(icons: [Self.icon(.marketing)], damagingLevel: 0)
        let damage = AssetCatalogError.bom(.blockOutOfRange(id: Self.pastTable, count: 256))
        #expect(throws: damage) { try Self.whole(bytes).get() }
        #expect(throws: damage) { try Self.blockAtATime(bytes).get() }
        #expect(throws: damage) { try FuzzTarget.sweptAssetCatalog(bytes).get() }
        #expect(FuzzTarget.car.run(bytes, inputFile: "") == .refused)
    }

    /// The child past the table hangs from the root's last branch, which the walk never reads
    /// (it goes down the first branch, then along the leaves, all four whole). The sweep read
    /// ahead every level's children and refused; reading ahead now drops a link the table cannot
    /// resolve, so the sweep lists what the walk lists, as the whole store's read does.
    @Test func aBranchOffTheWalkIsLeftAloneByEveryReader() throws {
        let bytes = try Self.catalogue(icons: [Self.icon(.marketing), Self.icon(.phone, points: 60, scale: 2)], damagingLevel: 1)
        let whole = try Self.whole(bytes).get()
        #expect(whole.renditionCount == 4)
        let swept = try FuzzTarget.sweptAssetCatalog(bytes).get()
        #expect(swept.renditions == whole.renditions && swept.facets == whole.facets && swept.renditionCount == whole.renditionCount)
        #expect(try Self.blockAtATime(bytes).get().renditions == whole.renditions)
        #expect(FuzzTarget.car.run(bytes, inputFile: "") == .read)
    }
}
