import Foundation
import BundleCheckFormats
import BundleCheckModel
import BundleCheckInspection
import BundleCheckReports

/// `bundlecheck`: parse the command line, load the rules and configuration, then check
/// every input and write the report (or list or explain the rules), and pick an exit code.
///
/// The executable only calls `main`; tests run the whole command in-process.
public enum BundleCheckCommand {
    static let abstract = "Validates iOS app packages and their extensions before upload."

    /// The three forms of the command, printed after every usage error.
    static let usage = """
        bundlecheck [<options>] <path> ...
               bundlecheck --list-rules [<options>]
               bundlecheck --explain <id> [<options>]
        """

    /// Runs the command. `workingDirectory` is where `.bundlecheck.yml` is looked for
    /// (the process's working directory when nil).
    public static func main(
        arguments: [String],
        environment: [String: String],
        console: any Console,
        workingDirectory: String? = nil
    ) -> ExitCode {
        do {
            switch try CommandLineParser.parse(arguments) {
            case .help:
                console.writeOutput(help)
                return .success
            case .version:
                console.writeOutput(BuildCommit.versionLine(version: BundleCheckVersion.current, commit: BuildCommit.hash) + "\n")
                return .success
            case .listRules(let options):
                let settings = try RunSettings.load(rulePacks: options.rulePacks, configurationPath: options.configurationPath, workingDirectory: workingDirectory)
                let text = switch options.format {
                case .text: RuleListing.text(settings.catalogue, configuration: settings.configuration)
                case .json: RuleListing.json(settings.catalogue, configuration: settings.configuration)
                }
                return deliver(text, to: options.outputPath, console: console) ? .success : .inputFailure
            case .explain(let id, let options):
                let settings = try RunSettings.load(rulePacks: options.rulePacks, configurationPath: options.configurationPath, workingDirectory: workingDirectory)
                let rules = explained(id, in: settings.catalogue)
                guard !rules.isEmpty else {
                    throw UsageError.unknownRule(id: id, suggestions: RuleIDSuggestions.closest(to: id.lowercased(), among: settings.catalogue.rules.map(\.id)))
                }
                // `validate` lets only text through: `CatalogueFormat.explainFormats`.
                let text = rules.map { RuleExplanation.text($0, configuration: settings.configuration) }.joined(separator: "\n")
                return deliver(text, to: options.outputPath, console: console) ? .success : .inputFailure
            case .check(let options):
                let settings = try RunSettings.load(rulePacks: options.rulePacks, configurationPath: options.configurationPath, workingDirectory: workingDirectory)
                var baseline: Baseline?
                if let path = options.baselinePath {
                    do {
                        baseline = try BaselineReader.read(path: path)
                    } catch {
                        throw UsageError.baseline(error)
                    }
                }
                return check(options, settings: settings, baseline: baseline, environment: environment, console: console, workingDirectory: workingDirectory)
            }
        } catch {
            console.writeError("error: \(error)\nUsage: \(usage)\n  See 'bundlecheck --help'.\n")
            return .usage
        }
    }

    static func check(
        _ options: CommandOptions,
        settings: RunSettings,
        baseline: Baseline?,
        environment: [String: String],
        console: any Console,
        workingDirectory: String? = nil
    ) -> ExitCode {
        let inspection = InspectionSettings(
            distribution: options.distribution ?? settings.configuration.statedDistribution,
            now: options.now ?? Date(),
            profileExpiryWarningDays: settings.configuration.profileExpiryWarningDays,
            verifiesResources: options.verifiesResources
        )
        let inspector = PackageInspector(rules: settings.rules, settings: inspection)
        var inputs = options.inputs.map { inspector.inspect(path: $0) }
        if let baseline {
            inputs = inputs.map(baseline.applied(to:))
        }
        let report = Report(toolVersion: BundleCheckVersion.current, inputs: inputs)

        // The text report on the terminal already says why an input failed; say it on standard
        // error only when nobody sees that report there (it goes to a file, or is JSON).
        if options.format != .text || options.outputPath != nil {
            for input in inputs {
                if let error = input.error {
                    console.writeError("bundlecheck: error: \(diagnostic(error, of: input.path))\n")
                }
            }
        }

        let failOn = options.failOn ?? settings.configuration.failOn
        let toFile = options.outputPath != nil
        let color = options.color.isEnabled(isTerminal: !toFile && console.isTerminal, environment: environment)
        let context = ReportContext(
            rules: settings.rules, failOn: failOn, color: color,
            workingDirectory: workingDirectory, environment: environment
        )
        let rendered = options.format.makeReporter(context).render(report)
        var exitCode = worstExitCode(of: inputs, failOn: failOn)
        if let path = options.writeBaselinePath {
            // Writing a baseline accepts every finding: only inputs that could not be checked fail.
            exitCode = inputs.contains { $0.error != nil } ? .inputFailure : .success
            exitCode = max(exitCode, writeBaseline(of: inputs, to: path, console: console))
        }
        if !deliver(rendered, to: options.outputPath, console: console) {
            exitCode = max(exitCode, .inputFailure)
        }
        // More formats of the same run: files never take colour.
        var fileContext = context
        fileContext.color = false
        for request in options.reports where !deliver(request.format.makeReporter(fileContext).render(report), to: request.path, console: console) {
            exitCode = max(exitCode, .inputFailure)
        }
        if options.format == .github || options.reports.contains(where: { $0.format == .github }),
           let path = environment["GITHUB_STEP_SUMMARY"], !path.isEmpty {
            appendStepSummary(GitHubStepSummary(context).render(report), to: path, console: console)
        }
        return exitCode
    }

    /// Appends to the step summary file, which earlier steps may have written to; a failure is
    /// only a warning, since the annotations and the exit status already carry the result.
    static func appendStepSummary(_ markdown: String, to path: String, console: any Console) {
        do {
            if !FileManager.default.fileExists(atPath: path) {
                try Data().write(to: URL(fileURLWithPath: path))
            }
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(markdown.utf8))
        } catch {
            console.writeError("bundlecheck: warning: \(path): cannot append the step summary: \(error.localizedDescription)\n")
        }
    }

    /// The rules `--explain` shows for `id`: the rule of that id whatever its case, or every rule
    /// that carries an Apple code (`ITMS-90473`), as users paste it from a rejection email.
    static func explained(_ id: String, in catalogue: RuleCatalogue) -> [RuleDefinition] {
        if let rule = catalogue[id.lowercased()] { return [rule] }
        let code = id.uppercased()
        return catalogue.rules.filter { $0.appleCodes.contains(code) }
    }

    /// The error's message, starting with the input it concerns (most already do).
    static func diagnostic(_ error: BundleCheckError, of input: String) -> String {
        let text = error.description
        return text.hasPrefix(input + ":") ? text : input + ": " + text
    }

    /// Writes the baseline of every finding of `inputs`; says when it is incomplete.
    static func writeBaseline(of inputs: [InputReport], to path: String, console: any Console) -> ExitCode {
        let baseline = Baseline(findings: inputs.flatMap(\.findings))
        do {
            try Data(baseline.text.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            console.writeError("bundlecheck: error: \(path): cannot write the baseline: \(error.localizedDescription)\n")
            return .inputFailure
        }
        let failed = inputs.filter { $0.error != nil }.count
        let written = ReportText.count(baseline.entries.count, "finding")
        if failed > 0 {
            let inputsText = ReportText.count(failed, "input")
            console.writeError("bundlecheck: error: wrote \(written) to the baseline \(path), but it is incomplete: \(inputsText) could not be checked\n")
            return .inputFailure
        }
        console.writeError("bundlecheck: wrote \(written) to the baseline \(path)\n")
        return .success
    }

    /// Writes `text` to `path`, or to standard output when there is none; false when the file cannot be written.
    static func deliver(_ text: String, to path: String?, console: any Console) -> Bool {
        guard let path else {
            console.writeOutput(text)
            return true
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            return true
        } catch {
            console.writeError("bundlecheck: error: \(path): cannot write the report: \(error.localizedDescription)\n")
            return false
        }
    }

    /// The worst outcome across inputs; suppressed findings never count.
    static func worstExitCode(of inputs: [InputReport], failOn: FailureThreshold = .error) -> ExitCode {
        inputs.reduce(ExitCode.success) { worst, input in
            if input.error != nil { return max(worst, .inputFailure) }
            if input.findings.contains(where: { !$0.suppressed && failOn.fails(on: $0.severity) }) { return max(worst, .findings) }
            return worst
        }
    }
}
