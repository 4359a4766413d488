import BundleCheckFormats
import BundleCheckModel
import Foundation

/// GitLab Code Quality (`artifacts:reports:codequality`): a JSON array of issues, each at the
/// input's path, since GitLab only knows files of the repository and the package is one.
///
/// Suppressed findings are left out. GitLab shows only the first issue of a fingerprint, so
/// each one hashes the input's path with the finding's own fingerprint: the same finding in
/// two inputs stays two issues.
public struct GitLabCodeQualityReporter: Reporter {
    /// Inputs relative to the checkout (`$CI_PROJECT_DIR`) or the working directory.
    let paths: ReportPaths
    /// Whether a path exists on disk: an issue of a directory input points at its file then.
    let fileExists: @Sendable (String) -> Bool

    public init(_ context: ReportContext = ReportContext()) {
        paths = ReportPaths(context)
        fileExists = { FileManager.default.fileExists(atPath: $0) }
    }

    public func render(_ report: Report) -> String {
        JSONWriter().string(from: .array(report.inputs.flatMap(issues)))
    }

    private func issues(_ input: InputReport) -> [JSONValue] {
        let path = relative(input.path)
        if let error = input.error {
            return [
                issue(
                    description: "could not be checked: " + error.description,
                    checkName: ReportVerdict.inputNotCheckedID,
                    fingerprint: Self.fingerprint(path, ReportVerdict.inputNotCheckedID),
                    severity: "critical",
                    path: path,
                    line: 1
                )
            ]
        }
        return input.findings.filter { !$0.suppressed }.map { finding in
            // The file itself where a directory input has it on disk; else the package, whose
            // first line stands for it (a line inside an IPA's file is no line of the IPA).
            var place = (path: path, line: 1)
            if let inner = finding.file, let file = ReportPaths.fileOnDisk(inner, of: input),
                fileExists(ReportPaths.absolute(file, from: paths.currentDirectory))
            {
                place = (relative(file), finding.line ?? 1)
            }
            return issue(
                description: Self.description(of: finding),
                checkName: finding.rule,
                fingerprint: Self.fingerprint(path, finding.fingerprint),
                severity: Self.severity(finding.severity),
                path: place.path,
                line: place.line
            )
        }
    }

    private func issue(description: String, checkName: String, fingerprint: String, severity: String, path: String, line: Int) -> JSONValue {
        [
            "description": .string(description),
            "check_name": .string(checkName),
            "fingerprint": .string(fingerprint),
            "severity": .string(severity),
            "location": [
                "path": .string(path),
                "lines": ["begin": .integer(Int64(line))],
            ],
        ]
    }

    /// GitLab's scale has five steps; `critical` is kept for an input that could not be checked
    /// at all, and `blocker` is not used.
    static func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: "major"
        case .warning: "minor"
        case .note: "info"
        }
    }

    /// The message, then where inside the package, since the issue's path is the package's.
    static func description(of finding: Finding) -> String {
        TextReporter.location(of: finding).map { "\(finding.message) (\($0))" } ?? finding.message
    }

    static func fingerprint(_ path: String, _ identity: String) -> String {
        Fingerprint.of([path, identity])
    }

    /// `path` relative to the working directory when it lies inside it, else absolute.
    private func relative(_ path: String) -> String {
        paths.relative(path)
    }
}
