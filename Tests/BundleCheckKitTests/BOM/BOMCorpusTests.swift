import BundleCheckFormats
import Testing

/// The `Assets.car` files of real apps in `../shared/corpus` (Xcode 7 to 15) open as BOM stores
/// and every tree in them walks to as many entries as its header declares: the store and tree
/// layers read what Apple's `actool` writes. What the trees mean is the CAR reader's business.
@Suite struct BOMCorpusTests {
    static let catalogues = [
        "app-info/apple-tv.ipa", "app-info/macos.zip", "shorebird/flutter-base.ipa", "isign/TestSimulator.app.zip", "isign/SimpleSaucyApp.ipa",
    ]

    @Test(.enabled(if: RepositoryPaths.corpusTestsEnabled, "needs ../shared/corpus"), arguments: catalogues)
    func everyTreeOfARealAssetCatalogueWalks(_ package: String) throws {
        guard let path = RepositoryPaths.corpusOrSkip(package) else { return }
        let container = try PackageOpener.open(path: path)
        let car = try #require(container.files.first { $0.path.hasSuffix("/Assets.car") }, "\(package) holds an Assets.car")
        let store = try BOMStore(bytes: try container.read(car.path, limit: 64 << 20))
        let names = store.variables.all.map(\.name)
        #expect(names.contains("CARHEADER") && names.contains("RENDITIONS") && names.contains("FACETKEYS"), "\(names)")
        var trees = 0
        for variable in store.variables.all where try store.block(variable.block).bytes.starts(with: Array("tree".utf8)) {
            let tree = try BOMTree.read(store, block: variable.block)
            let entries = try tree.entries(in: store)
            #expect(entries.count == Int(tree.declaredCount), "\(variable.name)")
            #expect([128, 1024, 4096].contains(tree.blockSize), "\(variable.name): \(tree.blockSize)")
            // Keys are blocks, except where the flag says they are numbers (BITMAPKEYS).
            if tree.flag == 0 {
                #expect(try tree.pairs(in: store).count == entries.count)
            } else {
                #expect(variable.name == "BITMAPKEYS")
                for entry in entries { _ = try store.block(entry.value) }
            }
            trees += 1
        }
        #expect(try store.tree("RENDITIONS").declaredCount > 0)
        #expect(trees >= 2)
    }
}
