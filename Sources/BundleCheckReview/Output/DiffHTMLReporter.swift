import BundleCheckFormats
import BundleCheckModel
import BundleCheckReports

/// The review as one self-contained HTML page, for a reviewer who opens it from a CI artifact:
/// the outcome, the two sides, the verdicts, a table of bundles and sizes, each changed
/// bundle's changes by group (added green, removed red, changed amber, each with its sign, so
/// colour is never the only cue), the files that grew, then the findings new, fixed and
/// one-sided. It shares the check's HTML report's stylesheet and Content-Security-Policy:
/// nothing is loaded, no script runs but the one that opens `<details>` for printing. Every
/// string from a side is escaped (`HTMLText`); equal reviews give identical bytes.
public struct DiffHTMLReporter: Sendable {
    /// Lists longer than this are folded into `<details>`, as in the Markdown review.
    static let collapseAfter = DiffMarkdownReporter.collapseAfter

    public init() {}

    public func render(_ diff: ReleaseDiff, failOn: FailureThreshold) -> String {
        let verdict = ReviewVerdict(diff, failOn: failOn)
        let outcome = ChangeWording.outcome(diff, verdict: verdict, failOn: failOn)
        var lines =
            HTMLStylesheet.pageStart(title: "bundlecheck diff: " + outcome, extraCSS: Self.css) + [
                "<h1>Release review <span class=\"version\">bundlecheck \(escaped(BundleCheckVersion.current))</span></h1>",
                "<p class=\"verdict \(verdict.fails ? "failed" : "passed")\" id=\"verdict\">\(escaped(outcome))</p>",
            ]
        lines += sides(diff)
        lines += verdicts(diff.verdicts)
        lines += sizes(diff)
        for bundle in diff.bundles where bundle.status == .changed || !bundle.notRecorded.isEmpty {
            lines += changes(of: bundle)
        }
        lines += findings(diff.findings)
        lines += ["</main>", "</body>", "</html>"]
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Sections

    private func sides(_ diff: ReleaseDiff) -> [String] {
        var lines = ["<dl class=\"facts sides\">"]
        for (label, record) in [("OLD", diff.old), ("NEW", diff.new)] {
            lines.append(
                "<dt>\(label)</dt><dd><span class=\"path\">\(escaped(record.path))</span> <span class=\"muted\">(\(escaped(ChangeWording.source(record))))</span></dd>"
            )
        }
        lines.append("</dl>")
        lines.append("<p class=\"muted\">\(escaped(ChangeWording.oldBuild(diff.oldBuild))).</p>")
        if diff.isSameBuild {
            lines.append("<p class=\"same-build\">\(escaped(ChangeWording.sameBuild(diff)))</p>")
        }
        return lines
    }

    private func verdicts(_ verdicts: [Finding]) -> [String] {
        guard !verdicts.isEmpty else { return [] }
        var lines = ["<h3>Verdicts</h3>"]
        for finding in verdicts {
            let severity = finding.severity.rawValue
            var head =
                "<div class=\"finding-head\"><span class=\"severity \(severity)\">\(severity)</span> <code class=\"rule-id\">\(escaped(finding.rule))</code>"
            for code in finding.appleCodes { head += " <span class=\"apple\">\(escaped(code))</span>" }
            if finding.suppressed { head += " <span class=\"suppressed-label\">suppressed</span>" }
            lines.append("<div class=\"finding \(severity)\(finding.suppressed ? " suppressed" : "")\">" + head + "</div>")
            lines.append("<p class=\"message\">\(escaped(finding.message))</p>")
            if let suppression = finding.suppression {
                lines.append("<p class=\"muted\">Suppressed: \(escaped(suppression.reason))</p>")
            }
            lines.append("</div>")
        }
        return lines
    }

    private func sizes(_ diff: ReleaseDiff) -> [String] {
        let rows = diff.sizeRows
        guard (diff.packageSize?.growth ?? 0) != 0 || !rows.isEmpty else { return [] }
        var lines = [
            "<h3>Bundles and sizes</h3>",
            "<div class=\"table-wrap\">",
            "<table class=\"inputs review-sizes\">",
            "<thead><tr><th></th><th>Bundle</th><th class=\"number\">OLD</th><th class=\"number\">NEW</th><th class=\"number\">Change</th></tr></thead>",
            "<tbody>",
        ]
        if let size = diff.packageSize {
            lines.append(
                "<tr class=\"package\"><td></td><td><strong>package</strong> <span class=\"muted\">(top-level bundles, uncompressed)</span></td>" + cells(size)
                    + "</tr>")
        }
        for bundle in rows {
            let record = bundle.pair.new ?? bundle.pair.old
            let details = record.map(ChangeWording.bundleDetails) ?? ""
            let label =
                "<span class=\"path\">\(escaped(bundle.pair.path))</span>" + (details.isEmpty ? "" : " <span class=\"muted\">\(escaped(details))</span>")
            lines.append(
                "<tr class=\"\(bundle.status.rawValue)\"><td class=\"sign\">\(ChangeWording.printedSign(bundle.status))</td><td>\(label)</td>"
                    + cells(bundle.size) + "</tr>")
        }
        lines += ["</tbody>", "</table>", "</div>"]
        if let grown = diff.packageSize?.grownFiles, !grown.isEmpty {
            lines += list("Files that grew", grown.map { "<li class=\"worse\"><span class=\"sign\">+</span>\(escaped(ChangeWording.grownFile($0)))</li>" })
        }
        return lines
    }

    private func changes(of bundle: BundleDiff) -> [String] {
        guard let record = bundle.pair.new ?? bundle.pair.old else { return [] }
        var heading = "<span class=\"path\">\(escaped(record.path))</span>"
        if let movedFrom = bundle.pair.movedFrom {
            heading += " <span class=\"muted\">(was \(escaped(movedFrom)))</span>"
        }
        var lines = ["<section class=\"bundle-changes\">", "<h4>\(heading)</h4>"]
        for (group, changes) in ChangeWording.grouped(bundle.changes) {
            let items = changes.map { change, facet in
                let label = ChangeWording.label(facet).map { "<span class=\"facet\">\(escaped($0))</span> " } ?? ""
                return
                    "<li class=\"\(change.kind.rawValue)\"><span class=\"sign\">\(ChangeWording.printedSign(change.kind))</span>\(label)\(escaped(ChangeWording.body(change, shape: facet.shape)))</li>"
            }
            lines.append("<h5>\(escaped(group.title))</h5>")
            lines += list(nil, items)
        }
        for (side, facets) in ChangeWording.notRecorded(bundle) {
            lines.append("<p class=\"muted\">Not recorded by \(side.label)'s report (an older bundlecheck wrote it): \(escaped(facets))</p>")
        }
        return lines + ["</section>"]
    }

    private func findings(_ findings: FindingsDiff) -> [String] {
        var lines = ["<h3>Findings: \(escaped(ChangeWording.findingCounts(findings)))</h3>"]
        func item(_ finding: FindingRecord, _ kind: String, _ sign: String, note: String = "") -> String {
            let severity = Severity(rawValue: finding.severity)?.rawValue ?? "note"
            return "<li class=\"\(kind)\"><span class=\"sign\">\(sign)</span><span class=\"severity \(severity)\">\(escaped(finding.severity))</span> "
                + "<code class=\"rule-id\">\(escaped(finding.rule))</code>\(note) \(escaped(finding.message))</li>"
        }
        // A new finding is worse news and a fixed one better, whatever their sign.
        lines += list("New", findings.new.map { item($0, "worse", "+") })
        lines += list("Fixed", findings.fixed.map { item($0, "better", "✓") })
        lines += list(
            "Checked on one side only",
            findings.oneSided.map { entry in
                item(entry.finding, "unknown", "?", note: " <span class=\"muted\">(checked on \(entry.side.label) only)</span>")
            })
        for side in ReviewSide.allCases {
            let rules = findings.rulesOnlyOn[side] ?? []
            if !rules.isEmpty {
                lines.append(
                    "<p class=\"muted\">\(escaped(ReportText.count(rules.count, "rule"))) checked on \(side.label) only: \(escaped(rules.joined(separator: ", ")))</p>"
                )
            }
        }
        return lines
    }

    // MARK: Pieces

    /// A list of changes under an optional caption, folded into `<details>` when it is long.
    private func list(_ caption: String?, _ items: [String]) -> [String] {
        guard !items.isEmpty else { return [] }
        let title = caption.map { "\(escaped($0)) (\(items.count))" } ?? "\(items.count) changes"
        if items.count > Self.collapseAfter {
            return ["<details class=\"changes\"><summary>\(title)</summary>", "<ul class=\"changes\">"] + items + ["</ul>", "</details>"]
        }
        let heading = caption == nil ? [] : ["<h5>\(title)</h5>"]
        return heading + ["<ul class=\"changes\">"] + items + ["</ul>"]
    }

    private func cells(_ size: SizeDiff?) -> String {
        let growth = size?.growth
        let trend = growth.map { $0 > 0 ? " grew" : $0 < 0 ? " shrank" : "" } ?? ""
        return
            "<td class=\"number\">\(ChangeWording.bytes(size?.old, missing: "—"))</td><td class=\"number\">\(ChangeWording.bytes(size?.new, missing: "—"))</td>"
            + "<td class=\"number\(trend)\">\(growth.map(ChangeWording.signed) ?? "")</td>"
    }

    private func escaped(_ text: String) -> String { HTMLText.escaped(text) }

    /// What the review adds to the check report's stylesheet: changes as a reviewer reads a
    /// diff, with their sign always shown beside the colour.
    static let css = """
        dl.sides { grid-template-columns: 3rem 1fr; font-size: 1rem; }
        dl.sides dt { font-weight: 700; color: var(--fg); }
        .same-build { border: 1px solid var(--note-line); background: var(--note-bg); color: var(--note); border-radius: 6px; padding: .5rem .8rem; }
        section.bundle-changes { border-top: 1px solid var(--line); margin-top: 1.25rem; }
        ul.changes { list-style: none; margin: .2rem 0 .6rem; padding: 0; font-size: .9rem; }
        ul.changes li { padding: .15rem .6rem; border-left: 4px solid var(--line); margin: 1px 0; overflow-wrap: anywhere; }
        ul.changes li.added { background: var(--pass-bg); border-left-color: var(--pass); }
        ul.changes li.removed { background: var(--error-bg); border-left-color: var(--error); }
        ul.changes li.changed { background: var(--warning-bg); border-left-color: var(--warning); }
        ul.changes li.worse { background: var(--error-bg); border-left-color: var(--error); }
        ul.changes li.better { background: var(--pass-bg); border-left-color: var(--pass); }
        ul.changes li.unknown { background: var(--panel); border-left-color: var(--muted); }
        ul.changes .sign, td.sign { display: inline-block; width: 1.3em; font-weight: 700; font-family: var(--mono); }
        ul.changes .facet { font-weight: 600; margin-right: .3rem; }
        ul.changes .severity { margin-right: .2rem; }
        details.changes > summary { cursor: pointer; color: var(--muted); margin: .4rem 0; }
        table.review-sizes tr.added td.sign { color: var(--pass); }
        table.review-sizes tr.removed td.sign { color: var(--error); }
        table.review-sizes td.grew { color: var(--error); }
        table.review-sizes td.shrank { color: var(--pass); }
        """
}
