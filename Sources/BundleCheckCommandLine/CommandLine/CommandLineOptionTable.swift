import BundleCheckFormats
import BundleCheckModel
import BundleCheckReports
import BundleCheckReview

extension CommandLineOption {
    /// Every option of `bundlecheck`, in the order `--help` and README.md's options table
    /// list them (a test compares the README with this list).
    package static let all: [CommandLineOption] = [
        .choice(
            "--format", short: "-f", "<format>", choices: formatNames,
            help: [
                "Report format: text, json, sarif, junit, gitlab, github",
                "(GitHub Actions annotations; in a workflow, also a step",
                "summary), html (one self-contained page), or the SBOM as",
                "cyclonedx or spdx (a document per package; with several,",
                "--report FMT=FOLDER/). (default: text)",
                "With --list-rules: the list as text or as a JSON array.",
                "With diff and privacy: text, json, markdown or html.",
            ]
        ) { given, format in given.format = format },
        .value(
            "--output", short: "-o", "<file>",
            help: [
                "Write the report to <file> instead of standard output",
                "(- is standard output). A failed write exits 73.",
            ]
        ) { given, path in
            given.outputPath = path
        },
        .value(
            "--report", "<fmt>=<file>", repeatable: true,
            help: [
                "Also write the report in format <fmt> to <file>, in the same",
                "run (e.g. --report json=out.json). May be repeated. No",
                "output may be an input, the configuration or the baseline.",
            ]
        ) { given, request in given.reports.append(request) },
        .choice(
            "--color", otherSpellings: ["--colour"], "<when>", of: ColorChoice.self,
            help: [
                "Colour the text report: auto, always or never.",
                "auto colours only a terminal, never when NO_COLOR is set.",
                "(default: auto)",
            ]
        ) { given, color in given.color = color },
        .flag(
            "--quiet", short: "-q",
            help: [
                "Text report: only the findings and the verdict, without",
                "the inventory of bundles.",
            ]
        ) { given in given.quiet = true },
        .value(
            "--rules", "<dir>", repeatable: true,
            help: [
                "Add every *.yml rule file under <dir> to the shipped rules",
                "and the configuration's rule-packs (format:",
                "Rules/FORMAT.md). May be repeated.",
            ]
        ) { given, directory in given.rulePacks.append(directory) },
        .value(
            "--config", "<file>",
            help: [
                "Read the configuration from <file> instead of the",
                ".bundlecheck.yml in the working directory or the nearest",
                "parent up to the repository root (the folder with .git).",
            ]
        ) { given, path in given.configurationPath = path },
        .choice(
            "--distribution", "<kind>", of: Distribution.self,
            help: [
                "How the package will ship: app-store, ad-hoc, development",
                "or enterprise; for a Mac app mac-app-store, developer-id",
                "or development. Decides which signing is expected.",
                "(default: the configuration's, else app-store for an .ipa",
                "or .app; a Mac app or .pkg is checked for the channel its",
                "signature names (a Developer ID certificate: developer-id),",
                "else mac-app-store; an .xcarchive is re-signed at export,",
                "so without one its distribution checks are skipped)",
            ]
        ) { given, distribution in given.distribution = distribution },
        .choice(
            "--fail-on", "<severity>", of: FailureThreshold.self,
            help: [
                "What fails the run (exit status 1): error, or warning for",
                "warnings too. (default: the configuration's, else error)",
            ]
        ) { given, threshold in given.failOn = threshold },
        .value(
            "--now", "<date>",
            help: [
                "The date expiry (profiles, signing certificate) and SDK",
                "minimums are judged at, as an ISO 8601 date or UTC",
                "timestamp, for reproducible runs. (default: today)",
            ]
        ) { given, text throws(UsageError) in
            guard let date = ISODateParser.parse(text) else { throw .invalidDate(option: "--now", value: text) }
            given.now = date
        },
        .flag(
            "--verify-resources",
            help: [
                "Also hash every file _CodeSignature/CodeResources seals",
                "(signature-modified): reads the whole package, not only",
                "the executables and property lists.",
            ]
        ) { given in given.verifiesResources = true },
        .value(
            "--jobs", short: "-j", "<n>",
            help: [
                "Check up to <n> inputs at once; with one input, read up",
                "to <n> of its large executables at once. (default: the",
                "processors this process may use, from its CPU affinity and",
                "cgroup quota, at most 4; --jobs 1 reads one after another)",
            ]
        ) { given, text throws(UsageError) in
            let range = 1...ProcessorBudget.maximumJobs
            guard let jobs = Int(text), range.contains(jobs) else { throw .invalidCount(option: "--jobs", value: text, range: range) }
            given.jobs = jobs
        },
        .value(
            "--stdin-filename", "<file>",
            help: [
                "The path the reports give the package read from standard",
                "input ('-'): the file it came from, so SARIF, GitLab and",
                "GitHub annotations point at it. (default: -)",
            ]
        ) { given, path throws(UsageError) in
            guard !path.isEmpty else { throw .missingValue(option: "--stdin-filename") }
            given.standardInputName = path
        },
        .value(
            "--baseline", "<file>",
            help: [
                "Suppress the findings whose fingerprints <file> lists:",
                "they stay in the JSON report with \"suppressed\": true,",
                "are not counted and do not fail the run. Overrides the",
                "configuration's baseline.",
            ]
        ) { given, path in given.baselinePath = path },
        .value(
            "--write-baseline", "<file>",
            help: [
                "Write the fingerprints of every finding to <file> and",
                "exit 0 (2 when an input could not be checked).",
            ]
        ) { given, path in given.writeBaselinePath = path },
        .choice(
            "--old-build", "<state>", of: OldBuildState.self,
            help: [
                "diff: what OLD is: approved, the last build App Review",
                "approved (NEW's version must be higher, ITMS-90062), or",
                "uploaded, a build only uploaded. (default: the",
                "configuration's diff: old-build, else approved)",
            ]
        ) { given, state in given.oldBuild = state },
        .flag(
            "--list-rules",
            help: [
                "List every rule: id, severity (as configured; off when",
                "turned off), Apple codes and title.",
            ]
        ) { given in given.listRules = true },
        .value(
            "--explain", "<id>",
            help: [
                "Show a rule's severity, scope, rationale, fix and examples;",
                "<id> may be an Apple code (ITMS-90473), in any case, or a",
                "piece of Apple's message ('Missing app icon'; pieces split",
                "at ... must all appear; a leading 'Validation failed (409)'",
                "is ignored): every rule whose message holds it is shown.",
            ]
        ) { given, id in
            given.explainID = id
        },
        .answer("--version", .version, help: ["Show the version and the commit it was built from."]),
        .answer("--help", short: "-h", .help, help: ["Show help information."]),
    ]

    /// What `--format` accepts: every format some command writes, reports' first. Which of
    /// them the command at hand writes is only known once every argument is read (`validate`).
    static let formatNames: [String] = {
        var names = ReportFormat.allCases.map(\.rawValue)
        for name in CatalogueFormat.allCases.map(\.rawValue) + ReviewFormat.allCases.map(\.rawValue) where !names.contains(name) {
            names.append(name)
        }
        return names
    }()
}
