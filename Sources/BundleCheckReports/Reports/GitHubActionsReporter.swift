import BundleCheckFormats
import BundleCheckModel
import Foundation

/// GitHub Actions workflow commands, one per finding, which the runner turns into annotations:
///
///     ::error file=Build/Example.ipa,title=version-mismatch%3A Build numbers ...::CFBundleVersion "41" ...%0A--> Payload/...
///
/// `file` is the input, relative to `$GITHUB_WORKSPACE` (or the working directory), since
/// paths inside a package never exist in the checkout; the path inside goes into the message.
/// Only for an unpacked directory input is `file` the file itself, with its `line`, and only
/// when that file exists. GitHub shows just 10 annotations of each kind per step, so errors
/// come first, then warnings, then notices. An input that could not be checked is an error;
/// suppressed findings are not annotated. Escaping follows `actions/toolkit`'s `command.ts`.
public struct GitHubActionsReporter: Reporter {
    let context: ReportContext
    /// Whether a path exists on disk; a parameter so tests need no files.
    let fileExists: @Sendable (String) -> Bool

    public init(_ context: ReportContext) {
        self.init(context, fileExists: { FileManager.default.fileExists(atPath: $0) })
    }

    package init(_ context: ReportContext, fileExists: @escaping @Sendable (String) -> Bool) {
        self.context = context
        self.fileExists = fileExists
    }

    public func render(_ report: Report) -> String {
        let titles = Dictionary(context.rules.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
        var commands: [(severity: Severity, text: String)] = []
        for input in report.inputs {
            // A package piped in has no file in the checkout: its annotations stand on the run.
            let fileProperty = input.isStandardInput ? [] : [("file", relativePath(input.path))]
            if let error = input.error {
                // Most errors already start with the input's path.
                let text = error.description
                let message = ReportText.printable(text.hasPrefix(input.path + ":") ? text : input.path + ": " + text)
                commands.append(
                    (
                        .error,
                        Self.command(
                            "error", properties: fileProperty + [("title", ReportVerdict.inputNotCheckedID + ": the input could not be checked")],
                            message: message)
                    ))
            }
            for finding in input.findings where !finding.suppressed {
                var properties = fileProperty
                if let inner = finding.file, let path = ReportPaths.fileOnDisk(inner, of: input) {
                    if fileExists(absolutePath(path)) {
                        properties = [("file", relativePath(path))]
                        if let line = finding.line { properties.append(("line", String(line))) }
                    }
                }
                let title = titles[finding.rule].map { finding.rule + ": " + $0 } ?? finding.rule
                properties.append(("title", title))
                commands.append((finding.severity, Self.command(Self.level(finding.severity), properties: properties, message: Self.message(finding))))
            }
        }
        // Errors first; inputs and findings keep their report order within a severity.
        let ordered = commands.enumerated().sorted { ($0.element.severity, $0.offset) < ($1.element.severity, $1.offset) }
        return ordered.map { $0.element.text + "\n" }.joined()
    }

    /// The workflow command's name for a severity.
    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "notice"
        }
    }

    /// The finding's message, then where it is inside the package and Apple's codes, one per line.
    /// Each part is made printable first, so text from the package cannot drive the log's terminal.
    static func message(_ finding: Finding) -> String {
        var lines = [ReportText.printable(finding.message)]
        if let location = TextReporter.location(of: finding) {
            lines.append("--> " + ReportText.printable(location))
        }
        for line in finding.excerpt?.split(separator: "\n", omittingEmptySubsequences: false) ?? [] {
            lines.append(ReportText.printable(String(line)))
        }
        if !finding.appleCodes.isEmpty {
            lines.append("Apple: " + ReportText.printable(finding.appleCodes.joined(separator: ", ")))
        }
        return lines.joined(separator: "\n")
    }

    /// `::name key=value,key=value::message`, escaped.
    static func command(_ name: String, properties: [(String, String)], message: String) -> String {
        var text = "::" + name
        if !properties.isEmpty {
            text += " " + properties.map { $0.0 + "=" + escapeProperty($0.1) }.joined(separator: ",")
        }
        return text + "::" + escapeData(message)
    }

    /// The toolkit's `escapeData`: `%` first, so the escapes it writes are not escaped again.
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// The toolkit's `escapeProperty`: also `:` and `,`, which would end the value.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text)
            .replacingOccurrences(of: ":", with: "%3A")
            .replacingOccurrences(of: ",", with: "%2C")
    }

    // MARK: Paths

    /// Paths relative to the workspace in a workflow, else to where the run is.
    var paths: ReportPaths { ReportPaths(context) }

    /// The path as the run resolves it: relative ones start in the working directory.
    func absolutePath(_ path: String) -> String {
        ReportPaths.absolute(path, from: paths.currentDirectory)
    }

    /// The path relative to the workspace (or working directory); absolute when it lies outside.
    func relativePath(_ path: String) -> String {
        paths.relative(path)
    }
}
