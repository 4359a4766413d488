import BundleCheckModel

/// A command line bundlecheck cannot run, exit status 64.
///
/// Files the command line points at and that cannot be used (a `--rules` pack, the
/// configuration, a baseline) are usage errors too: their own error types word them, and
/// since the command line itself was fine, no usage line follows them (`showsUsage`).
package enum UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    case unknownOption(String)
    case missingValue(option: String)
    case invalidValue(option: String, value: String, choices: [String])
    case unexpectedValue(option: String)
    /// A count option (`--jobs`) whose value is not a whole number in `range`.
    case invalidCount(option: String, value: String, range: ClosedRange<Int>)
    /// A date option (`--now`) whose value is not an ISO 8601 date or UTC timestamp.
    case invalidDate(option: String, value: String)
    case noInputs
    case repeatedOption(String)
    /// Two options that do not go together (`--list-rules` and `--explain`).
    case conflictingOptions(String, String)
    /// `--list-rules` or `--explain` with a `--format` only reports have; `choices` are the ones it writes.
    case formatNotAvailable(option: String, format: String, choices: [String])
    /// `--list-rules` or `--explain` given a package path.
    case inputsNotAllowed(option: String)
    /// A rule file of a `--rules` pack that cannot be used, or whose id collides with another.
    case rulePack(YAMLLoadError)
    case configuration(ConfigurationError)
    case baseline(BaselineError)
    /// `--explain` with an id no rule has; `suggestions` are the close ones.
    case unknownRule(id: String, suggestions: [String])
    /// An output (`--output`, `--report`, `--write-baseline`) that would overwrite a file the
    /// run reads, or another output of the same run.
    case outputOverwrites(output: String, what: String)
    /// One package given twice, as written or under another spelling.
    case repeatedInput(first: String, again: String)
    /// More than one input of `-`: standard input can be read once.
    case standardInputTwice
    /// `--stdin-filename` without an input of `-`: there is nothing for it to name.
    case standardInputNameWithoutStandardInput
    /// More than one output of `-`: two reports on standard output would be one unreadable stream.
    case standardOutputTwice
    /// `diff` with other than two sides.
    case diffSides(count: Int)
    /// An option only `diff` reads (`--old-build`), given to a check.
    case diffOnly(option: String)
    /// An option that means nothing for a subcommand (`diff --baseline`, `privacy --report`).
    case notForSubcommand(String, option: String)
    /// `privacy` with other than one package.
    case privacyInputs(count: Int)
    /// A format of one document per package (an SBOM) sent to one file or standard output
    /// while several packages are checked.
    case documentPerInput(option: String, format: String, count: Int, suffix: String)

    /// Whether the usage line follows the message: only when the arguments themselves are at
    /// fault; a configuration file's mistake, say, is not helped by a synopsis.
    package var showsUsage: Bool {
        switch self {
        case .rulePack, .configuration, .baseline, .unknownRule, .outputOverwrites: false
        default: true
        }
    }

    package var description: String {
        switch self {
        case .unknownOption(let option):
            "unknown option '\(option)'" + Self.closeOptions(to: option)
        case .missingValue(let option):
            "missing value for '\(option)'"
        case .invalidValue(let option, let value, let choices):
            "invalid value '\(value)' for '\(option)'; choose one of: \(choices.joined(separator: ", "))"
        case .unexpectedValue(let option):
            "'\(option)' takes no value"
        case .invalidCount(let option, let value, let range):
            "invalid value '\(value)' for '\(option)'; give a whole number from \(range.lowerBound) to \(range.upperBound)"
        case .invalidDate(let option, let value):
            "invalid value '\(value)' for '\(option)'; write an ISO 8601 date such as 2026-03-01 or a UTC timestamp such as 2026-03-01T12:00:00Z"
        case .noInputs:
            "no package given; pass at least one .ipa, .zip, .xcarchive or .app path"
        case .repeatedOption(let option):
            "'\(option)' given more than once"
        case .conflictingOptions(let first, let second):
            "'\(first)' cannot be combined with '\(second)'"
        case .formatNotAvailable(let option, let format, let choices):
            "'\(option)' cannot write '--format \(format)'; choose one of: \(choices.joined(separator: ", "))"
        case .inputsNotAllowed(let option):
            "'\(option)' reads no package; remove the <path> arguments"
        case .rulePack(let error):
            "\(error)"
        case .configuration(let error):
            "\(error)"
        case .baseline(let error):
            "\(error)"
        case .unknownRule(let id, let suggestions):
            "no rule has the id '\(id)', nor an Apple code or message holding it; " + RuleIDSuggestions.hint(suggestions)
        case .outputOverwrites(let output, let what):
            "\(output): refusing to write there: it is \(what)"
        case .repeatedInput(let first, let again):
            first == again ? "'\(first)' given twice; check each package once" : "'\(again)' is the same file as '\(first)'; check each package once"
        case .standardInputTwice:
            "'-' (standard input) given more than once; a package can be read from it once"
        case .standardInputNameWithoutStandardInput:
            "--stdin-filename names the package read from standard input; give '-' as an input"
        case .standardOutputTwice:
            "more than one report goes to standard output ('-'); write the others to files"
        case .diffSides(let count):
            "diff compares two builds, OLD and NEW (a package or a JSON report each); \(count == 1 ? "1 was" : "\(count) were") given"
        case .diffOnly(let option):
            "'\(option)' is an option of diff (bundlecheck diff [<options>] OLD NEW)"
        case .notForSubcommand(let subcommand, let option):
            "'\(option)' does not go with \(subcommand)"
        case .privacyInputs(let count):
            "privacy reports on one package; \(count == 0 ? "none was" : "\(count) were") given"
        case .documentPerInput(let option, let format, let count, let suffix):
            "'\(option)' writes one \(format) document per package and \(count) are checked; give a folder "
                + "(--report \(format)=sboms/), where each is named after its package (MyApp.ipa\(suffix))"
        }
    }

    /// `; did you mean --format?` for a mistyped option, or nothing when no option is close.
    static func closeOptions(to spelling: String) -> String {
        let names = CommandLineOption.all.flatMap(\.shownNames).filter { $0.hasPrefix("--") }
        let close = RuleIDSuggestions.closest(to: spelling, among: names)
        return close.isEmpty ? "" : "; " + RuleIDSuggestions.hint(close)
    }
}
