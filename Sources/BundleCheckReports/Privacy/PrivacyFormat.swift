import BundleCheckModel

/// What `bundlecheck privacy --format` accepts; the raw value is the name on the command line.
package enum PrivacyFormat: String, CaseIterable, Sendable {
    case text
    /// The document `docs/privacy.schema.json` describes.
    case json
    /// For a pull-request comment or `$GITHUB_STEP_SUMMARY`.
    case markdown
    /// One self-contained page.
    case html

    package func render(_ report: PrivacyReport, toolVersion: String) -> String {
        switch self {
        case .text: PrivacyTextReporter().render(report)
        case .json: PrivacyJSONReporter().render(report, toolVersion: toolVersion)
        case .markdown: PrivacyMarkdownReporter().render(report)
        case .html: PrivacyHTMLReporter().render(report)
        }
    }
}
