import BundleCheckFormats

/// `bundlecheck(1)` in roff (`man -l`), written by `bundlecheck-generate man` when bundlecheck is
/// installed. OPTIONS comes from `CommandLineOption.all` and EXIT STATUS from `ExitCode`, like `--help`.
package enum ManPage {
    package static func render(options: [CommandLineOption] = CommandLineOption.all, version: String = BundleCheckVersion.current) -> String {
        var lines = [
            #".\" Generated from bundlecheck's option table by `bundlecheck-generate man`; do not edit."#,
            ".TH BUNDLECHECK 1 \"\" \"bundlecheck \(version)\" \"User Commands\"",
            ".SH NAME",
            "bundlecheck \\- " + text(BundleCheckCommand.abstract.lowercasedFirstLetter.trimmingSuffix(".")),
            ".SH SYNOPSIS",
        ]
        let forms: [(String, String)] = [
            ("bundlecheck", "[<options>] <path> ..."),
            ("bundlecheck diff", "[<options>] <old> <new>"),
            ("bundlecheck privacy", "[<options>] <path>"),
            ("bundlecheck --list-rules", "[<options>]"),
            ("bundlecheck --explain", "<id> [<options>]"),
        ]
        lines += forms.enumerated().flatMap { index, form in
            (index > 0 ? [".br"] : []) + [".B " + text(form.0), text(form.1)]
        }
        lines += [".SH DESCRIPTION", text(BundleCheckCommand.overview.replacingOccurrences(of: "\n", with: " "))]
        lines += [".PP", text("<path> is an .ipa, .zip, .xcarchive or .app; several may be given, and one report covers them all.")]
        lines += [
            ".PP",
            text(
                "bundlecheck diff: " + BundleCheckCommand.diffSubcommand.summary
                    + ". <old> and <new> are each a package or a JSON report that bundlecheck --format json wrote earlier. The review lists the bundles, versions, entitlements, purpose strings, privacy manifests, URL schemes, activation rules, document types, platforms, signing and sizes that differ, the findings new and fixed, and the verdicts only a comparison gives (a build number or version not higher, a changed bundle identifier or signing team). Its formats are text, json, markdown and html; it exits 1 when a verdict or a new finding fails, 2 when a side cannot be read."
            ),
            ".PP",
            text(
                "bundlecheck privacy: " + BundleCheckCommand.privacySubcommand.summary
                    + ", as Xcode's privacy report does on a Mac: every collected data type with linked, tracking and purposes and the bundles that declare it, tracking and its domains, the required-reason API categories with their declared reasons beside where the binaries were seen using them, and the bundles that need a manifest; each declaration names its manifest and key. It lists what the manifests declare, not what the app does. Its formats are text, json (docs/privacy.schema.json), markdown and html; it exits 0 when the report is written, 2 when the package cannot be read."
            ),
        ]
        lines += [".SH OPTIONS"]
        for option in options {
            lines += [".TP", optionHeading(option), text(option.help.joined(separator: " "))]
            if let choices = option.choices {
                lines += [".br", "Values: " + choices.map { "\\fB" + text($0) + "\\fR" }.joined(separator: ", ") + "."]
            }
        }
        lines += [".SH EXIT STATUS"]
        for code in ExitCode.allCases {
            lines += [".TP", ".B \(code.rawValue)", text(meaning(of: code))]
        }
        lines += [".SH FILES", ".TP", ".I .bundlecheck.yml"]
        lines += [text("The configuration: rule severities (or off), fail-on, distribution, profile-expiry-warning-days and app-clip-digital-only.")]
        if let config = options.first(where: { $0.name == "--config" }) {
            // Where it is looked for is the --config option's to say.
            let help = config.help.joined(separator: " ")
            lines += [text("(--config <file>: " + help.prefix(1).lowercased() + help.dropFirst() + ")")]
        }
        lines += [".SH EXAMPLES"]
        for example in examples {
            lines += [".PP", text(example.what), ".PP", ".RS", ".EX", text(example.command), ".EE", ".RE"]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Commands to copy. A test checks that every option they use is in the option table.
    static let examples: [(what: String, command: String)] = [
        ("Check a package; the exit status says whether it may ship:", "bundlecheck build/MyApp.ipa"),
        (
            "In a GitHub Actions job: annotations and a step summary, plus SARIF and JUnit files, in one run:",
            "bundlecheck --format github --report sarif=bundlecheck.sarif --report junit=bundlecheck.xml build/MyApp.ipa"
        ),
        ("Which rules raise an error Apple's upload validation reported:", "bundlecheck --explain ITMS-90473"),
        (
            "What a release candidate changes since the build that shipped (kept as its JSON report), as Markdown for a pull request:",
            "bundlecheck --format json --output shipped.json build/MyApp.ipa\nbundlecheck diff --format markdown shipped.json build/Candidate.ipa"
        ),
        (
            "Accept today's findings, then fail only on new ones:",
            "bundlecheck --write-baseline bundlecheck-baseline.json build/MyApp.ipa\nbundlecheck --baseline bundlecheck-baseline.json build/MyApp.ipa"
        ),
    ]

    /// What each exit status means; the exhaustive switch makes a new `ExitCode` documented here too.
    static func meaning(of code: ExitCode) -> String {
        switch code {
        case .success: "Every input was checked, and no finding fails the run."
        case .findings: "At least one finding fails the run: an error, or a warning with --fail-on warning (fail-on: warning in the configuration)."
        case .inputFailure: "At least one input could not be checked: the container cannot be read, or holds no app."
        case .usage:
            "The command line, a --rules pack, the configuration or the baseline is wrong, or an output would overwrite an input, the configuration, the baseline or another output (EX_USAGE)."
        case .cannotCreate: "A report or baseline file could not be written (EX_CANTCREAT); the message names the path and the system's reason."
        }
    }

    /// `-f, --format <format>` in bold and italics.
    static func optionHeading(_ option: CommandLineOption) -> String {
        let names = option.shownNames.map { "\\fB" + text($0) + "\\fR" }.joined(separator: ", ")
        return names + (option.placeholder.map { " " + text($0) } ?? "")
    }

    /// `text` as roff: backslashes and hyphens escaped (a plain `-` prints as a hyphen, not the
    /// minus options are typed with), a leading `.` or `'` kept from reading as a request, and
    /// `<placeholder>` in italics.
    static func text(_ text: String) -> String {
        var result = ""
        var inPlaceholder = false
        for character in text {
            switch character {
            case "\\": result += "\\e"
            case "-": result += "\\-"
            case "<" where !inPlaceholder:
                inPlaceholder = true
                result += "\\fI"
            case ">" where inPlaceholder:
                inPlaceholder = false
                result += "\\fR"
            default: result.append(character)
            }
        }
        if inPlaceholder { result += "\\fR" }
        let lines = result.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : String(line)
        }
        return lines.joined(separator: "\n")
    }
}

private extension String {
    var lowercasedFirstLetter: String { prefix(1).lowercased() + dropFirst() }

    func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}
