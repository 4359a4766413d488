import BundleCheckFormats
import BundleCheckInspection
import BundleCheckModel
import Foundation

/// One self-contained HTML page for people who open a report from a CI artifact: the verdict
/// at the top, a table of the inputs, then for each input its bundle tree and its findings
/// grouped by bundle, errors first, each with its rule's rationale and fix in a `<details>`.
///
/// The page loads nothing (inline stylesheet, system fonts, no images) and its
/// Content-Security-Policy forbids loading anything or running any script but its own few
/// lines (which open the details for printing). Checkboxes filter by severity with CSS alone;
/// printing shows everything, details open, without the controls. Every string from the
/// package or a rule file is escaped (`HTMLText`). The output depends on the report only, so
/// equal reports give identical bytes.
public struct HTMLReporter: Reporter {
    /// The rules of the run by id, for titles, rationale and fix.
    let rules: [String: RuleDefinition]
    /// What fails the run, for the verdict.
    let failOn: FailureThreshold

    /// Longest activation predicate shown; a hostile one may be megabytes long.
    static let predicateLimit = 2_000

    public init(rules: [RuleDefinition] = RuleCatalogue.shipped.rules, failOn: FailureThreshold = .error) {
        self.rules = Dictionary(rules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.failOn = failOn
    }

    public func render(_ report: Report) -> String {
        let verdict = ReportVerdict(report, failOn: failOn)
        var lines =
            HTMLStylesheet.pageStart(title: "bundlecheck: " + verdict.line) + [
                "<h1>bundlecheck report <span class=\"version\">version \(escaped(report.toolVersion))</span></h1>",
                "<p class=\"verdict \(verdict.isFailure ? "failed" : "passed")\" id=\"verdict\">\(escaped(verdict.line))</p>",
            ]
        lines += inputTable(report)
        lines += filter(report.summary)
        for (index, input) in report.inputs.enumerated() {
            lines += self.input(input, anchor: "input-\(index + 1)")
        }
        lines += ["</main>", "</body>", "</html>"]
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Overview

    private func inputTable(_ report: Report) -> [String] {
        var lines = [
            "<div class=\"table-wrap\">",
            "<table class=\"inputs\">",
            "<thead><tr><th>Input</th><th>Result</th><th class=\"number\">Bundles</th><th class=\"number\">Errors</th>"
                + "<th class=\"number\">Warnings</th><th class=\"number\">Notes</th><th class=\"number\">Suppressed</th></tr></thead>",
            "<tbody>",
        ]
        for (index, input) in report.inputs.enumerated() {
            let link = "<a href=\"#input-\(index + 1)\" class=\"path\">\(escaped(input.path))</a>"
            if input.error != nil {
                lines.append(
                    "<tr><td>\(link)</td><td>could not be checked</td><td class=\"number\"></td><td class=\"number\"></td>"
                        + "<td class=\"number\"></td><td class=\"number\"></td><td class=\"number\"></td></tr>")
                continue
            }
            let alone = Report(toolVersion: report.toolVersion, inputs: [input])
            let counts = alone.summary
            let result = ReportVerdict(alone, failOn: failOn).isFailure ? "failed" : "passed"
            lines.append(
                "<tr><td>\(link)</td><td>\(result)</td><td class=\"number\">\(input.bundles.count)</td>"
                    + "<td class=\"number\(counts.errors > 0 ? " some-error" : "")\">\(counts.errors)</td>"
                    + "<td class=\"number\(counts.warnings > 0 ? " some-warning" : "")\">\(counts.warnings)</td>"
                    + "<td class=\"number\">\(counts.notes)</td><td class=\"number\">\(counts.suppressed)</td></tr>"
            )
        }
        return lines + ["</tbody>", "</table>", "</div>"]
    }

    /// The severity checkboxes; the stylesheet hides what is unticked (suppressed findings start hidden).
    private func filter(_ summary: Report.Summary) -> [String] {
        func box(_ id: String, _ label: String, _ count: Int, checked: Bool) -> String {
            "<label><input type=\"checkbox\" id=\"show-\(id)\"\(checked ? " checked" : "")> \(ReportText.count(count, label))</label>"
        }
        return [
            "<fieldset class=\"filter\">",
            "<legend>Show</legend>",
            box("error", "error", summary.errors, checked: true),
            box("warning", "warning", summary.warnings, checked: true),
            box("note", "note", summary.notes, checked: true),
            box("suppressed", "suppressed finding", summary.suppressed, checked: false),
            "</fieldset>",
        ]
    }

    // MARK: Inputs

    private func input(_ input: InputReport, anchor: String) -> [String] {
        var lines = ["<section class=\"input\" id=\"\(anchor)\">", "<h2>\(escaped(input.path))</h2>"]
        var meta: [String] = []
        if let kind = input.kind { meta.append(kind.rawValue) }
        // An installer package is its own container: "pkg" once, not twice.
        if let container = input.container, container.rawValue != input.kind?.rawValue { meta.append(container.rawValue) }
        if input.error == nil || input.size > 0 { meta.append(ReportText.byteCount(input.size)) }
        if !meta.isEmpty {
            lines.append("<p class=\"input-meta\">\(escaped(meta.joined(separator: ", ")))</p>")
        }
        if let error = input.error {
            lines.append(
                "<div class=\"input-error\"><strong>Could not be checked</strong> <code>\(escaped(error.code))</code>"
                    + "<br>\(escaped(error.description))</div>")
        }
        if let distribution = input.distribution {
            lines.append("<p class=\"muted\">\(escaped(TextReporter.distribution(distribution, of: input)))</p>")
        }

        let bundleAnchors = Dictionary(
            input.bundles.enumerated().map { ($0.element.path, "\(anchor)-bundle-\($0.offset + 1)") },
            uniquingKeysWith: { first, _ in first }
        )
        if !input.bundles.isEmpty {
            lines.append("<h3>Bundles</h3>")
            lines += tree(input, anchors: bundleAnchors)
        }

        if input.error == nil {
            lines.append("<h3>Findings</h3>")
            if input.findings.isEmpty {
                lines.append("<p class=\"clean\">No findings.</p>")
            } else if input.findings.allSatisfy(\.suppressed) {
                lines.append("<p class=\"clean\">No findings but suppressed ones.</p>")
            }
        }
        let ordered =
            TextReporter.severityOrder(input.findings.filter { !$0.suppressed })
            + TextReporter.severityOrder(input.findings.filter(\.suppressed))
        let unattached = ordered.filter { $0.bundle.map { bundleAnchors[$0] == nil } ?? true }
        // A rule's help prints once per input; on screen every finding keeps its own.
        var explained: Set<String> = []
        func cards(_ findings: [Finding]) -> [String] {
            findings.flatMap { finding in
                self.finding(finding, repeatsHelp: !explained.insert(finding.rule).inserted)
            }
        }
        if !unattached.isEmpty {
            lines.append("<div class=\"group\">")
            lines.append("<h4>Outside every bundle</h4>")
            lines += cards(unattached)
            lines.append("</div>")
        }
        let byBundle = Dictionary(grouping: ordered, by: { $0.bundle ?? "" })
        var grouped: Set<String> = []
        for bundle in input.bundles where grouped.insert(bundle.path).inserted {
            guard let findings = byBundle[bundle.path], let id = bundleAnchors[bundle.path] else { continue }
            lines.append("<div class=\"group\" id=\"\(id)\">")
            lines.append("<h4><span class=\"kind\">\(escaped(bundle.kind.rawValue))</span> <span class=\"path\">\(escaped(bundle.path))</span></h4>")
            lines += cards(findings)
            lines.append("</div>")
        }
        lines.append("</section>")
        return lines
    }

    // MARK: Bundles

    /// The bundles nested as they sit in the package: each under its parent, top-level apps
    /// (and any bundle whose parent the report does not list) at the root.
    private func tree(_ input: InputReport, anchors: [String: String]) -> [String] {
        let paths = Set(input.bundles.map(\.path))
        let children = Dictionary(grouping: input.bundles.filter { $0.parent.map(paths.contains) ?? false }, by: { $0.parent ?? "" })
        let roots = input.bundles.filter { !($0.parent.map(paths.contains) ?? false) }
        let counts = Dictionary(grouping: input.findings.filter { !$0.suppressed }, by: { $0.bundle ?? "" })
        var visited: Set<String> = []

        func list(_ bundles: [InspectedBundle], root: Bool) -> [String] {
            var lines = [root ? "<ul class=\"tree\">" : "<ul>"]
            // Parents are paths, so a hand-made report could loop; each bundle is shown once.
            for bundle in bundles where visited.insert(bundle.path).inserted {
                lines.append("<li>")
                lines += node(bundle, findings: counts[bundle.path] ?? [], anchor: anchors[bundle.path])
                if let nested = children[bundle.path], !nested.isEmpty {
                    lines += list(nested, root: false)
                }
                lines.append("</li>")
            }
            return lines + ["</ul>"]
        }
        let tree = list(roots, root: true)
        // Bundles whose parents form a loop (only a hand-made report has one) are not lost.
        let unreached = input.bundles.filter { !visited.contains($0.path) }
        return unreached.isEmpty ? tree : tree + list(unreached, root: true)
    }

    private func node(_ bundle: InspectedBundle, findings: [Finding], anchor: String?) -> [String] {
        var head =
            "<div class=\"bundle-head\"><span class=\"kind\">\(escaped(bundle.kind.rawValue))</span> "
            + "<span class=\"bundle-name\">\(escaped(bundle.name))</span>"
        if findings.isEmpty {
            head += " <span class=\"muted\">no findings</span>"
        } else if let anchor {
            let bySeverity = Severity.allCases.compactMap { severity -> String? in
                let count = findings.filter { $0.severity == severity }.count
                return count > 0 ? ReportText.count(count, severity.rawValue) : nil
            }
            let worst = findings.map(\.severity).min() ?? .note
            head += " <a class=\"counts \(worst.rawValue)\" href=\"#\(anchor)\">\(escaped(bySeverity.joined(separator: ", ")))</a>"
        }
        var lines = [head + "</div>", "<div class=\"path muted\">\(escaped(bundle.path))</div>"]
        lines.append("<dl class=\"facts\">")
        for (term, value) in Self.facts(of: bundle) {
            lines.append("<dt>\(term)</dt><dd>\(value)</dd>")
        }
        lines.append("</dl>")
        return lines
    }

    /// What the tree says of a bundle, as (term, escaped HTML) pairs, with whichever parts it has.
    static func facts(of bundle: InspectedBundle) -> [(String, String)] {
        guard bundle.infoPlist != nil else {
            return [("Info.plist", "<span class=\"muted\">not readable</span>")]
        }
        var facts: [(String, String)] = []
        if let name = bundle.infoString("CFBundleDisplayName") ?? bundle.infoString("CFBundleName") {
            facts.append(("Name", escaped(name)))
        }
        // The platform table's name for it (never the package's text), escaped all the same.
        facts.append(("Platform", escaped(bundle.platform.description)))
        facts.append(("Identifier", bundle.bundleIdentifier.map { "<code>\(escaped($0))</code>" } ?? "<span class=\"muted\">none</span>"))
        if bundle.shortVersion != nil || bundle.version != nil {
            facts.append(("Version", escaped("\(bundle.shortVersion ?? "?") (\(bundle.version ?? "?"))")))
        } else {
            facts.append(("Version", "<span class=\"muted\">none</span>"))
        }
        if let extensionPoint = bundle.extensionPoint {
            facts.append(("Extension point", "<code>\(escaped(extensionPoint))</code>"))
        }
        if let toolchain = bundle.toolchain {
            let parts = TextReporter.toolchain(toolchain)
            if !parts.isEmpty { facts.append(("Built with", escaped(parts.joined(separator: ", ")))) }
        }
        if let signing = bundle.signing, let summary = TextReporter.signing(signing) {
            facts.append(("Signing", escaped(summary)))
        }
        if let accepts = bundle.accepts {
            let accepted = TextReporter.accepted(accepts)
            facts.append(("Accepts", escaped(String(accepted.dropFirst("accepts ".count)))))
        }
        if bundle.activationRule != nil, let predicate = bundle.activationRuleValue?.stringValue {
            let shown = predicate.count > predicateLimit ? String(predicate.prefix(predicateLimit)) + "…" : predicate
            // Line by line, so the predicate keeps the layout its author gave it.
            facts.append(("Activation rule", "<pre class=\"predicate\">" + HTMLText.lines(shown, skippingEmpty: true).joined(separator: "\n") + "</pre>"))
        }
        if let manifest = bundle.privacyManifest {
            let summary = TextReporter.privacy(manifest)
            facts.append(("Privacy manifest", escaped(String(summary.dropFirst("privacy manifest: ".count)))))
        }
        if let catalog = bundle.assetCatalog {
            facts.append(("Asset catalog", Self.assetCatalog(catalog)))
        }
        if let sizes = bundle.sizes {
            facts.append(("Size", escaped(TextReporter.sizes(sizes, executable: bundle.signing?.executable))))
            if let breakdown = HTMLSizeBreakdown.html(sizes, root: bundle.layout.root) {
                facts.append(("Largest", breakdown))
            }
        }
        return facts
    }

    /// The catalog's line of the text report, and the App Store icon as a picture when its
    /// pixels decoded (or, for a platform with none of its own, the icon set's largest image): a
    /// PNG in a `data:` URL (the page's policy allows images from `data:` only), so the page
    /// stays one file and loads nothing.
    /// The set's dark and tinted images follow the any one, each labelled with its appearance.
    static func assetCatalog(_ catalog: AssetCatalogSummary) -> String {
        let summary = HTMLText.escaped(TextReporter.assetCatalog(catalog))
        var any: String?
        if let icon = catalog.appStoreIcon, let png = icon.preview {
            let label = "App Store icon \(icon.iconSet), \(icon.pixelWidth)×\(icon.pixelHeight)" + (icon.layered ? ", flattened" : "")
            any = picture(png, width: icon.pixelWidth, height: icon.pixelHeight, label: label)
        } else if let icon = catalog.iconPreview {
            any = picture(icon.png, width: icon.pixelWidth, height: icon.pixelHeight, label: "Icon \(icon.iconSet), \(icon.pixelWidth)×\(icon.pixelHeight)")
        }
        guard !catalog.appearancePreviews.isEmpty else { return any.map { summary + "<br>" + $0 } ?? summary }
        // With variants, each picture is captioned with its appearance.
        func figure(_ picture: String, _ appearance: String) -> String {
            "<figure class=\"icon-variant\">\(picture)<figcaption>\(HTMLText.escaped(appearance))</figcaption></figure>"
        }
        var figures = any.map { [figure($0, "any")] } ?? []
        for icon in catalog.appearancePreviews {
            let label = "Icon \(icon.iconSet), \(icon.appearance), \(icon.pixelWidth)×\(icon.pixelHeight)"
            figures.append(figure(picture(icon.png, width: icon.pixelWidth, height: icon.pixelHeight, label: label), icon.appearance))
        }
        return summary + "<br>" + figures.joined()
    }

    /// An icon 128 pixels along its longer side, in its proportions (tvOS's is 1280×768); a
    /// wide one with small corners, not iOS's rounded square.
    static func picture(_ png: [UInt8], width pixelWidth: Int, height pixelHeight: Int, label: String) -> String {
        let longer = max(pixelWidth, pixelHeight, 1)
        let width = max(1, 128 * pixelWidth / longer), height = max(1, 128 * pixelHeight / longer)
        let shape = pixelWidth == pixelHeight ? "app-icon" : "app-icon wide"
        return "<img class=\"\(shape)\" width=\"\(width)\" height=\"\(height)\" alt=\"\(HTMLText.escaped(label))\" title=\"\(HTMLText.escaped(label))\" "
            + "src=\"data:image/png;base64,\(Data(png).base64EncodedString())\">"
    }

    // MARK: Findings

    /// `repeatsHelp`: an earlier finding of the input showed the same rule's help, so printing leaves this one out.
    private func finding(_ finding: Finding, repeatsHelp: Bool) -> [String] {
        let severity = finding.severity.rawValue
        let rule = rules[finding.rule]
        var head =
            "<div class=\"finding-head\"><span class=\"severity \(severity)\">\(severity)</span> "
            + "<code class=\"rule-id\">\(escaped(finding.rule))</code>"
        if let title = rule?.title {
            head += " <span class=\"rule-title\">\(escaped(title))</span>"
        }
        switch finding.suppression?.kind {
        case .baseline?:
            head += " <span class=\"suppressed-label\">suppressed by the baseline</span>"
        case .configuration?:
            // The ignore entry's reason is what a reviewer needs to judge the suppression.
            head += " <span class=\"suppressed-label\">ignored by the configuration: \(escaped(finding.suppression?.reason ?? ""))</span>"
        case nil:
            break
        }
        var lines = [
            "<article class=\"finding \(severity)\(finding.suppressed ? " suppressed" : "")\">",
            head + "</div>",
            "<p class=\"message\">\(escaped(finding.message))</p>",
        ]
        var location: [(String, String)] = []
        if let file = finding.file {
            location.append(("File", "<code>\(escaped(file + (finding.line.map { ":\($0)" } ?? "")))</code>"))
        } else if let line = finding.line {
            location.append(("Line", "\(line)"))
        }
        if let keyPath = finding.keyPath {
            location.append(("Key path", "<code>\(escaped(keyPath.displayed))</code>" + (finding.column.map { " column \($0)" } ?? "")))
        }
        if !finding.appleCodes.isEmpty {
            location.append(("Apple", finding.appleCodes.map { "<span class=\"apple\">\(escaped($0))</span>" }.joined(separator: " ")))
        }
        if !location.isEmpty {
            lines.append("<dl class=\"facts\">")
            lines += location.map { "<dt>\($0.0)</dt><dd>\($0.1)</dd>" }
            lines.append("</dl>")
        }
        if let excerpt = finding.excerpt {
            lines.append("<pre class=\"excerpt\">" + HTMLText.lines(excerpt, skippingEmpty: false).joined(separator: "\n") + "</pre>")
        }
        if let rule {
            lines += help(rule, repeated: repeatsHelp)
        }
        lines.append("</article>")
        return lines
    }

    /// The rule's rationale and fix, folded.
    private func help(_ rule: RuleDefinition, repeated: Bool) -> [String] {
        var lines = [repeated ? "<details class=\"help repeated\">" : "<details class=\"help\">", "<summary>Why it matters and how to fix it</summary>"]
        for (heading, text) in [("Why", rule.rationale), ("Fix", rule.fix)] {
            let paragraphs = HTMLText.lines(text, skippingEmpty: true)
            guard !paragraphs.isEmpty else { continue }
            lines.append("<h5>\(heading)</h5>")
            lines += paragraphs.map { "<p>\($0)</p>" }
        }
        lines.append("</details>")
        return lines
    }
}

/// Shorthand for the page's many escapes of package text.
private func escaped(_ text: String) -> String {
    HTMLText.escaped(text)
}
