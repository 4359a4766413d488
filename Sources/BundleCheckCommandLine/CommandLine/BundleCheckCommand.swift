import BundleCheckFormats
import BundleCheckInspection
import BundleCheckModel
import BundleCheckReports
import BundleCheckReview
import Foundation

/// `bundlecheck`: parse the command line, load the rules and configuration, then check
/// every input and write the report (or list or explain the rules), and pick an exit code.
///
/// The executable only calls `main`; tests run the whole command in-process.
public enum BundleCheckCommand {
    static let abstract = "Validates iOS app packages and their extensions before upload."

    /// The subcommand, recognised only as the first word (`./diff` is a file to check), with
    /// what completions and the man page say of it.
    static let diffSubcommand = (name: "diff", summary: "review a release: what NEW adds, removes and changes since OLD")
    static let privacySubcommand = (name: "privacy", summary: "what the privacy manifests of a package and its SDKs declare")
    /// Every subcommand, for completions and the man page.
    static let subcommands = [diffSubcommand, privacySubcommand]

    /// The forms of the command, printed after every usage error.
    static let usage = """
        bundlecheck [<options>] <path> ...
               bundlecheck diff [<options>] <old> <new>
               bundlecheck privacy [<options>] <path>
               bundlecheck --list-rules [<options>]
               bundlecheck --explain <id> [<options>]
        """

    /// Runs the command. `workingDirectory` is where `.bundlecheck.yml` is looked for
    /// (the process's working directory when nil); `today` is the date packages are judged at
    /// when `--now` does not say (tests fix it, so that dated rules do not change their answers).
    public static func main(
        arguments: [String],
        environment: [String: String],
        console: any Console,
        workingDirectory: String? = nil,
        today: Date = Date()
    ) -> ExitCode {
        do throws(UsageError) {
            switch try CommandLineParser.parse(arguments) {
            case .help:
                console.writeOutput(help)
                return .success
            case .version:
                console.writeOutput(BuildCommit.versionLine(version: BundleCheckVersion.current, commit: BuildCommit.hash) + "\n")
                return .success
            case .listRules(let options):
                let settings = try RunSettings.load(
                    rulePacks: options.rulePacks, configurationPath: options.configurationPath, workingDirectory: workingDirectory)
                try OutputPlan(outputPath: options.outputPath).check(against: settings.reads(rulePacks: options.rulePacks))
                let text =
                    switch options.format {
                    case .text: RuleListing.text(settings.catalogue, configuration: settings.configuration)
                    case .json: RuleListing.json(settings.catalogue, configuration: settings.configuration)
                    }
                return deliver(text, to: options.outputPath, console: console)
            case .explain(let id, let options):
                let settings = try RunSettings.load(
                    rulePacks: options.rulePacks, configurationPath: options.configurationPath, workingDirectory: workingDirectory)
                try OutputPlan(outputPath: options.outputPath).check(against: settings.reads(rulePacks: options.rulePacks))
                let rules = explained(id, in: settings.catalogue)
                guard !rules.isEmpty else {
                    throw UsageError.unknownRule(id: id, suggestions: RuleIDSuggestions.closest(to: id.lowercased(), among: settings.catalogue.rules.map(\.id)))
                }
                let text =
                    switch options.format {
                    case .text: rules.map { RuleExplanation.text($0, configuration: settings.configuration) }.joined(separator: "\n")
                    case .json: RuleExplanation.json(rules, configuration: settings.configuration)
                    }
                return deliver(text, to: options.outputPath, console: console)
            case .diff(var options):
                options.now = options.now ?? today
                return try diff(options, environment: environment, console: console, workingDirectory: workingDirectory)
            case .privacy(var options):
                options.now = options.now ?? today
                return try privacy(options, console: console, workingDirectory: workingDirectory)
            case .check(var options):
                options.now = options.now ?? today
                // One package and a second core: it is opened while the catalogue loads.
                let prefetch =
                    options.inputs.count == 1 && options.inputs[0] != StandardInputPackage.name && (options.jobs ?? ProcessorBudget.defaultJobs()) > 1
                    ? PackagePrefetch.start(path: options.inputs[0]) : nil
                let settings = try RunSettings.load(
                    rulePacks: options.rulePacks, configurationPath: options.configurationPath, workingDirectory: workingDirectory)
                try InputList.refuseRepeats(options.inputs)
                var reads = options.inputs.map { (what: "an input package", path: $0) }
                // The configuration's baseline is not read while a baseline is written: writing it
                // there is how it is made.
                reads += [
                    ("the baseline", options.baselinePath),
                    ("the baseline", options.writeBaselinePath == nil ? settings.configuration.baseline : nil),
                ]
                .compactMap { what, path in path.map { (what: what, path: $0) } }
                try OutputPlan(options).check(against: reads + settings.reads(rulePacks: options.rulePacks))
                var baseline: Baseline?
                // `--baseline` overrides the configuration's. While a baseline is being written the
                // configuration's is not read: it may not exist yet, and every finding goes in anyway.
                if let path = options.baselinePath ?? (options.writeBaselinePath == nil ? settings.configuration.baseline : nil) {
                    do {
                        baseline = try BaselineReader.read(path: path)
                    } catch {
                        throw UsageError.baseline(error)
                    }
                }
                return check(
                    options, settings: settings, baseline: baseline, environment: environment, console: console, workingDirectory: workingDirectory,
                    prefetch: prefetch)
            }
        } catch {
            var text = "bundlecheck: error: \(error)\n"
            if error.showsUsage {
                text += "Usage: \(usage)\n  See 'bundlecheck --help'.\n"
            }
            console.writeError(text)
            return .usage
        }
    }

    static func check(
        _ options: CommandOptions,
        settings: RunSettings,
        baseline: Baseline?,
        environment: [String: String],
        console: any Console,
        workingDirectory: String? = nil,
        prefetch: PackagePrefetch? = nil
    ) -> ExitCode {
        let formats = [options.format] + options.reports.map(\.format)
        let inspection = settings.inspection(
            distribution: options.distribution, now: options.now, verifiesResources: options.verifiesResources,
            picturesIconVariants: formats.contains(.html), digestsBinaries: formats.contains(where: \.writesDocumentPerInput))
        // Several inputs are checked side by side, each loading its bundles one after another
        // (not jobs × jobs threads); one input gets the jobs for its bundles.
        let jobs = options.jobs ?? ProcessorBudget.defaultJobs()
        // Release rules judge two builds: only `diff` runs them, and a check's reports do not list them.
        let rules = settings.rules.filter { !$0.scope.isRelease }
        let inspector = PackageInspector(rules: rules, settings: inspection, jobs: options.inputs.count == 1 ? jobs : 1)
        // Standard input is copied first, on this thread; then the inputs are independent (each
        // opens its own container) and are checked side by side, reported in the order given.
        let piped = options.inputs.contains(StandardInputPackage.name) ? spoolStandardInput(console: console) : nil
        defer { if case .success(let package)? = piped { package.remove() } }
        var inputs = ParallelMap.map(options.inputs, jobs: jobs) { path in
            guard path == StandardInputPackage.name, let piped else { return inspector.inspect(path: path, prefetched: prefetch) }
            switch piped {
            case .success(let package): return inspector.inspect(path: package.path).named(options.standardInputName ?? path)
            case .failure(let failure): return failure.report.named(options.standardInputName ?? path)
            }
        }
        // The configuration's ignore entries first: their reason says more than the baseline's.
        inputs = inputs.map(settings.configuration.applyingIgnores(to:))
        if let baseline {
            inputs = inputs.map(baseline.applied(to:))
        }
        let report = Report(toolVersion: BundleCheckVersion.current, inputs: inputs, configurationFile: settings.configuration.file, rulesRun: rules.map(\.id))
        if inputs.count > SARIFReporter.maximumRuns, options.format == .sarif || options.reports.contains(where: { $0.format == .sarif }) {
            console.writeError(
                "bundlecheck: warning: SARIF: \(inputs.count) inputs are reported in one run (bundlecheck/all-inputs/), since GitHub accepts at most \(SARIFReporter.maximumRuns) runs per file; check at most \(SARIFReporter.maximumRuns) inputs per run to keep a code-scanning category per input\n"
            )
        }

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
            rules: rules, failOn: failOn, color: color, quiet: options.quiet, helpURL: settings.configuration.helpURL,
            writesBaseline: options.writeBaselinePath != nil,
            workingDirectory: workingDirectory, environment: environment, created: options.now
        )
        var exitCode = worstExitCode(of: inputs, failOn: failOn)
        if let path = options.writeBaselinePath {
            // Writing a baseline accepts every finding: only inputs that could not be checked fail.
            exitCode = inputs.contains { $0.error != nil } ? .inputFailure : .success
            exitCode = max(exitCode, writeBaseline(of: inputs, to: path, console: console))
        }
        exitCode = max(exitCode, deliver(options.format, of: report, context: context, to: options.outputPath, console: console))
        // More formats of the same run: files never take colour.
        var fileContext = context
        fileContext.color = false
        for request in options.reports {
            exitCode = max(exitCode, deliver(request.format, of: report, context: fileContext, to: request.path, console: console))
        }
        if options.format == .github || options.reports.contains(where: { $0.format == .github }),
            let path = environment["GITHUB_STEP_SUMMARY"], !path.isEmpty
        {
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

    /// The package piped in on standard input, copied to a temporary file; when it cannot
    /// even be copied, the report of `-` says why.
    static func spoolStandardInput(console: any Console) -> Result<StandardInputPackage, StandardInputFailure> {
        do {
            return .success(try StandardInputPackage.spool(from: console.standardInput))
        } catch {
            let name = StandardInputPackage.name
            let reason = "standard input cannot be copied to a temporary file (set TMPDIR to a writable folder): \(error)"
            return .failure(
                StandardInputFailure(
                    report: InputReport(
                        path: name, kind: nil, container: nil, size: 0, error: .unreadable(path: name, reason: reason),
                        bundles: [], findings: [], distribution: nil
                    )))
        }
    }

    /// The rules `--explain` shows for `id`: the rule of that id whatever its case; else every
    /// rule that carries an Apple code (`ITMS-90473`), as users paste it from a rejection email;
    /// else every rule one of whose Apple messages holds the text (`AppleMessageQuery`: "Missing
    /// app icon", or what altool prints without a code, "Validation failed (409) Invalid bundle …
    /// iPad multitasking").
    static func explained(_ id: String, in catalogue: RuleCatalogue) -> [RuleDefinition] {
        if let rule = catalogue[id.lowercased()] { return [rule] }
        let code = id.uppercased()
        let coded = catalogue.rules.filter { $0.appleCodes.contains(code) }
        guard coded.isEmpty, let query = AppleMessageQuery(id) else { return coded }
        return catalogue.rules.filter { rule in rule.appleMessages.contains(where: query.matches) }
    }

    /// The error's message, starting with the input it concerns (most already do).
    static func diagnostic(_ error: BundleCheckError, of input: String) -> String {
        let text = error.description
        return text.hasPrefix(input + ":") ? text : input + ": " + text
    }

    /// Writes the baseline of every finding of `inputs` the configuration does not already
    /// ignore; says when it is incomplete.
    static func writeBaseline(of inputs: [InputReport], to path: String, console: any Console) -> ExitCode {
        let baseline = Baseline(findings: inputs.flatMap(\.findings).filter { $0.suppression?.kind != .configuration })
        if case let status = deliver(baseline.text, to: path, what: "the baseline", console: console), status != .success {
            return status
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

    /// Writes the report in `format` to `path`: a format of one document per input writes each
    /// into `path` when it is a folder (`PerInputDocuments`), and otherwise the one input's.
    static func deliver(_ format: ReportFormat, of report: Report, context: ReportContext, to path: String?, console: any Console) -> ExitCode {
        let reporter = format.makeReporter(context)
        if let perInput = reporter as? any PerInputReporter, let path, PerInputDocuments.isFolder(path) {
            return PerInputDocuments.write(perInput, format: format, of: report, into: path, console: console)
        }
        return deliver(reporter.render(report), to: path, console: console)
    }

    /// Writes `text` to `path`, or to standard output when there is none or it is `-`;
    /// `cannotCreate` (73) when the file cannot be written, after saying why.
    static func deliver(_ text: String, to path: String?, what: String = "the report", console: any Console) -> ExitCode {
        guard let path, path != OutputPlan.standardOutput else {
            console.writeOutput(text)
            return .success
        }
        do throws(FileSystem.Failure) {
            try FileSystem.writeFile(path, bytes: Array(text.utf8))
            return .success
        } catch {
            console.writeError("bundlecheck: error: \(path): cannot write \(what): \(error.systemReason)\n")
            return .cannotCreate
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
