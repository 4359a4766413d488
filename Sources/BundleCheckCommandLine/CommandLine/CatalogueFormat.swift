/// What `--format` may be with `--list-rules` and `--explain`, which print the rule catalogue.
///
/// Kept apart from `ReportFormat`: reports gain formats (SARIF, JUnit...) that mean nothing
/// for a list of rules, and such a format with `--list-rules` is a usage error, not a report.
package enum CatalogueFormat: String, CaseIterable, Sendable {
    /// Aligned columns (`--list-rules`) or wrapped paragraphs (`--explain`), for people.
    case text
    /// An array of rules with everything `--explain` says of each, for scripts.
    case json
}
