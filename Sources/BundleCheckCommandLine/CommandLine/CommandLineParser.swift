import BundleCheckModel
import BundleCheckReports
import BundleCheckReview

/// A small hand-written argument parser (no outside packages can be fetched), driven by
/// `CommandLineOption.all`: `--flag value`, `--flag=value`, `--` to end options, `-` as an
/// input, enum values with their choices.
///
/// Two phases: `parse` reads every argument, then `validate` refuses combinations that
/// make no sense (`--list-rules` with a package path, `--baseline` with `--write-baseline`).
enum CommandLineParser {
    static func parse(_ arguments: [String]) throws(UsageError) -> ParsedCommandLine {
        var given = GivenOptions()
        var seen = Set<String>()
        var index = 0
        // `diff` only as the first word: `./diff` or `-- diff` check a file of that name.
        if arguments.first == BundleCheckCommand.diffSubcommand.name {
            given.isDiff = true
            index = 1
        } else if arguments.first == BundleCheckCommand.privacySubcommand.name {
            given.isPrivacy = true
            index = 1
        }
        var optionsEnded = false

        func value(for spelling: String, inline: String?) throws(UsageError) -> String {
            if let inline {
                guard !inline.isEmpty else { throw UsageError.missingValue(option: spelling) }
                return inline
            }
            index += 1
            guard index < arguments.count, !arguments[index].isEmpty else { throw UsageError.missingValue(option: spelling) }
            return arguments[index]
        }

        while index < arguments.count {
            let argument = arguments[index]
            defer { index += 1 }
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                given.inputs.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            // Only long options take `=value`; `-f=json` is an unknown option.
            let spelling: String
            let inline: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                spelling = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            } else {
                spelling = argument
                inline = nil
            }
            guard let option = CommandLineOption.all.first(where: { $0.isSpelled(spelling) }) else {
                throw UsageError.unknownOption(spelling)
            }
            // Errors name the option as typed, except "given more than once" and a wrong
            // value, which name it by its long name whatever spellings were used.
            func once() throws(UsageError) {
                guard option.isRepeatable || seen.insert(option.name).inserted else { throw UsageError.repeatedOption(option.name) }
            }
            switch option.effect {
            case .answer(let answer):
                guard inline == nil else { throw UsageError.unexpectedValue(option: spelling) }
                return answer
            case .flag(let set):
                guard inline == nil else { throw UsageError.unexpectedValue(option: spelling) }
                try once()
                set(&given)
            case .value(_, let choices, let store):
                try once()
                let text = try value(for: spelling, inline: inline)
                if let choices, !choices.contains(text) {
                    throw UsageError.invalidValue(option: option.name, value: text, choices: choices)
                }
                try store(&given, text)
            }
        }
        return try validate(given)
    }

    /// The command the parsed options ask for, or the usage error of a combination that makes no sense.
    static func validate(_ given: GivenOptions) throws(UsageError) -> ParsedCommandLine {
        if given.isDiff { return .diff(try diffOptions(given)) }
        if given.isPrivacy { return .privacy(try privacyOptions(given)) }
        if given.oldBuild != nil { throw .diffOnly(option: "--old-build") }
        if given.baselinePath != nil, given.writeBaselinePath != nil {
            throw .conflictingOptions("--baseline", "--write-baseline")
        }
        let catalogueCommand: String?
        switch (given.listRules, given.explainID) {
        case (true, .some): throw .conflictingOptions("--list-rules", "--explain")
        case (true, nil): catalogueCommand = "--list-rules"
        case (false, .some): catalogueCommand = "--explain"
        case (false, nil): catalogueCommand = nil
        }
        guard let catalogueCommand else {
            guard !given.inputs.isEmpty else { throw .noInputs }
            guard given.inputs.filter({ $0 == StandardInputPackage.name }).count <= 1 else { throw .standardInputTwice }
            return .check(try checkOptions(given))
        }
        guard given.inputs.isEmpty else { throw .inputsNotAllowed(option: catalogueCommand) }
        if given.baselinePath != nil { throw .conflictingOptions(catalogueCommand, "--baseline") }
        if given.writeBaselinePath != nil { throw .conflictingOptions(catalogueCommand, "--write-baseline") }
        if !given.reports.isEmpty { throw .conflictingOptions(catalogueCommand, "--report") }
        var options = CatalogueOptions()
        options.outputPath = given.outputPath
        options.rulePacks = given.rulePacks
        options.configurationPath = given.configurationPath
        if let format = given.format {
            guard let catalogueFormat = CatalogueFormat(rawValue: format) else {
                throw .formatNotAvailable(option: catalogueCommand, format: format, choices: CatalogueFormat.allCases.map(\.rawValue))
            }
            options.format = catalogueFormat
        }
        guard let explainID = given.explainID else { return .listRules(options) }
        return .explain(rule: explainID, options)
    }

    /// The options of `diff`: two sides, and only the options that mean something for a review.
    private static func diffOptions(_ given: GivenOptions) throws(UsageError) -> DiffOptions {
        for (given, option) in [
            (given.quiet, "--quiet"), (given.verifiesResources, "--verify-resources"), (given.standardInputName != nil, "--stdin-filename"),
            (given.baselinePath != nil, "--baseline"), (given.writeBaselinePath != nil, "--write-baseline"),
            (given.listRules, "--list-rules"), (given.explainID != nil, "--explain"),
        ] where given {
            throw .notForSubcommand(BundleCheckCommand.diffSubcommand.name, option: option)
        }
        guard given.inputs.count == 2 else { throw .diffSides(count: given.inputs.count) }
        guard !given.inputs.contains(StandardInputPackage.name) else {
            throw .notForSubcommand(BundleCheckCommand.diffSubcommand.name, option: "- (standard input)")
        }
        var options = DiffOptions(old: given.inputs[0], new: given.inputs[1])
        if let format = given.format {
            guard let reviewFormat = ReviewFormat(rawValue: format) else {
                throw .formatNotAvailable(option: "diff", format: format, choices: ReviewFormat.allCases.map(\.rawValue))
            }
            options.format = reviewFormat
        }
        options.outputPath = given.outputPath
        for report in given.reports {
            options.reports.append(try DiffReportRequest(parsing: report))
        }
        options.color = given.color
        options.rulePacks = given.rulePacks
        options.configurationPath = given.configurationPath
        options.distribution = given.distribution
        options.failOn = given.failOn
        options.now = given.now
        options.jobs = given.jobs
        options.oldBuild = given.oldBuild
        return options
    }

    /// The options of `privacy`: one package, and the options that say how it is read and written.
    private static func privacyOptions(_ given: GivenOptions) throws(UsageError) -> PrivacyOptions {
        for (given, option) in [
            (given.quiet, "--quiet"), (given.verifiesResources, "--verify-resources"), (given.standardInputName != nil, "--stdin-filename"),
            (given.baselinePath != nil, "--baseline"), (given.writeBaselinePath != nil, "--write-baseline"),
            (given.listRules, "--list-rules"), (given.explainID != nil, "--explain"), (!given.reports.isEmpty, "--report"),
            (given.failOn != nil, "--fail-on"), (given.oldBuild != nil, "--old-build"), (given.distribution != nil, "--distribution"),
            (given.color != .auto, "--color"),
        ] where given {
            throw .notForSubcommand(BundleCheckCommand.privacySubcommand.name, option: option)
        }
        guard given.inputs.count == 1, let input = given.inputs.first else { throw .privacyInputs(count: given.inputs.count) }
        guard input != StandardInputPackage.name else { throw .notForSubcommand(BundleCheckCommand.privacySubcommand.name, option: "- (standard input)") }
        var options = PrivacyOptions(input: input)
        if let format = given.format {
            guard let privacyFormat = PrivacyFormat(rawValue: format) else {
                throw .formatNotAvailable(option: "privacy", format: format, choices: PrivacyFormat.allCases.map(\.rawValue))
            }
            options.format = privacyFormat
        }
        options.outputPath = given.outputPath
        options.rulePacks = given.rulePacks
        options.configurationPath = given.configurationPath
        options.now = given.now
        options.jobs = given.jobs
        return options
    }

    /// The options of a check; `--format` must name a report format.
    private static func checkOptions(_ given: GivenOptions) throws(UsageError) -> CommandOptions {
        var options = CommandOptions()
        if let format = given.format {
            // `--format` also accepts the catalogue's formats, which a report may lack.
            guard let reportFormat = ReportFormat(rawValue: format) else {
                throw .invalidValue(option: "--format", value: format, choices: ReportFormat.allCases.map(\.rawValue))
            }
            options.format = reportFormat
        }
        options.outputPath = given.outputPath
        for report in given.reports {
            options.reports.append(try ReportRequest(parsing: report))
        }
        options.color = given.color
        options.quiet = given.quiet
        options.rulePacks = given.rulePacks
        options.configurationPath = given.configurationPath
        options.baselinePath = given.baselinePath
        options.writeBaselinePath = given.writeBaselinePath
        options.distribution = given.distribution
        options.failOn = given.failOn
        options.now = given.now
        options.verifiesResources = given.verifiesResources
        options.jobs = given.jobs
        options.inputs = given.inputs
        try PerInputDocuments.validate(options.format, inputCount: given.inputs.count, path: options.outputPath, option: "--format \(options.format.rawValue)")
        for request in options.reports {
            try PerInputDocuments.validate(request.format, inputCount: given.inputs.count, path: request.path, option: "--report \(request.format.rawValue)")
        }
        if let name = given.standardInputName {
            guard given.inputs.contains(StandardInputPackage.name) else { throw .standardInputNameWithoutStandardInput }
            // Named as another input, two reports would share a path, a SARIF category and fingerprints.
            if let other = given.inputs.first(where: { $0 != StandardInputPackage.name && FileIdentity($0) == FileIdentity(name) }) {
                throw .repeatedInput(first: other, again: name)
            }
            options.standardInputName = name
        }
        return options
    }
}
