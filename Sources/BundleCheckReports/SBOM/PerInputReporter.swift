import BundleCheckModel

/// A format that describes one package per document (the SBOMs): a run of several inputs
/// writes one document each (the command line's `PerInputDocuments` says where), never one document of them all.
public protocol PerInputReporter: Reporter {
    /// The document of `input`, made by bundlecheck `toolVersion`.
    func render(_ input: InputReport, toolVersion: String) -> String
}

extension PerInputReporter {
    /// The document of the report's first input: the command line hands these formats a report
    /// of one input at a time.
    public func render(_ report: Report) -> String {
        report.inputs.first.map { render($0, toolVersion: report.toolVersion) } ?? ""
    }
}
