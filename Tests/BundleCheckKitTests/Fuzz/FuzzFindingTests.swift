import BundleCheckFormats
import Foundation
import Testing

@testable import BundleCheckFixtures

/// Inputs a fuzzer stopped on that are kept beside the repository, never in it
/// (`../shared/fuzz-findings`: they grew from third parties' files), run through the harness
/// that found them. Each has a shape of the project's own making in `Fuzz/Regressions`, so the
/// defect stays tested where the finding is absent.
@Suite struct FuzzFindingTests {
    static let carSweepRefuses = "car-sweep-refuses-2026-12-06.bin"

    /// The `car` harness stopped on this after 149 s: its `RENDITIONS` root is a branch of 14
    /// children, the first (the only one the walk goes down) an empty leaf, the 11th block
    /// 3,014,669 of a table of 256. The whole store's read listed no rendition; the sweep, which
    /// fetches every child of every branch ahead, refused. Both refuse it now, with one error.
    @Test(.enabled(if: RepositoryPaths.hasFuzzFinding(carSweepRefuses), "needs ../shared/fuzz-findings/\(carSweepRefuses)"))
    func theCatalogueTheSweepRefusedIsRefusedWholeToo() throws {
        guard let path = RepositoryPaths.fuzzFindingOrSkip(Self.carSweepRefuses) else { return }
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let damage = AssetCatalogError.bom(.blockOutOfRange(id: 3_014_669, count: 256))
        let store = try BOMStore(bytes: bytes)
        #expect(throws: damage) { try AssetCatalog.read(store, limits: FuzzTarget.carLimits) }
        let swept = FuzzTarget.sweptAssetCatalog(bytes)
        #expect(throws: damage) { try swept.get() }
        // The harness's own comparison, which stopped the run (it traps, ending this process).
        #expect(FuzzTarget.car.run(bytes, inputFile: "") == .refused)
    }
}
