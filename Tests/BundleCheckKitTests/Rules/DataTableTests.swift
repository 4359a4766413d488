import Foundation
import Testing

@testable import BundleCheckFormats
@testable import BundleCheckGenerator
@testable import BundleCheckInspection
@testable import BundleCheckModel

/// Tables of facts live in `Rules/data/` with their sources and date, compiled into the binary.
@Suite struct DataTableTests {
    static let valid = """
        name: some-table
        title: A table
        sources: ["Apple, somewhere"]
        checked: 2026-11-30
        entries: {a: 1}
        """

    @Test func embeddedDataTablesAreNotStale() throws {
        let files = try RuleSourceFiles.read(from: RepositoryPaths.file("Rules/data"))
        let committed = try String(contentsOfFile: RepositoryPaths.file(RuleSourceFiles.generatedDataPath), encoding: .utf8)
        #expect(committed == EmbeddedRulePacksRenderer.renderData(files: files), "run `swift run bundlecheck-generate` after editing Rules/data/")
    }

    @Test func everyShippedTableLoadsWithSourcesAndADate() throws {
        let files = try RuleSourceFiles.read(from: RepositoryPaths.file("Rules/data"))
        #expect(!files.isEmpty)
        #expect(Set(DataTables.shipped.keys) == Set(files.map { String($0.name.dropLast(".yml".count)) }))
        for table in DataTables.shipped.values {
            #expect(!table.sources.isEmpty)
            #expect(table.checked.count == 10)
        }
    }

    @Test func aTableNeedsASourceAndADate() throws {
        #expect(throws: Never.self) { try DataTable.load(text: Self.valid, file: "Rules/data/some-table.yml") }
        let noSource = Self.valid.replacingOccurrences(of: "sources: [\"Apple, somewhere\"]", with: "sources: []")
        #expect(throws: YAMLLoadError.self) { try DataTable.load(text: noSource, file: "Rules/data/some-table.yml") }
        let badDate = Self.valid.replacingOccurrences(of: "checked: 2026-11-30", with: "checked: last week")
        #expect(throws: YAMLLoadError.self) { try DataTable.load(text: badDate, file: "Rules/data/some-table.yml") }
        #expect(throws: YAMLLoadError.self) { try DataTable.load(text: Self.valid, file: "Rules/data/other-name.yml") }
    }

    @Test(arguments: [
        ("2024-02-29", true), ("2026-11-30", true), ("2026-02-29", false), ("2026-04-31", false), ("2026-13-01", false),
        ("2026-1-01", false), ("+026-11-30", false), ("2026-11-3O", false), ("2026/11/30", false), ("2026-11-30 ", false),
    ])
    func theCheckedDateIsARealDay(text: String, valid: Bool) {
        #expect(DataTable.isCalendarDate(text) == valid)
    }
}
