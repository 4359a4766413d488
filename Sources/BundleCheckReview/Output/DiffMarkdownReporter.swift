import BundleCheckModel
import BundleCheckReports

/// The review as GitHub-flavoured Markdown, for a pull-request comment or
/// `$GITHUB_STEP_SUMMARY`: the verdicts, a table of bundles and sizes, each bundle's changes
/// (collapsed when long), the findings. What comes from a package is escaped for Markdown.
public struct DiffMarkdownReporter: Sendable {
    /// Lists longer than this are folded into `<details>`.
    static let collapseAfter = 8

    public init() {}

    public func render(_ diff: ReleaseDiff, failOn: FailureThreshold) -> String {
        var lines: [String] = []
        func add(_ line: String = "") { lines.append(line) }
        let verdict = ReviewVerdict(diff, failOn: failOn)
        let result = verdict.fails ? "❌ fails" : diff.hasChanges ? "✅ passes" : "✅ no changes"
        add("## Release review: \(result)")
        add()
        add(
            "**OLD** `\(Self.code(diff.old.path))` (\(Self.escape(ChangeWording.source(diff.old)))) → **NEW** `\(Self.code(diff.new.path))` (\(Self.escape(ChangeWording.source(diff.new))))  "
        )
        add(Self.escape(ChangeWording.oldBuild(diff.oldBuild)) + ".")
        add()
        if diff.isSameBuild {
            add(Self.escape(ChangeWording.sameBuild(diff)))
            add()
        }
        if !diff.verdicts.isEmpty {
            add("### Verdicts")
            add()
            add("| Severity | Rule | Apple | Finding |")
            add("|---|---|---|---|")
            for finding in diff.verdicts {
                add(
                    "| \(finding.severity.rawValue)\(Self.cell(ChangeWording.suppression(finding))) | `\(Self.codeCell(finding.rule))` | \(Self.cell(finding.appleCodes.joined(separator: ", "))) | \(Self.cell(finding.message)) |"
                )
            }
            add()
        }
        let sized = diff.sizeRows
        if (diff.packageSize?.growth ?? 0) != 0 || !sized.isEmpty {
            add("### Bundles and sizes")
            add()
            add("| | Bundle | OLD | NEW | Change |")
            add("|---|---|---:|---:|---:|")
            if let size = diff.packageSize {
                add(
                    "| | **package** (top-level bundles) | \(Self.bytes(size.old)) | \(Self.bytes(size.new)) | \(size.growth.map(ChangeWording.signed) ?? "") |"
                )
            }
            for bundle in sized {
                add(
                    "| \(ChangeWording.printedSign(bundle.status)) | `\(Self.codeCell(bundle.pair.path))` | \(Self.bytes(bundle.size?.old)) | \(Self.bytes(bundle.size?.new)) | \(bundle.size?.growth.map(ChangeWording.signed) ?? "") |"
                )
            }
            add()
            if let grown = diff.packageSize?.grownFiles, !grown.isEmpty {
                details("Files that grew", grown.map { "- " + Self.escape(ChangeWording.grownFile($0)) }, into: &lines)
            }
        }
        for bundle in diff.bundles where bundle.status == .changed {
            add("### `\(Self.code(bundle.pair.path))`")
            add()
            let items = ChangeWording.grouped(bundle.changes).flatMap(\.changes).map { change, facet in
                "- \(Self.sign(change.kind)) **\(Self.escape(facet.title))**: \(Self.escape(ChangeWording.body(change, shape: facet.shape)))"
            }
            details("Changes", items, into: &lines)
        }
        let unrecorded = diff.bundles.flatMap(\.notRecorded)
        if !unrecorded.isEmpty {
            let facets = Set(unrecorded.map { "\($0.facet) (\($0.side.label))" }).sorted()
            add("Not recorded by a side's report (an older bundlecheck wrote it): " + Self.escape(facets.joined(separator: ", ")))
            add()
        }
        add("### Findings: " + ChangeWording.findingCounts(diff.findings))
        add()
        func finding(_ finding: FindingRecord) -> String { "\(Self.escape(finding.severity)) `\(Self.code(finding.rule))`" }
        let findingLines =
            diff.findings.new.map { "- ➕ \(finding($0)): \(Self.escape($0.message))" }
            + diff.findings.fixed.map { "- ✔️ fixed: \(finding($0)): \(Self.escape($0.message))" }
            + diff.findings.oneSided.map { "- ❔ \(finding($0.finding)) (checked on \($0.side.label) only): \(Self.escape($0.finding.message))" }
        if !findingLines.isEmpty { details("New and fixed findings", findingLines, into: &lines) }
        if verdict.fails {
            add("**" + Self.escape(ChangeWording.outcome(diff, verdict: verdict, failOn: failOn)) + "**.")
            add()
        }
        return lines.joined(separator: "\n")
    }

    /// A list, folded into `<details>` when it is long.
    private func details(_ summary: String, _ items: [String], into lines: inout [String]) {
        guard !items.isEmpty else { return }
        if items.count > Self.collapseAfter {
            lines += ["<details><summary>\(Self.escape(summary)) (\(items.count))</summary>", ""] + items + ["", "</details>", ""]
        } else {
            lines += items + [""]
        }
    }

    /// A change's sign at the start of a list item: `+` escaped, since `- + text` would be a
    /// list nested in the item; `−` (the minus sign) for a removal, which no list starts with.
    static func sign(_ kind: FacetChange.Kind) -> String {
        kind == .added ? "\\+" : ChangeWording.printedSign(kind)
    }

    private static func bytes(_ value: Int64?) -> String {
        ChangeWording.bytes(value, missing: "—")
    }

    /// Text inside backticks: a backtick would end the span, a newline the line.
    static func code(_ text: String) -> String {
        ReportText.printable(text).replacingOccurrences(of: "`", with: "'")
    }

    /// Code in a table cell: GitHub ends the cell at a `|` even inside backticks.
    static func codeCell(_ text: String) -> String {
        code(text).replacingOccurrences(of: "|", with: "\\|")
    }

    /// A table cell: as `escape`, and `|` would end the cell.
    static func cell(_ text: String) -> String {
        escape(text).replacingOccurrences(of: "|", with: "\\|")
    }

    /// Text a package wrote, shown as text: Markdown's punctuation and HTML escaped, control
    /// characters made visible, so a bundle name cannot turn into a link, an image or markup.
    static func escape(_ text: String) -> String {
        var result = ""
        for character in ReportText.printable(text) {
            switch character {
            case "\\", "`", "*", "_", "[", "]", "<", ">", "#", "!", "|", "~", "(", ")":
                result.append("\\")
                result.append(character)
            case "&":
                result.append("&amp;")
            default:
                result.append(character)
            }
        }
        // At the start of a list item or line, `+ `, `- ` and `1. ` would start a list of their
        // own: a marker followed by a space or nothing. (`)` is escaped above.)
        func endsMarker(_ index: String.Index) -> Bool {
            let next = result.index(after: index)
            return next == result.endIndex || result[next] == " "
        }
        if let first = result.indices.first, "+-".contains(result[first]), endsMarker(first) {
            result.insert("\\", at: first)
        } else if let marker = result.firstIndex(where: { !$0.isASCII || !$0.isNumber }), marker != result.startIndex, result[marker] == ".", endsMarker(marker)
        {
            result.insert("\\", at: marker)
        }
        return result
    }
}
