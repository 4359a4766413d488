import BundleCheckFormats

/// A table of facts from `Rules/data/<name>.yml`: codes, symbols, SDK dates, architectures.
/// Apple's rules change, so the facts live in data with where they come from and when they
/// were last checked, never as constants in code; each check that uses a table reads its
/// `entries` into its own types.
///
/// ```yaml
/// name: device-architectures
/// title: What Apple accepts for each device platform
/// sources: ["Apple: ...", "..."]     # at least one
/// checked: 2026-11-30                # the day the sources were last read
/// entries: ...                        # the table itself, shaped as the table needs
/// ```
package struct DataTable: Sendable {
    package let name: String
    package let title: String
    package let sources: [String]
    /// `YYYY-MM-DD`.
    package let checked: String
    package let entries: YAMLNode
    /// `Rules/data/<name>.yml`, for messages.
    package let file: String

    /// The table's `entries`, for a table type's reader to walk: every row it cannot use is a
    /// `YAMLLoadError` naming this file, the row's line and its key (`entries.app[2].limit`).
    package var root: YAMLField {
        YAMLField(entries, path: "entries", reader: YAMLFieldReader(file: file))
    }

    static let fields: Set<String> = ["name", "title", "sources", "checked", "entries"]

    /// Reads a data file; `file` is what messages call it.
    package static func load(text: String, file: String) throws(YAMLLoadError) -> DataTable {
        let root: YAMLNode?
        do {
            root = try YAMLParser.parse(Array(text.utf8), file: file)
        } catch {
            throw YAMLLoadError(error)
        }
        guard let root else { throw YAMLLoadError(file: file, line: 1, field: nil, message: "the data file is empty") }
        let reader = YAMLFieldReader(file: file)
        let fields = try reader.mapping(root, field: nil, allowed: fields)
        let nameNode = try reader.required(fields, "name", in: root, field: "name")
        let name = try reader.nonEmptyString(nameNode, field: "name")
        guard PackagePath.name(file) == name + ".yml" else {
            throw reader.error(
                nameNode, "name", "the name '\(name)' does not match the file name '\(PackagePath.name(file))': name the file \(name).yml or change the name")
        }
        let title = try reader.nonEmptyString(try reader.required(fields, "title", in: root, field: "title"), field: "title")
        let sourcesNode = try reader.required(fields, "sources", in: root, field: "sources")
        let sources = try reader.strings(sourcesNode, field: "sources")
        guard !sources.isEmpty, sources.allSatisfy({ !$0.allSatisfy(\.isWhitespace) }) else {
            throw reader.error(sourcesNode, "sources", "a table names at least one source of its facts")
        }
        let checkedNode = try reader.required(fields, "checked", in: root, field: "checked")
        let checked = try reader.string(checkedNode, field: "checked")
        guard isCalendarDate(checked) else {
            throw reader.error(checkedNode, "checked", "'\(checked)' is not a date such as 2026-11-30")
        }
        let entries = try reader.required(fields, "entries", in: root, field: "entries")
        return DataTable(name: name, title: title, sources: sources, checked: checked, entries: entries, file: file)
    }

    /// `YYYY-MM-DD` naming a real day. Checked by hand: Foundation's date formatters load ICU,
    /// megabytes of resident memory for every run once a table is read before the executables.
    static func isCalendarDate(_ text: String) -> Bool {
        ISODateParser.isDay(text)
    }
}

/// The data tables compiled into the binary, by name.
package enum DataTables {
    /// Every shipped table, read (the tests check them all).
    package static var shipped: [String: DataTable] {
        Dictionary(
            EmbeddedDataTables.files.map { file in
                let table = load(file)
                return (table.name, table)
            }, uniquingKeysWith: { first, _ in first })
    }

    /// The shipped table called `name`, read from its text on each call: only the tables a run
    /// asks for are parsed (`--list-rules` needs the platforms and the small tables whose Apple
    /// codes checks declare for the rule loader, not the privacy symbols),
    /// and each caller keeps what it read in a `static let`. Every name a check asks for is
    /// shipped (a test reads them all).
    package static func named(_ name: String) -> DataTable {
        guard let file = EmbeddedDataTables.files.first(where: { $0.name == name + ".yml" }) else {
            preconditionFailure("no data table Rules/data/\(name).yml is compiled in")
        }
        return load(file)
    }

    /// The shipped table `name` read into its type by `reader`, the type's own throwing
    /// initialiser. `bundlecheck-generate` reads every table through its reader before it
    /// compiles the tables in (`ShippedDataTableReaders`), and refuses, naming the file, line and
    /// key, a row the reader cannot use; so a table compiled in reads here.
    package static func read<Table>(_ name: String, _ reader: (DataTable) throws(YAMLLoadError) -> Table) -> Table {
        do {
            return try reader(named(name))
        } catch {
            preconditionFailure("Rules/data/\(name).yml was compiled in without bundlecheck-generate reading it: \(error)")
        }
    }

    private static func load(_ file: (name: String, text: String)) -> DataTable {
        do {
            return try DataTable.load(text: file.text, file: "Rules/data/" + file.name)
        } catch {
            preconditionFailure("Rules/data/\(file.name) was compiled in without bundlecheck-generate reading it: \(error)")
        }
    }
}
