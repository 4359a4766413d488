import BundleCheckFormats
import BundleCheckModel

/// The markdown `--format github` appends to `$GITHUB_STEP_SUMMARY`: the verdict, a table of
/// the inputs with their counts, then every standing finding grouped by input and bundle, so
/// the summary carries what the 10 annotations per kind leave out.
///
/// GitHub refuses a step summary over 1 MiB, so the text stops at `limit` bytes with a line
/// saying how many findings it left out. Text from the package is escaped, so it cannot
/// close a table cell or inject markup.
package struct GitHubStepSummary {
    /// GitHub's limit for one step's summary.
    package static let maximumSize = 1 << 20

    let failOn: FailureThreshold
    let limit: Int
    /// How an input's path is shown: as the annotations name it, relative to the workspace.
    let displayPath: (String) -> String

    package init(_ context: ReportContext = ReportContext(), limit: Int = GitHubStepSummary.maximumSize) {
        self.failOn = context.failOn
        self.limit = limit
        let annotations = GitHubActionsReporter(context)
        self.displayPath = { annotations.relativePath($0) }
    }

    package func render(_ report: Report) -> String {
        let verdict = ReportVerdict(report, failOn: failOn)
        var head = [
            "## bundlecheck " + (verdict.isFailure ? "❌" : "✅") + " " + verdict.line,
            "",
            "| Input | Bundles | Errors | Warnings | Notes | Suppressed |",
            "| --- | ---: | ---: | ---: | ---: | ---: |",
        ]
        for input in report.inputs {
            let name = Self.escaped(displayPath(input.path))
            if let error = input.error {
                head.append("| \(name) | could not be checked: \(Self.escaped(error.description)) | | | | |")
                continue
            }
            let counts = Report(toolVersion: report.toolVersion, inputs: [input]).summary
            head.append("| \(name) | \(input.bundles.count) | \(counts.errors) | \(counts.warnings) | \(counts.notes) | \(counts.suppressed) |")
        }
        if let rule = ReportVerdict.exampleRule(of: report) {
            head += ["", Self.escaped(ReportVerdict.explainHint(rule: rule))]
        }

        // Headings and findings, one line each; `capped` keeps as many as fit.
        var body: [String] = []
        for input in report.inputs {
            let standing = TextReporter.severityOrder(input.findings.filter { !$0.suppressed })
            guard !standing.isEmpty else { continue }
            let bundlePaths = input.bundles.map(\.path)
            let groups: [(String, [Finding])] =
                [("(outside every bundle)", standing.filter { $0.bundle.map { !bundlePaths.contains($0) } ?? true })]
                + input.bundles.map { bundle in
                    (bundle.kind.rawValue + " " + bundle.path, standing.filter { $0.bundle == bundle.path })
                }
            body += ["", "### " + Self.escaped(displayPath(input.path))]
            for (heading, findings) in groups where !findings.isEmpty {
                body += ["", "#### " + Self.escaped(heading), ""] + findings.map(Self.item)
            }
        }
        return Self.capped(head: head, body: body, limit: limit)
    }

    /// `- **error** version-mismatch: message (Payload/…/Info.plist:12 /CFBundleVersion; Apple: ITMS-90473)`.
    static func item(_ finding: Finding) -> String {
        var details: [String] = []
        if let location = TextReporter.location(of: finding) { details.append(location) }
        if !finding.appleCodes.isEmpty { details.append("Apple: " + finding.appleCodes.joined(separator: ", ")) }
        let suffix = details.isEmpty ? "" : " (" + details.joined(separator: "; ") + ")"
        return "- **\(finding.severity.rawValue)** " + Self.escaped(finding.rule + ": " + finding.message + suffix)
    }

    /// The lines up to `limit` bytes: the head always (cut only if it alone is too long), then
    /// as many finding lines as fit, and a note of how many were left out.
    static func capped(head: [String], body lines: [String], limit: Int) -> String {
        var text = head.map { $0 + "\n" }.joined()
        let findingCount = lines.filter { $0.hasPrefix("- ") }.count
        var written = 0
        // Room for the note that ends a cut summary; its count is at most `findingCount`.
        let reserve = truncationNote(findingCount).utf8.count
        for (index, line) in lines.enumerated() {
            let room = index == lines.count - 1 ? 0 : reserve
            if text.utf8.count + line.utf8.count + 1 + room > limit {
                text += truncationNote(findingCount - written)
                return truncated(text, to: limit)
            }
            text += line + "\n"
            if line.hasPrefix("- ") { written += 1 }
        }
        return truncated(text, to: limit)
    }

    static func truncationNote(_ count: Int) -> String {
        "\n… " + ReportText.count(count, "more finding") + " left out: GitHub limits a step summary to 1 MiB; the log lists them all.\n"
    }

    /// At most `limit` bytes of UTF-8, cut at a character boundary.
    static func truncated(_ text: String, to limit: Int) -> String {
        guard text.utf8.count > limit else { return text }
        var result = ""
        var size = 0
        for character in text {
            size += character.utf8.count
            if size > limit { break }
            result.append(character)
        }
        return result
    }

    /// Package text as markdown shows it literally: punctuation that markup or a table cell
    /// would act on is backslash-escaped, `<` and `>` become entities, and control characters,
    /// line breaks included, are printed escaped as the text report does.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in ReportText.printable(text) {
            switch character {
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "&": result += "&amp;"
            case "\\", "`", "*", "_", "[", "]", "|", "#", "!", "~":
                result += "\\" + String(character)
            default: result.append(character)
            }
        }
        return result
    }
}
