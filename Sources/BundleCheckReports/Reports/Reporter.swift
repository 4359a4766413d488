import BundleCheckModel

/// Turns a finished report into the text one output format prints.
///
/// Reporters only format: they never decide the exit status or read the terminal.
/// Each format has its own type in this folder, chosen through `ReportFormat`.
public protocol Reporter {
    func render(_ report: Report) -> String
}

/// The output formats `--format` accepts; the raw value is the name on the command line.
public enum ReportFormat: String, CaseIterable, Sendable {
    /// Grouped by input and bundle, for people reading a terminal or a CI log.
    case text
    /// The stable, versioned document described by `docs/report.schema.json`.
    case json

    /// The reporter for this format. `color` only matters to formats meant for terminals;
    /// the command line decides it from `ColorChoice`.
    public func makeReporter(color: Bool) -> any Reporter {
        switch self {
        case .text: TextReporter(color: color)
        case .json: JSONReporter()
        }
    }
}
