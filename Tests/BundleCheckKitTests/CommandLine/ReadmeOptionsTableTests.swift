import Foundation
import Testing

@testable import BundleCheckCommandLine

/// README.md's options table lists exactly the options of `CommandLineOption.all`, one row
/// each, in the same order, with the same names. The wording is written by hand; the names,
/// whether a value is taken and the choices a value lists are checked here.
@Suite struct ReadmeOptionsTableTests {
    /// The first cell of one row: `` `-f`, `--format text\|json` ``.
    struct Row: Equatable {
        /// The option names, in the order written: `-f`, `--format`.
        var names: [String]
        /// What follows the last name (`FILE`, `text|json`); nil for an option without a value.
        var value: String?
    }

    static let header = "| option | meaning |"

    /// The rows of the `| option | meaning |` table under `## Usage`.
    static func rows(ofReadme readme: String) throws -> [Row] {
        let lines = readme.components(separatedBy: "\n")
        let usage = try #require(lines.firstIndex(of: "## Usage"), "README.md has no '## Usage' section")
        let header = try #require(lines[usage...].firstIndex(of: Self.header), "no '\(Self.header)' table under '## Usage'")
        let body = lines[(header + 2)...].prefix { $0.hasPrefix("|") }
        return try body.map(row(of:))
    }

    /// Reads a row's first cell: code spans holding names, separated by ", ", the last
    /// one possibly followed by its value.
    static func row(of line: String) throws -> Row {
        // Cells are split at `|`; a `\|` inside a cell is a literal bar (`text\|json`).
        let cell = line.dropFirst().replacingOccurrences(of: "\\|", with: "\u{0}")
            .prefix { $0 != "|" }
            .replacingOccurrences(of: "\u{0}", with: "|")
            .trimmingCharacters(in: .whitespaces)
        let parts = cell.components(separatedBy: "`")
        // "", span, ", ", span, "": spans at the odd positions, only ", " between them.
        let separators = parts.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        guard parts.count >= 3, separators.first == "", separators.last == "", separators.dropFirst().dropLast().allSatisfy({ $0 == ", " }) else {
            throw ReadmeTableError(line: line, problem: "the first cell should be code spans separated by ', ', one option per row")
        }
        var row = Row(names: [], value: nil)
        for span in parts.enumerated().filter({ $0.offset % 2 == 1 }).map(\.element) {
            let words = span.split(separator: " ", maxSplits: 1).map(String.init)
            guard let name = words.first, name.hasPrefix("-"), row.value == nil else {
                throw ReadmeTableError(line: line, problem: "'\(span)' is not an option name, or follows a value")
            }
            row.names.append(name)
            row.value = words.count > 1 ? words[1] : nil
        }
        return row
    }

    struct ReadmeTableError: Error, CustomStringConvertible {
        var line: String
        var problem: String
        var description: String { "README.md options table, row \(line): \(problem)" }
    }

    /// How `rows` and `options` disagree, one sentence per difference; empty when they agree.
    static func mismatches(_ rows: [Row], _ options: [CommandLineOption]) -> [String] {
        let readmeNames = rows.map(\.names)
        let tableNames = options.map(\.shownNames)
        guard readmeNames == tableNames else {
            func spelled(_ names: [[String]]) -> String { names.map { $0.joined(separator: ", ") }.joined(separator: "; ") }
            let missing = tableNames.filter { !readmeNames.contains($0) }
            let extra = readmeNames.filter { !tableNames.contains($0) }
            let differences =
                (missing.isEmpty ? [] : ["missing: \(spelled(missing))"])
                + (extra.isEmpty ? [] : ["only in README.md: \(spelled(extra))"])
            let difference = differences.isEmpty ? "the same options in another order" : differences.joined(separator: ", ")
            return ["README.md's options table differs from CommandLineOption.all (\(difference)): it lists \(spelled(readmeNames))"]
        }
        var problems: [String] = []
        for (row, option) in zip(rows, options) {
            switch (row.value, option.placeholder) {
            case (nil, nil):
                break
            case (nil, .some(let placeholder)):
                problems.append("\(option.name) takes \(placeholder), but README.md shows no value")
            case (.some(let value), nil):
                problems.append("\(option.name) takes no value, but README.md shows '\(value)'")
            case (.some(let value), .some):
                // A value written as its choices (`text|json`) must list exactly the option's.
                let listed = value.components(separatedBy: "|")
                if listed.count > 1, listed != option.choices {
                    problems.append("README.md lists '\(value)' for \(option.name), which accepts \(option.choices ?? [])")
                }
            }
        }
        return problems
    }

    static func readme() throws -> String {
        try String(contentsOfFile: RepositoryPaths.file("README.md"), encoding: .utf8)
    }

    @Test func readmeListsEveryOptionOnceInTableOrder() throws {
        let rows = try Self.rows(ofReadme: Self.readme())
        #expect(rows.count == CommandLineOption.all.count)
        #expect(Self.mismatches(rows, CommandLineOption.all) == [])
    }

    @Test func rowsNameTheOptionsAndTheirValue() throws {
        #expect(try Self.row(of: "| `-f`, `--format text\\|json` | report format |") == Row(names: ["-f", "--format"], value: "text|json"))
        #expect(try Self.row(of: "| `--list-rules` | list every rule |") == Row(names: ["--list-rules"], value: nil))
        #expect(throws: ReadmeTableError.self) { try Self.row(of: "| `--version`, `-h`/`--help` | version, help |") }
        #expect(throws: ReadmeTableError.self) { try Self.row(of: "| --now DATE | the date |") }
    }

    @Test func anOptionMissingFromEitherSideIsAMismatch() throws {
        let readme = try Self.readme()
        let nowRow = try #require(readme.components(separatedBy: "\n").first { $0.hasPrefix("| `--now ") })
        let withoutNow = try Self.rows(ofReadme: readme.replacingOccurrences(of: nowRow + "\n", with: ""))
        #expect(Self.mismatches(withoutNow, CommandLineOption.all).count == 1)

        let rows = try Self.rows(ofReadme: readme)
        let tableOnly = CommandLineOption.flag("--verbose", help: ["Say more."]) { _ in }
        #expect(Self.mismatches(rows, CommandLineOption.all + [tableOnly]).count == 1)
        #expect(Self.mismatches(rows, CommandLineOption.all.reversed()).count == 1)
    }

    @Test func anAliasValueOrChoiceThatDriftedIsAMismatch() throws {
        let readme = try Self.readme()
        let drifted = [
            (
                "| `-f`, `--format text\\|json\\|sarif\\|junit\\|gitlab\\|github\\|html\\|cyclonedx\\|spdx\\|markdown` |",
                "| `--format text\\|json\\|sarif\\|junit\\|gitlab\\|github\\|html\\|cyclonedx\\|spdx\\|markdown` |"
            ),
            ("| `--color auto\\|always\\|never` |", "| `--color auto\\|never` |"),
            ("| `--list-rules` |", "| `--list-rules FILE` |"),
            ("| `--explain ID` |", "| `--explain` |"),
        ]
        for (written, drift) in drifted {
            #expect(readme.contains(written), "README.md no longer has \(written)")
            let rows = try Self.rows(ofReadme: readme.replacingOccurrences(of: written, with: drift))
            #expect(Self.mismatches(rows, CommandLineOption.all).count == 1, "\(drift)")
        }
    }
}
