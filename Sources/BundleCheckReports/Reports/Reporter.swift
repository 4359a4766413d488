import BundleCheckModel

/// Turns a finished report into the text one output format prints.
///
/// Reporters only format: they never decide the exit status or read the terminal.
/// Each format has its own type in this folder, chosen through `ReportFormat`.
public protocol Reporter {
    func render(_ report: Report) -> String
}
