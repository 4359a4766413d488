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
            "**OLD** `\(MarkdownText.code(diff.old.path))` (\(MarkdownText.escape(ChangeWording.source(diff.old)))) → **NEW** `\(MarkdownText.code(diff.new.path))` (\(MarkdownText.escape(ChangeWording.source(diff.new))))  "
        )
        add(MarkdownText.escape(ChangeWording.oldBuild(diff.oldBuild)) + ".")
        add()
        if diff.isSameBuild {
            add(MarkdownText.escape(ChangeWording.sameBuild(diff)))
            add()
        }
        if !diff.verdicts.isEmpty {
            add("### Verdicts")
            add()
            add("| Severity | Rule | Apple | Finding |")
            add("|---|---|---|---|")
            for finding in diff.verdicts {
                add(
                    "| \(finding.severity.rawValue)\(MarkdownText.cell(ChangeWording.suppression(finding))) | `\(MarkdownText.codeCell(finding.rule))` | \(MarkdownText.cell(finding.appleCodes.joined(separator: ", "))) | \(MarkdownText.cell(finding.message)) |"
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
                    "| \(ChangeWording.printedSign(bundle.status)) | `\(MarkdownText.codeCell(bundle.pair.path))` | \(Self.bytes(bundle.size?.old)) | \(Self.bytes(bundle.size?.new)) | \(bundle.size?.growth.map(ChangeWording.signed) ?? "") |"
                )
            }
            add()
            if let grown = diff.packageSize?.grownFiles, !grown.isEmpty {
                details("Files that grew", grown.map { "- " + MarkdownText.escape(ChangeWording.grownFile($0)) }, into: &lines)
            }
        }
        for bundle in diff.bundles where bundle.status == .changed {
            add("### `\(MarkdownText.code(bundle.pair.path))`")
            add()
            let items = ChangeWording.grouped(bundle.changes).flatMap(\.changes).map { change, facet in
                "- \(Self.sign(change.kind)) **\(MarkdownText.escape(facet.title))**: \(MarkdownText.escape(ChangeWording.body(change, shape: facet.shape)))"
            }
            details("Changes", items, into: &lines)
        }
        let unrecorded = diff.bundles.flatMap(\.notRecorded)
        if !unrecorded.isEmpty {
            let facets = Set(unrecorded.map { "\($0.facet) (\($0.side.label))" }).sorted()
            add("Not recorded by a side's report (an older bundlecheck wrote it): " + MarkdownText.escape(facets.joined(separator: ", ")))
            add()
        }
        add("### Findings: " + ChangeWording.findingCounts(diff.findings))
        add()
        func finding(_ finding: FindingRecord) -> String { "\(MarkdownText.escape(finding.severity)) `\(MarkdownText.code(finding.rule))`" }
        let findingLines =
            diff.findings.new.map { "- ➕ \(finding($0)): \(MarkdownText.escape($0.message))" }
            + diff.findings.fixed.map { "- ✔️ fixed: \(finding($0)): \(MarkdownText.escape($0.message))" }
            + diff.findings.oneSided.map { "- ❔ \(finding($0.finding)) (checked on \($0.side.label) only): \(MarkdownText.escape($0.finding.message))" }
        if !findingLines.isEmpty { details("New and fixed findings", findingLines, into: &lines) }
        if verdict.fails {
            add("**" + MarkdownText.escape(ChangeWording.outcome(diff, verdict: verdict, failOn: failOn)) + "**.")
            add()
        }
        return lines.joined(separator: "\n")
    }

    /// A list, folded into `<details>` when it is long.
    private func details(_ summary: String, _ items: [String], into lines: inout [String]) {
        guard !items.isEmpty else { return }
        if items.count > Self.collapseAfter {
            lines += ["<details><summary>\(MarkdownText.escape(summary)) (\(items.count))</summary>", ""] + items + ["", "</details>", ""]
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
}
