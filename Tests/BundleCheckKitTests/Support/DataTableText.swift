@testable import BundleCheckModel

/// A data table made from its `entries` as YAML text, with a valid header, so a test can feed a
/// table type a broken row and read the error it names. The entries start on line 6.
enum DataTableText {
    static func table(_ name: String, entries: String) throws -> DataTable {
        let indented = entries.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n")
        let text = "name: \(name)\ntitle: A test table\nsources: [\"a test\"]\nchecked: 2026-12-01\nentries:\n\(indented)\n"
        return try DataTable.load(text: text, file: "Rules/data/\(name).yml")
    }
}
