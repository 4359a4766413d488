import BundleCheckInspection
import BundleCheckModel
import Foundation

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
    /// SARIF 2.1.0, for GitHub code scanning: one run per input.
    case sarif
    /// JUnit XML: a test suite per input, a test case per rule, for CI test dashboards.
    case junit
    /// GitLab Code Quality: the JSON array of issues merge requests show.
    case gitlab
    /// GitHub Actions workflow commands: one annotation per finding, errors first.
    case github
    /// One self-contained HTML page: verdict, bundle trees, findings with rationale and fix.
    case html
    /// A CycloneDX 1.6 JSON bill of materials, one document per input.
    case cyclonedx
    /// The same facts as SPDX 2.3 JSON, one document per input.
    case spdx

    /// Whether the format writes one document per input (`PerInputReporter`) rather than one of the run.
    public var writesDocumentPerInput: Bool {
        self == .cyclonedx || self == .spdx
    }

    /// The file name ending a per-input document takes in a folder (the command line's `PerInputDocuments`).
    public var documentSuffix: String? {
        switch self {
        case .cyclonedx: ".cdx.json"
        case .spdx: ".spdx.json"
        default: nil
        }
    }

    /// The reporter for this format, with what the run knows besides the report (the rules that
    /// ran, the failure threshold, whether to colour); formats take what they need.
    public func makeReporter(_ context: ReportContext) -> any Reporter {
        switch self {
        case .text: TextReporter(color: context.color, failOn: context.failOn, quiet: context.quiet, writesBaseline: context.writesBaseline)
        case .json: JSONReporter()
        case .sarif: SARIFReporter(context: context)
        case .junit: JUnitReporter(rules: context.rules, failOn: context.failOn)
        case .gitlab: GitLabCodeQualityReporter(context)
        case .github: GitHubActionsReporter(context)
        case .html: HTMLReporter(rules: context.rules, failOn: context.failOn)
        case .cyclonedx: CycloneDXReporter(created: context.created ?? Date())
        case .spdx: SPDXReporter(created: context.created ?? Date())
        }
    }

    /// The reporter for this format with the shipped rules at their own severities.
    /// `color` only matters to formats meant for terminals.
    public func makeReporter(color: Bool) -> any Reporter {
        makeReporter(ReportContext(color: color))
    }
}

/// What a run knows besides its report, for reporters that describe more than the findings:
/// the rules that ran (SARIF lists them, JUnit gives each a test case), what fails the run, and
/// where it ran (CI formats give paths relative to the working directory).
public struct ReportContext: Sendable {
    /// The rules of the run, at the severities the configuration settled on.
    public var rules: [RuleDefinition]
    public var failOn: FailureThreshold
    /// Colour for terminal formats.
    public var color: Bool
    /// `--quiet`: the text report leaves out the inventory of bundles.
    public var quiet: Bool
    /// The configuration's `help-url`: a rule's documentation is this followed by its id.
    public var helpURL: String?
    /// `--write-baseline`: every finding is accepted, so the text verdict does not say FAILED.
    public var writesBaseline: Bool
    /// The directory paths are made relative to; nil for the process's.
    public var workingDirectory: String?
    /// The environment the run sees (`GITHUB_WORKSPACE`, `GITHUB_STEP_SUMMARY` …).
    public var environment: [String: String]
    /// When the documents that say when they were made (the SBOMs) were: the run's date (`--now`,
    /// else today); nil, for a reporter made without a run, is the moment of rendering.
    public var created: Date?

    public init(
        rules: [RuleDefinition] = RuleCatalogue.shipped.rules,
        failOn: FailureThreshold = .error,
        color: Bool = false,
        quiet: Bool = false,
        helpURL: String? = nil,
        writesBaseline: Bool = false,
        workingDirectory: String? = nil,
        environment: [String: String] = [:],
        created: Date? = nil
    ) {
        self.created = created
        // Release rules judge two builds (bundlecheck diff): a report of one package does not list them.
        self.rules = rules.filter { !$0.scope.isRelease }
        self.failOn = failOn
        self.color = color
        self.quiet = quiet
        self.helpURL = helpURL
        self.writesBaseline = writesBaseline
        self.workingDirectory = workingDirectory
        self.environment = environment
    }
}
