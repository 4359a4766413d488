import BundleCheckFormats
import BundleCheckModel
import Foundation

/// `bundlecheck --list-rules`: every rule of a run's catalogue, with the severity the
/// configuration gives it (`off` for a rule it turns off, which is still listed).
package enum RuleListing {
    /// One line per rule, sorted by id, in aligned columns under a header:
    ///
    ///     ID                 SEVERITY  APPLE CODES  TITLE
    ///     dsym-in-package    error     ITMS-90171   No dSYM bundles inside the Payload
    ///     junk-file          off       -            No junk files in the package
    package static func text(_ catalogue: RuleCatalogue, configuration: Configuration) -> String {
        var rows = [["ID", "SEVERITY", "APPLE CODES", "TITLE"]]
        for rule in catalogue.rules {
            rows.append([
                ReportText.printable(rule.id),
                setting(of: rule, in: configuration),
                rule.appleCodes.isEmpty ? "-" : rule.appleCodes.joined(separator: ", "),
                ReportText.printable(rule.title),
            ])
        }
        let widths = (0..<3).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            (0..<3).map { row[$0].padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: "  ")
                + "  " + row[3]
        }.joined(separator: "\n") + "\n"
    }

    /// Every rule as `--explain --format json` describes it (id, title, severity, category,
    /// Apple codes and messages, scope, rationale, fix, examples, source, help URL), sorted by id,
    /// pretty-printed like the report.
    package static func json(_ catalogue: RuleCatalogue, configuration: Configuration) -> String {
        RuleExplanation.json(catalogue.rules, configuration: configuration)
    }

    /// `error`, `warning`, `note`, or `off`: the words of the configuration file.
    static func setting(of rule: RuleDefinition, in configuration: Configuration) -> String {
        configuration.severity(of: rule).map(\.rawValue) ?? RuleSetting.off.description
    }
}
