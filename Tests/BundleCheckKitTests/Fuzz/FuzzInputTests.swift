import BundleCheckFixtures
import BundleCheckFormats
import Foundation
import Testing

/// The fuzz harnesses' committed inputs run through the same `FuzzTarget` calls as the harnesses
/// (without the sanitizers: `scripts/fuzz.sh --smoke` replays them under AddressSanitizer).
@Suite struct FuzzInputTests {
    struct Input: Sendable, CustomStringConvertible {
        let target: FuzzTarget
        let path: String
        var description: String { target.rawValue + "/" + URL(fileURLWithPath: path).lastPathComponent }
        var bytes: [UInt8] { get throws { Array(try Data(contentsOf: URL(fileURLWithPath: path))) } }
    }

    /// Every file under `folder`/HARNESS, for each harness, in a stable order.
    static func inputs(in folder: String) -> [Input] {
        FuzzTarget.allCases.flatMap { target in
            let directory = RepositoryPaths.file("\(folder)/\(target.rawValue)")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            return names.sorted().filter { !$0.hasPrefix(".") }.map { Input(target: target, path: directory + "/" + $0) }
        }
    }

    static let seeds = inputs(in: "Fuzz/Seeds")

    @Test func committedSeedsAreWhatTheFixtureBuilderWrites() throws {
        let written = try FuzzSeeds.all()
        #expect(Set(written.keys) == Set(FuzzTarget.allCases.map(\.rawValue)), "every harness has seeds")
        let committed = Dictionary(grouping: Self.seeds, by: \.target.rawValue)
        for (harness, files) in written {
            let names = Set((committed[harness] ?? []).map { URL(fileURLWithPath: $0.path).lastPathComponent })
            #expect(names == Set(files.keys), "Fuzz/Seeds/\(harness) is stale: run `swift run bundlecheck-fixtures fuzz-seeds Fuzz/Seeds`")
            for seed in committed[harness] ?? [] {
                let name = URL(fileURLWithPath: seed.path).lastPathComponent
                #expect(try seed.bytes == files[name], "\(seed) differs from what the fixture builder writes")
            }
        }
    }

    @Test func seedsStaySmall() throws {
        let sizes = try Self.seeds.map { try $0.bytes.count }
        #expect(sizes.allSatisfy { $0 <= 64 << 10 }, "a seed is over 64 KiB")
        #expect(sizes.reduce(0, +) < 1 << 20, "the seeds total 1 MiB or more")
    }

    static let regressions = inputs(in: "Fuzz/Regressions")

    /// Inputs that once crashed, hung or leaked, run again through the harness's own call: a
    /// regression traps (arithmetic overflow, bounds) and ends this test process.
    @Test(arguments: regressions)
    func everyRegressionInputNowReadsOrIsRefused(_ input: Input) throws {
        let directory = try TemporaryDirectory()
        let outcome = input.target.run(try input.bytes, inputFile: directory.path("input"))
        #expect([.read, .refused].contains(outcome), "\(outcome)")
    }

    @Test func theRegressionInputsAreThere() {
        #expect(Self.regressions.map(\.description).contains("macho/code-limit-64-bit-overflow"))
        // Read whole, liblzma reaches the damage first; seven bytes at a time, the byte past the size.
        #expect(Self.regressions.map(\.description).contains("pbzx/corrupt-stream-past-declared-size"))
        #expect(Self.regressions.map(\.description).contains("car/renditions-sharing-one-large-value"))
        #expect(Self.regressions.map(\.description).contains("report/rules-run-without-a-finding-rule"))
        #expect(Self.regressions.map(\.description).contains("car/renditions-branch-child-past-table"))
    }

    /// PaiScan's report mutated so that `rulesRun` leaves out the rule of one of its findings:
    /// against a build of no bundles that finding is one-sided, not new. The first minute of the
    /// report harness stopped on it because the harness counted it as new; the review was right.
    @Test func aFindingOfARuleTheReportDidNotRunIsOneSided() throws {
        let input = try #require(Self.regressions.first { $0.description == "report/rules-run-without-a-finding-rule" })
        #expect(FuzzTarget.report.run(try input.bytes, inputFile: "") == .read)
    }

    /// 16,384 entries of `RENDITIONS` naming one value of 128 KiB of properties: listing copied
    /// them once an entry (2 GiB, past the harness's 5 s); now the properties added up are
    /// capped (`maxListedPropertyBytes`) and the catalogue is refused when 16 MiB have been read.
    @Test func aCatalogueWhoseRenditionsShareOneLargeValueIsRefused() throws {
        let input = try #require(Self.regressions.first { $0.description == "car/renditions-sharing-one-large-value" })
        let bytes = try input.bytes
        let directory = try TemporaryDirectory()
        #expect(FuzzTarget.car.run(bytes, inputFile: directory.path("input")) == .refused)
        let store = try BOMStore(bytes: bytes)
        // Past 16 MiB at the 129th entry: 129 × 131,072 bytes.
        let error = #expect(throws: AssetCatalogError.self) { try AssetCatalog.read(store) }
        #expect(error.map { if case .propertiesTooLong(_, 16_908_288, 16 << 20) = $0 { true } else { false } } == true, "\(String(describing: error))")
    }

    /// The car harness's finding of 2026-12-06 (`FuzzFindingTests`), remade by the fixture
    /// builder since the fuzzer's input grew from third parties' catalogues: the `RENDITIONS`
    /// root a branch whose first child, the one the walk goes down, is whole and whose last is
    /// block 3,014,669 of a table of 256. The whole store's read listed the renditions, the sweep
    /// refused, and the harness stopped; now both refuse it with the same error.
    @Test func aCatalogueWhoseRenditionsRootNamesABlockPastTheTableIsRefusedByBothReads() throws {
        let input = try #require(Self.regressions.first { $0.description == "car/renditions-branch-child-past-table" })
        let bytes = try input.bytes
        #expect(
            bytes == (try FixtureAssetCatalog.renditionsBranchChildPastTable.bytes()), "`bundlecheck-fixtures asset-catalog branch-child-past-table` writes it")
        #expect(FuzzTarget.car.run(bytes, inputFile: "") == .refused)
        let damage = AssetCatalogError.bom(.blockOutOfRange(id: 3_014_669, count: 256))
        #expect(throws: damage) { try AssetCatalog.read(try BOMStore(bytes: bytes)) }
        let store = try BOMStreamedStore(length: bytes.count) { InMemoryEntryReader(bytes: bytes, canSeek: false) }
        #expect(throws: damage) { try AssetCatalog.read(streaming: store) }
    }

    /// A seed the parser refuses teaches the fuzzer nothing about the paths past the checks; one
    /// named `refused-*` is there to start it on an error path, and must be refused.
    @Test(arguments: seeds)
    func everySeedIsReadByItsTarget(_ seed: Input) throws {
        let directory = try TemporaryDirectory()
        let expected: FuzzTarget.Outcome = URL(fileURLWithPath: seed.path).lastPathComponent.hasPrefix("refused-") ? .refused : .read
        #expect(seed.target.run(try seed.bytes, inputFile: directory.path("input")) == expected)
    }
}
