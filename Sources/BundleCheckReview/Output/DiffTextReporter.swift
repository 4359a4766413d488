import BundleCheckModel
import BundleCheckReports

/// The review for a person at a terminal: the verdicts first, then each bundle's changes grouped
/// as `InventoryFacet.Group`s, with `+` and `-` as a reviewer reads a diff, then the findings.
/// Everything that comes from a package is escaped (`ReportText.printable`).
public struct DiffTextReporter: Sendable {
    let style: TerminalStyle

    public init(color: Bool = false) {
        style = TerminalStyle(isEnabled: color)
    }

    public func render(_ diff: ReleaseDiff, failOn: FailureThreshold) -> String {
        var lines: [String] = []
        func add(_ line: String = "") { lines.append(line) }
        let text = ReportText.printable
        add(style.bold("bundlecheck diff"))
        add("  OLD  \(text(diff.old.path)) (\(ChangeWording.source(diff.old)))")
        add("  NEW  \(text(diff.new.path)) (\(ChangeWording.source(diff.new)))")
        add("  " + ChangeWording.oldBuild(diff.oldBuild))
        add()

        if !diff.verdicts.isEmpty {
            add(style.bold("Verdicts"))
            for finding in diff.verdicts {
                let codes = finding.appleCodes.isEmpty ? "" : " [" + finding.appleCodes.joined(separator: ", ") + "]"
                add("  " + style.severity(finding.severity, finding.severity.rawValue) + "  \(finding.rule)\(codes)" + text(ChangeWording.suppression(finding)))
                add("    " + text(finding.message))
            }
            add()
        }

        if diff.isSameBuild {
            add(ChangeWording.sameBuild(diff))
            add()
        }
        if !diff.added.isEmpty || !diff.removed.isEmpty {
            add(style.bold("Bundles"))
            for bundle in diff.added { add("  " + style.green("+ " + text(ChangeWording.bundle(bundle.pair.new!)))) }
            for bundle in diff.removed { add("  " + style.red("- " + text(ChangeWording.bundle(bundle.pair.old!)))) }
            add()
        }

        for bundle in diff.bundles where bundle.status == .changed || !bundle.notRecorded.isEmpty || (bundle.size?.growth ?? 0) != 0 {
            guard let record = bundle.pair.new ?? bundle.pair.old else { continue }
            var heading = text(record.path)
            if let movedFrom = bundle.pair.movedFrom { heading += " (was \(text(movedFrom)))" }
            add(style.bold(heading))
            for (group, changes) in ChangeWording.grouped(bundle.changes) {
                add("  " + group.title)
                for (change, facet) in changes {
                    let label = ChangeWording.label(facet).map { "\($0): " } ?? ""
                    let line = "    \(ChangeWording.sign(change.kind)) \(label)" + text(ChangeWording.body(change, shape: facet.shape))
                    add(change.kind == .added ? style.green(line) : change.kind == .removed ? style.red(line) : line)
                }
            }
            if let size = bundle.size, (size.growth ?? 0) != 0 {
                add("  Size: " + ChangeWording.size(size))
            }
            for (side, facets) in ChangeWording.notRecorded(bundle) {
                add("  Not recorded by \(side.label)'s report: " + facets)
            }
            add()
        }

        if let size = diff.packageSize, (size.growth ?? 0) != 0 || size.old == nil || size.new == nil {
            add(style.bold("Size") + " (uncompressed, top-level bundles): " + ChangeWording.size(size))
            for file in size.grownFiles.prefix(10) { add("  " + text(ChangeWording.grownFile(file))) }
            add()
        }

        add(style.bold("Findings") + ": " + ChangeWording.findingCounts(diff.findings))
        // A report side's severities and rule ids are its own text: escaped like its messages.
        for finding in diff.findings.new {
            add(
                "  " + style.green("+ ") + style.severity(Severity(rawValue: finding.severity) ?? .note, text(finding.severity)) + "  \(text(finding.rule)): "
                    + text(finding.message))
        }
        for finding in diff.findings.fixed { add("  " + style.red("- ") + text(finding.severity) + "  \(text(finding.rule)): " + text(finding.message)) }
        for (finding, side) in diff.findings.oneSided {
            add("  ? \(text(finding.severity))  \(text(finding.rule)) (checked on \(side.label) only): " + text(finding.message))
        }
        for side in ReviewSide.allCases {
            let rules = diff.findings.rulesOnlyOn[side] ?? []
            if !rules.isEmpty { add("  " + ReportText.count(rules.count, "rule") + " checked on \(side.label) only: " + text(rules.joined(separator: ", "))) }
        }
        add()

        let verdict = ReviewVerdict(diff, failOn: failOn)
        let outcome = ChangeWording.outcome(diff, verdict: verdict, failOn: failOn)
        add(verdict.fails ? style.red(style.bold(outcome)) : style.bold(outcome))
        return lines.joined(separator: "\n") + "\n"
    }
}
