import BundleCheckFormats
import BundleCheckModel

/// `bundlecheck privacy` as GitHub-flavoured Markdown, for a pull-request comment, a step
/// summary or a file kept with the release: the sections of `PrivacyTextReporter`, with tables
/// for the collected data and the required-reason APIs, every declaration beside its manifest
/// and the JSON pointer of its key.
///
/// What the package wrote is shown as code or escaped, so a bundle name, path or domain cannot
/// turn into a link, an image or markup, nor end a table cell.
package struct PrivacyMarkdownReporter {
    package init() {}

    package func render(_ report: PrivacyReport) -> String {
        var lines: [String] = []
        func add(_ line: String = "") { lines.append(line) }

        add("## Privacy report of \(Self.span(report.input))")
        add()
        add(MarkdownText.escape(PrivacyReport.disclaimer))
        add()
        if let error = report.error {
            add("**Error** \(Self.span(error.code)): \(MarkdownText.escape(error.description))")
            return Self.joined(lines)
        }

        manifests(report, into: &lines)
        tracking(report, into: &lines)
        collectedData(report, into: &lines)
        requiredReasonAPIs(report, into: &lines)
        missingManifests(report, into: &lines)
        return Self.joined(lines)
    }

    // MARK: Sections

    private func manifests(_ report: PrivacyReport, into lines: inout [String]) {
        lines += ["### Manifests (\(report.manifests.count))", ""]
        if report.manifests.isEmpty {
            lines += ["None: no bundle of the package holds a `PrivacyInfo.xcprivacy`.", ""]
            return
        }
        for manifest in report.manifests {
            // The manifest's path says where its bundle is, so the bundle goes by its name.
            let problem = manifest.problem.map { ": does not count, " + MarkdownText.escape($0) } ?? ""
            lines.append("- \(Self.span(manifest.path)) for \(Self.bundle(manifest.bundle)) (\(manifest.placement.rawValue))" + problem)
        }
        lines.append("")
    }

    private func tracking(_ report: PrivacyReport, into lines: inout [String]) {
        lines += ["### Tracking", ""]
        switch report.tracks {
        case true?: lines.append("Tracking: **yes**")
        case false?: lines.append("Tracking: **no**")
        case nil: lines.append("Tracking: not stated by any manifest")
        }
        lines.append("")
        if !report.tracking.isEmpty {
            for declaration in report.tracking {
                lines.append(
                    "- \(Self.bundle(declaration.bundle)) says `NSPrivacyTracking` is `\(declaration.tracks)`, in \(Self.from(declaration.source))")
            }
            lines.append("")
        }

        lines += ["### Tracking domains (\(report.trackingDomains.isEmpty ? "none" : String(report.trackingDomains.count)))", ""]
        guard !report.trackingDomains.isEmpty else {
            lines += ["No tracking domains declared.", ""]
            return
        }
        lines += ["| Domain | Bundle | Manifest | Key |", "|---|---|---|---|"]
        for domain in report.trackingDomains {
            lines.append(
                "| \(Self.cellSpan(domain.domain)) | \(Self.cellBundle(domain.bundle)) | \(Self.cellSpan(domain.source.manifest)) "
                    + "| \(Self.cellSpan(domain.source.pointer.description)) |")
        }
        lines.append("")
    }

    private func collectedData(_ report: PrivacyReport, into lines: inout [String]) {
        let count = report.collectedData.isEmpty ? "none declared" : ReportText.count(report.collectedData.count, "type")
        lines += ["### Collected data (\(count))", ""]
        guard !report.collectedData.isEmpty else {
            lines += ["No collected data declared.", ""]
            return
        }
        lines += ["| Data type | Linked | Tracking | Purposes | Declared by |", "|---|---|---|---|---|"]
        for data in report.collectedData {
            let purposes = data.purposes.map { Self.cellSpan(PrivacyReport.shortName($0, dropping: PrivacyReport.purposePrefix)) }
            // One declaring bundle a line in the cell: GitHub keeps `<br>` in a table.
            let declarations = data.declarations.map { "\(Self.cellBundle($0.bundle)) in \(Self.cellFrom($0.source))" }
            lines.append(
                "| \(Self.cellSpan(PrivacyReport.shortName(data.type, dropping: PrivacyReport.dataTypePrefix))) "
                    + "| \(Self.flag(data.linked)) | \(Self.flag(data.tracking)) "
                    + "| \(purposes.isEmpty ? "none stated" : purposes.joined(separator: ", ")) | \(declarations.joined(separator: "<br>")) |")
        }
        lines += [
            "",
            "Data types are shown without `\(PrivacyReport.dataTypePrefix)` and purposes without `\(PrivacyReport.purposePrefix)`; "
                + "a value without the prefix is shown as written.",
            "",
        ]
    }

    private func requiredReasonAPIs(_ report: PrivacyReport, into lines: inout [String]) {
        let categories = report.apiCategories
        let count = categories.isEmpty ? "none declared or seen" : categories.count == 1 ? "1 category" : "\(categories.count) categories"
        lines += ["### Required-reason APIs (\(count))", ""]
        if !report.scannedBinaries {
            lines += ["The binaries were not scanned: the `required-reason-api` rule did not run.", ""]
        }
        guard !categories.isEmpty else {
            lines += ["No required-reason API category declared" + (report.scannedBinaries ? " or seen in the binaries." : "."), ""]
            return
        }
        func category(_ name: String) -> String { Self.cellSpan(PrivacyReport.shortName(name, dropping: PrivacyReport.categoryPrefix)) }

        lines += ["**Declared reasons**", ""]
        lines += ["| Category | Reason | Meaning | Bundle | Manifest | Key |", "|---|---|---|---|---|---|"]
        for entry in categories {
            // A category seen but never declared still gets its row, so its absence shows.
            if entry.reasons.isEmpty {
                lines.append("| \(category(entry.category)) | none declared | | | | |")
            }
            for reason in entry.reasons {
                let meaning = reason.meaning.map(MarkdownText.cell) ?? "not a reason Apple lists"
                lines.append(
                    "| \(category(entry.category)) | \(Self.cellSpan(reason.reason)) | \(meaning) | \(Self.cellBundle(reason.bundle)) "
                        + "| \(Self.cellSpan(reason.source.manifest)) | \(Self.cellSpan(reason.source.pointer.description)) |")
            }
        }
        lines.append("")

        guard report.scannedBinaries else { return }
        lines += ["**Seen in the binaries**", ""]
        let uses = categories.flatMap { entry in entry.uses.map { (category: entry.category, use: $0) } }
        guard !uses.isEmpty else {
            lines += ["The binaries were not seen using any of these categories.", ""]
            return
        }
        lines += ["| Category | Bundle | Binaries | Declared in its manifests |", "|---|---|---|---|"]
        for (name, use) in uses {
            // No manifest path beside it to say where the bundle is, so the bundle's whole path.
            let binaries = use.binaries.map(Self.cellSpan).joined(separator: ", ")
            lines.append("| \(category(name)) | \(Self.cellSpan(use.bundle)) | \(binaries) | \(use.declared ? "yes" : "**no**") |")
        }
        lines += ["", "Categories are shown without `\(PrivacyReport.categoryPrefix)`.", ""]
    }

    private func missingManifests(_ report: PrivacyReport, into lines: inout [String]) {
        let count = report.missingManifests.isEmpty ? "none" : String(report.missingManifests.count)
        lines += ["### Bundles that need a manifest (\(count))", ""]
        if !report.checkedManifestNeeds {
            lines += ["Not known: the rules that tell, `sdk-privacy-manifest-missing` and `required-reason-api`, did not both run.", ""]
        }
        guard !report.missingManifests.isEmpty else {
            lines += ["No finding says a bundle needs a manifest it lacks.", ""]
            return
        }
        for missing in report.missingManifests {
            lines.append("- \(Self.span(missing.bundle))")
            for reason in missing.reasons {
                lines.append("  - \(Self.span(reason.rule)): \(MarkdownText.escape(reason.message))")
            }
        }
        lines.append("")
    }

    // MARK: Pieces

    /// The lines as one text, ending in a single newline.
    private static func joined(_ lines: [String]) -> String {
        var lines = lines
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func flag(_ value: Bool?) -> String {
        value.map { $0 ? "yes" : "no" } ?? "not stated"
    }

    /// A bundle by its name; the sections that show no path beside it give the whole path.
    private static func bundle(_ path: String) -> String { span(PackagePath.name(path)) }
    private static func cellBundle(_ path: String) -> String { cellSpan(PackagePath.name(path)) }

    /// `manifest` at `/pointer`.
    private static func from(_ source: PrivacyReport.Source) -> String {
        "\(span(source.manifest)) at \(span(source.pointer.description))"
    }

    private static func cellFrom(_ source: PrivacyReport.Source) -> String {
        "\(cellSpan(source.manifest)) at \(cellSpan(source.pointer.description))"
    }
}

// MARK: Escaping

extension PrivacyMarkdownReporter {
    /// The text as a code span; an empty one would be two bare backticks, so it says so.
    private static func span(_ text: String) -> String {
        text.isEmpty ? "*(empty)*" : "`" + MarkdownText.code(text) + "`"
    }

    /// A code span in a table cell.
    private static func cellSpan(_ text: String) -> String {
        text.isEmpty ? "*(empty)*" : "`" + MarkdownText.codeCell(text) + "`"
    }
}
