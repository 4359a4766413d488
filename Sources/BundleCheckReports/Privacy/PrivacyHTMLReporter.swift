import BundleCheckFormats
import BundleCheckModel

/// `bundlecheck privacy` as one self-contained HTML page, to read in a browser or keep with a
/// release: the sections of `PrivacyTextReporter` as tables, every declaration beside its
/// manifest and the JSON pointer of its key.
///
/// The page is built as the check's HTML report is: `HTMLStylesheet`'s start (its policy, which
/// loads nothing, and its stylesheet, with the few rules below added inline) and every string
/// from the package escaped by `HTMLText`. Short names are shown with the full key, and bundle
/// names with their path, in a `title`, so nothing is lost.
package struct PrivacyHTMLReporter {
    package init() {}

    /// What this page adds to the shared stylesheet; it goes in the same `<style>` element,
    /// which the policy allows (`style-src 'unsafe-inline'`).
    static let css = """
        .disclaimer { border: 1px solid var(--note-line); border-left: 6px solid var(--note); background: var(--note-bg);
          border-radius: 6px; padding: .6rem .9rem; margin: .75rem 0 1rem; max-width: 60rem; }
        section.privacy { margin-top: 1.5rem; }
        ul.sources, ul.reasons { margin: 0; padding-left: 1.1rem; }
        ul.sources { list-style: none; padding-left: 0; }
        .undeclared { color: var(--warning); font-weight: 600; }
        """

    package func render(_ report: PrivacyReport) -> String {
        var lines =
            HTMLStylesheet.pageStart(title: "bundlecheck privacy report: " + PackagePath.name(report.input), extraCSS: Self.css) + [
                "<h1>Privacy report</h1>",
                "<h2>\(text(report.input))</h2>",
                "<p class=\"disclaimer\"><strong>Note:</strong> \(text(PrivacyReport.disclaimer))</p>",
            ]
        if let error = report.error {
            lines.append(
                "<div class=\"input-error\"><strong>Could not be read</strong> <code>\(text(error.code))</code><br>\(text(error.description))</div>")
        } else {
            lines += manifests(report)
            lines += tracking(report)
            lines += collectedData(report)
            lines += requiredReasonAPIs(report)
            lines += missingManifests(report)
        }
        lines += ["</main>", "</body>", "</html>"]
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Sections

    private func manifests(_ report: PrivacyReport) -> [String] {
        var lines = ["<section class=\"privacy\" id=\"manifests\">", "<h3>Manifests (\(report.manifests.count))</h3>"]
        guard !report.manifests.isEmpty else {
            return lines + ["<p class=\"muted\">None: no bundle of the package holds a <code>PrivacyInfo.xcprivacy</code>.</p>", "</section>"]
        }
        lines += table(["Manifest", "For bundle", "Placement", "Counts"])
        for manifest in report.manifests {
            let counts = manifest.problem.map { "no: \(text($0))" } ?? "yes"
            lines.append(
                "<tr><td>\(path(manifest.path))</td><td>\(bundle(manifest.bundle))</td>"
                    + "<td>\(text(manifest.placement.rawValue))</td><td>\(counts)</td></tr>")
        }
        return lines + tableEnd + ["</section>"]
    }

    private func tracking(_ report: PrivacyReport) -> [String] {
        var lines = ["<section class=\"privacy\" id=\"tracking\">", "<h3>Tracking</h3>"]
        switch report.tracks {
        case true?: lines.append("<p>Tracking: <strong>yes</strong></p>")
        case false?: lines.append("<p>Tracking: <strong>no</strong></p>")
        case nil: lines.append("<p>Tracking: <span class=\"muted\">not stated by any manifest</span></p>")
        }
        if !report.tracking.isEmpty {
            lines += table(["Bundle", "Tracks", "Manifest", "Key"])
            for declaration in report.tracking {
                let tracks = "<code title=\"NSPrivacyTracking\">\(declaration.tracks)</code>"
                lines.append("<tr><td>\(bundle(declaration.bundle))</td><td>\(tracks)</td>\(sourceCells(declaration.source))</tr>")
            }
            lines += tableEnd
        }

        lines.append("<h4>Tracking domains (\(report.trackingDomains.isEmpty ? "none" : String(report.trackingDomains.count)))</h4>")
        guard !report.trackingDomains.isEmpty else {
            return lines + ["<p class=\"muted\">No tracking domains declared.</p>", "</section>"]
        }
        lines += table(["Domain", "Bundle", "Manifest", "Key"])
        for domain in report.trackingDomains {
            lines.append("<tr><td><code>\(text(domain.domain))</code></td><td>\(bundle(domain.bundle))</td>\(sourceCells(domain.source))</tr>")
        }
        return lines + tableEnd + ["</section>"]
    }

    private func collectedData(_ report: PrivacyReport) -> [String] {
        let count = report.collectedData.isEmpty ? "none declared" : ReportText.count(report.collectedData.count, "type")
        var lines = ["<section class=\"privacy\" id=\"collected-data\">", "<h3>Collected data (\(count))</h3>"]
        guard !report.collectedData.isEmpty else {
            return lines + ["<p class=\"muted\">No collected data declared.</p>", "</section>"]
        }
        lines += table(["Data type", "Linked", "Tracking", "Purposes", "Declared by"])
        for data in report.collectedData {
            let purposes = data.purposes.map { key($0, dropping: PrivacyReport.purposePrefix) }
            let declarations = data.declarations.map { "<li>\(bundle($0.bundle)) in \(from($0.source))</li>" }
            lines.append(
                "<tr><td>\(key(data.type, dropping: PrivacyReport.dataTypePrefix))</td><td>\(flag(data.linked))</td><td>\(flag(data.tracking))</td>"
                    + "<td>\(purposes.isEmpty ? "<span class=\"muted\">none stated</span>" : purposes.joined(separator: ", "))</td>"
                    + "<td><ul class=\"sources\">\(declarations.joined())</ul></td></tr>")
        }
        return lines + tableEnd + ["</section>"]
    }

    private func requiredReasonAPIs(_ report: PrivacyReport) -> [String] {
        let categories = report.apiCategories
        let count = categories.isEmpty ? "none declared or seen" : categories.count == 1 ? "1 category" : "\(categories.count) categories"
        var lines = ["<section class=\"privacy\" id=\"required-reason-apis\">", "<h3>Required-reason APIs (\(count))</h3>"]
        if !report.scannedBinaries {
            lines.append("<p class=\"muted\">The binaries were not scanned: the <code>required-reason-api</code> rule did not run.</p>")
        }
        if categories.isEmpty {
            let seen = report.scannedBinaries ? " or seen in the binaries" : ""
            lines.append("<p class=\"muted\">No required-reason API category declared\(seen).</p>")
        }
        for category in categories {
            lines.append("<h4>\(key(category.category, dropping: PrivacyReport.categoryPrefix))</h4>")
            if category.reasons.isEmpty {
                lines.append("<p class=\"muted\">No reason declared.</p>")
            } else {
                lines += table(["Reason", "Meaning", "Bundle", "Manifest", "Key"])
                for reason in category.reasons {
                    let meaning = reason.meaning.map(text) ?? "<span class=\"muted\">not a reason Apple lists</span>"
                    lines.append(
                        "<tr><td><code>\(text(reason.reason))</code></td><td>\(meaning)</td>"
                            + "<td>\(bundle(reason.bundle))</td>\(sourceCells(reason.source))</tr>")
                }
                lines += tableEnd
            }
            // Without the scan, no use is known: saying "not seen" would claim too much.
            guard report.scannedBinaries else { continue }
            if category.uses.isEmpty {
                lines.append("<p class=\"muted\">Not seen in the binaries.</p>")
                continue
            }
            lines += table(["Seen in bundle", "Binaries", "Declared in its manifests"])
            for use in category.uses {
                let binaries = use.binaries.map { "<code>\(text($0))</code>" }.joined(separator: ", ")
                let declared = use.declared ? "yes" : "<span class=\"undeclared\">no</span>"
                lines.append("<tr><td>\(bundle(use.bundle))</td><td>\(binaries)</td><td>\(declared)</td></tr>")
            }
            lines += tableEnd
        }
        return lines + ["</section>"]
    }

    private func missingManifests(_ report: PrivacyReport) -> [String] {
        let count = report.missingManifests.isEmpty ? "none" : String(report.missingManifests.count)
        var lines = ["<section class=\"privacy\" id=\"missing-manifests\">", "<h3>Bundles that need a manifest (\(count))</h3>"]
        if !report.checkedManifestNeeds {
            lines.append(
                "<p class=\"muted\">Not known: the rules that tell, <code>sdk-privacy-manifest-missing</code> and <code>required-reason-api</code>, did not both run.</p>"
            )
        }
        guard !report.missingManifests.isEmpty else {
            return lines + ["<p class=\"muted\">No finding says a bundle needs a manifest it lacks.</p>", "</section>"]
        }
        lines.append("<ul>")
        for missing in report.missingManifests {
            lines.append("<li>\(path(missing.bundle))<ul class=\"reasons\">")
            for reason in missing.reasons {
                lines.append("<li><code>\(text(reason.rule))</code>: \(text(reason.message))</li>")
            }
            lines.append("</ul></li>")
        }
        return lines + ["</ul>", "</section>"]
    }

    // MARK: Pieces

    private func text(_ value: String) -> String {
        HTMLText.escaped(value)
    }

    private func path(_ value: String) -> String {
        "<span class=\"path\">\(text(value))</span>"
    }

    /// A bundle by its name, its path in the `title`.
    private func bundle(_ path: String) -> String {
        "<span class=\"path\" title=\"\(text(path))\">\(text(PackagePath.name(path)))</span>"
    }

    /// `EmailAddress` for `NSPrivacyCollectedDataTypeEmailAddress`, the full key in the `title`.
    private func key(_ value: String, dropping prefix: String) -> String {
        "<code title=\"\(text(value))\">\(text(PrivacyReport.shortName(value, dropping: prefix)))</code>"
    }

    private func flag(_ value: Bool?) -> String {
        value.map { $0 ? "yes" : "no" } ?? "<span class=\"muted\">not stated</span>"
    }

    /// The manifest and key as two cells of a row.
    private func sourceCells(_ source: PrivacyReport.Source) -> String {
        "<td>\(path(source.manifest))</td><td><code>\(text(source.pointer.description))</code></td>"
    }

    /// The manifest and key in running text.
    private func from(_ source: PrivacyReport.Source) -> String {
        "\(path(source.manifest)) at <code>\(text(source.pointer.description))</code>"
    }

    private func table(_ headings: [String]) -> [String] {
        [
            "<div class=\"table-wrap\">",
            "<table class=\"inputs\">",
            "<thead><tr>" + headings.map { "<th>\($0)</th>" }.joined() + "</tr></thead>",
            "<tbody>",
        ]
    }

    private var tableEnd: [String] { ["</tbody>", "</table>", "</div>"] }
}
