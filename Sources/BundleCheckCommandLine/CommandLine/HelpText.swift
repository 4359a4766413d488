extension BundleCheckCommand {
    /// `bundlecheck --help`. The OPTIONS section is rendered from `CommandLineOption.all`.
    static let help = """
        OVERVIEW: \(abstract)

        \(overview)

        USAGE: \(usage)

        ARGUMENTS:
          <path>                  An .ipa, .zip, .xcarchive or .app; several may be given.
                                  - reads a package from standard input.

        OPTIONS:
        \(optionsHelp(CommandLineOption.all))

        CONFIGURATION:
          .bundlecheck.yml in the working directory or the nearest parent up to the
          repository root (the folder holding .git), or --config <file>; paths in it
          are relative to its folder:
            rules:
              junk-file: off               # turn a rule off
              ats-arbitrary-loads: error   # or set its severity: error, warning or note
            fail-on: warning               # error (default) or warning
            distribution: app-store        # app-store, ad-hoc, development or enterprise
                                           # (default: app-store for an .ipa or .app;
                                           # a Mac app's signature's channel, else
                                           # mac-app-store; none for an .xcarchive)
            profile-expiry-warning-days: 30  # profile-expiring warns this many days
                                             # before a profile expires (default 30)
            app-clip-digital-only: true    # the App Clip is invoked only digitally:
                                           # judged by Apple's 100 MB iOS 17 limit
            rule-packs: [ci/rules]         # folders of rule files, as --rules
            baseline: bundlecheck-baseline.json  # as --baseline (which overrides it)
            ignore:                        # accepted findings, with the reason why
              - rule: junk-file
                path: "Payload/*.app/Frameworks/Vendor*.framework/**"
                reason: the vendor's SDK ships these files
            help-url: https://example.com/bundlecheck/rules#  # a rule's link: + its id

        EXIT STATUS:
          0   every input was checked; no finding that fails the run
          1   at least one error-severity finding (or warning, with fail-on: warning)
          2   at least one input could not be checked
          64  the command line, a --rules pack, the configuration or the baseline is wrong,
              or an output would overwrite an input, the configuration, the baseline or
              another output
          73  a report or baseline file could not be written

        """

    /// What the command reads and checks: `--help` and the man page's DESCRIPTION.
    static let overview = """
        Reads .ipa files and other zip archives without unpacking them, zipped or plain
        .xcarchive and .app bundles, and checks the app and every nested bundle against the
        rules compiled into bundlecheck, plus any --rules packs, as the configuration sets them.
        """

    /// Where descriptions start in OPTIONS (and ARGUMENTS), after the two-space indent.
    static let helpDescriptionColumn = 24

    /// One entry per option: its names and placeholder, then its description from
    /// `helpDescriptionColumn`, or from the next line when the names reach that far.
    static func optionsHelp(_ options: [CommandLineOption]) -> String {
        let indent = "  "
        let descriptionIndent = indent + String(repeating: " ", count: helpDescriptionColumn)
        var lines: [String] = []
        for option in options {
            let synopsis = option.shownNames.joined(separator: ", ") + (option.placeholder.map { " " + $0 } ?? "")
            var description = option.help[...]
            if synopsis.count < helpDescriptionColumn, let first = description.popFirst() {
                let padding = String(repeating: " ", count: helpDescriptionColumn - synopsis.count)
                lines.append(indent + synopsis + padding + first)
            } else {
                lines.append(indent + synopsis)
            }
            lines += description.map { descriptionIndent + $0 }
        }
        return lines.joined(separator: "\n")
    }
}
