import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel

/// Rules, the configuration and the data tables are read by one reader: a bad line in any of
/// them is a `YAMLLoadError` naming the file, the line and the key, never a crash or a row
/// dropped in silence.
@Suite struct YAMLFieldReaderTests {
    static let rule = """
        id: no-readme
        title: No README in the app
        severity: fatal
        category: hygiene
        rationale: Nobody reads it on a phone.
        fix: Remove it from the target.
        scope: archive
        match:
          path:
            glob: README*
        """

    @Test func aBadLineInARuleFileNamesFileLineAndKey() {
        #expect(
            throws: YAMLLoadError(file: "pack/no-readme.yml", line: 3, field: "severity", message: "'fatal' is not one of: error, warning, note")
        ) { try RuleLoader.load(text: Self.rule, file: "pack/no-readme.yml", isBuiltIn: false) }
    }

    @Test func aBadLineInTheConfigurationNamesFileLineAndKey() {
        let text = "fail-on: warning\nrules:\n  junk-file: loud\n"
        let expected = YAMLLoadError(
            file: ".bundlecheck.yml", line: 3, field: "rules.junk-file", message: "'loud' is not one of: on, off, error, warning, note")
        #expect(throws: ConfigurationError.invalid(expected)) {
            try ConfigurationLoader.load(bytes: Array(text.utf8), file: ".bundlecheck.yml", catalogue: .shipped)
        }
    }

    @Test func aBadLineInADataTableNamesFileLineAndKey() throws {
        let shipped = try #require(EmbeddedDataTables.files.first { $0.name == "size-limits.yml" }).text
        let lines = shipped.split(separator: "\n", omittingEmptySubsequences: false)
        let row = try #require(lines.firstIndex { $0.contains("{platform: ios, limit: 4 GB}") })
        let broken = shipped.replacingOccurrences(of: "{platform: ios, limit: 4 GB}", with: "{platform: ios, limit: 4 gigabytes}")
        let table = try DataTable.load(text: broken, file: "Rules/data/size-limits.yml")
        #expect(throws: YAMLLoadError.self) { try ShippedDataTableReaders.read([table.name: table]) }
        do {
            try ShippedDataTableReaders.read([table.name: table])
        } catch {
            #expect(error.file == "Rules/data/size-limits.yml" && error.line == row + 1 && error.field == "entries.app[0].limit")
            #expect(error.message.hasPrefix("'4 gigabytes' is not a count and one of the table's units"))
        }
    }

    /// What `bundlecheck-generate` does before it compiles the tables in: every shipped table
    /// has a reader, and reads.
    @Test func everyShippedTableHasAReaderAndReads() throws {
        let shipped = DataTables.shipped
        #expect(Set(ShippedDataTableReaders.all.flatMap(\.tables)) == Set(shipped.keys))
        try ShippedDataTableReaders.read(shipped)
    }

    /// Each table's reader refuses entries of the wrong shape, at the table's `entries` line.
    @Test(arguments: EmbeddedDataTables.files.map(\.name))
    func everyReaderRefusesEntriesOfTheWrongShape(file: String) throws {
        let shipped = try #require(EmbeddedDataTables.files.first { $0.name == file }).text
        let header = try #require(shipped.range(of: "\nentries:"))
        let broken = String(shipped[..<header.lowerBound]) + "\nentries: [nothing, a, table, reads]\n"
        let table = try DataTable.load(text: broken, file: "Rules/data/" + file)
        let line = broken.prefix(through: header.lowerBound).filter { $0 == "\n" }.count + 1
        var tables = DataTables.shipped
        tables[table.name] = table
        #expect(throws: YAMLLoadError.self) { try ShippedDataTableReaders.read(tables) }
        do {
            try ShippedDataTableReaders.read(tables)
        } catch {
            #expect(error.file == "Rules/data/" + file && error.line == line, "\(error)")
        }
    }
}
