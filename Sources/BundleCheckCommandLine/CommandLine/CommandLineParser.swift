import BundleCheckFormats

/// A small hand-written argument parser (no outside packages can be fetched):
/// `--flag value`, `--flag=value`, `--` to end options, enum values with their choices.
///
/// Two phases: `parse` reads every argument, then `validate` refuses combinations that
/// make no sense (`--list-rules` with a package path, `--baseline` with `--write-baseline`).
enum CommandLineParser {
    static func parse(_ arguments: [String]) throws(UsageError) -> ParsedCommandLine {
        var options = CommandOptions()
        var seen = Set<String>()
        var listRules = false
        var explain: String?
        var index = 0
        var optionsEnded = false

        func value(for option: String, inline: String?) throws(UsageError) -> String {
            if let inline {
                guard !inline.isEmpty else { throw UsageError.missingValue(option: option) }
                return inline
            }
            index += 1
            guard index < arguments.count, !arguments[index].isEmpty else { throw UsageError.missingValue(option: option) }
            return arguments[index]
        }

        func once(_ option: String) throws(UsageError) {
            guard seen.insert(option).inserted else { throw UsageError.repeatedOption(option) }
        }

        func choice<T: RawRepresentable & CaseIterable>(_ raw: String, for option: String) throws(UsageError) -> T where T.RawValue == String {
            guard let parsed = T(rawValue: raw) else {
                throw UsageError.invalidValue(option: option, value: raw, choices: T.allCases.map(\.rawValue))
            }
            return parsed
        }

        while index < arguments.count {
            let argument = arguments[index]
            defer { index += 1 }
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                options.inputs.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            let name: String
            let inline: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            } else {
                name = argument
                inline = nil
            }
            switch name {
            case "-h", "--help":
                guard inline == nil else { throw UsageError.unexpectedValue(option: name) }
                return .help
            case "--version":
                guard inline == nil else { throw UsageError.unexpectedValue(option: name) }
                return .version
            case "--format", "-f":
                try once("--format")
                options.format = try choice(try value(for: name, inline: inline), for: "--format")
            case "--output", "-o":
                try once("--output")
                options.outputPath = try value(for: name, inline: inline)
            case "--color", "--colour":
                try once("--color")
                options.color = try choice(try value(for: name, inline: inline), for: "--color")
            case "--rules":
                options.rulePacks.append(try value(for: name, inline: inline))
            case "--config":
                try once("--config")
                options.configurationPath = try value(for: name, inline: inline)
            case "--distribution":
                try once("--distribution")
                options.distribution = try choice(try value(for: name, inline: inline), for: "--distribution")
            case "--now":
                try once("--now")
                let text = try value(for: name, inline: inline)
                guard let date = ISODateParser.parse(text) else {
                    throw UsageError.invalidDate(option: "--now", value: text)
                }
                options.now = date
            case "--baseline":
                try once("--baseline")
                options.baselinePath = try value(for: name, inline: inline)
            case "--write-baseline":
                try once("--write-baseline")
                options.writeBaselinePath = try value(for: name, inline: inline)
            case "--list-rules":
                guard inline == nil else { throw UsageError.unexpectedValue(option: name) }
                try once("--list-rules")
                listRules = true
            case "--explain":
                try once("--explain")
                explain = try value(for: name, inline: inline)
            default:
                throw UsageError.unknownOption(name)
            }
        }
        return try validate(options, listRules: listRules, explain: explain, formatGiven: seen.contains("--format"))
    }

    /// The command the parsed options ask for, or the usage error of a combination that makes no sense.
    static func validate(_ options: CommandOptions, listRules: Bool, explain: String?, formatGiven: Bool) throws(UsageError) -> ParsedCommandLine {
        if options.baselinePath != nil, options.writeBaselinePath != nil {
            throw .conflictingOptions("--baseline", "--write-baseline")
        }
        let catalogueCommand: String?
        switch (listRules, explain) {
        case (true, .some): throw .conflictingOptions("--list-rules", "--explain")
        case (true, nil): catalogueCommand = "--list-rules"
        case (false, .some): catalogueCommand = "--explain"
        case (false, nil): catalogueCommand = nil
        }
        guard let catalogueCommand else {
            guard !options.inputs.isEmpty else { throw .noInputs }
            return .check(options)
        }
        guard options.inputs.isEmpty else { throw .inputsNotAllowed(option: catalogueCommand) }
        if options.baselinePath != nil { throw .conflictingOptions(catalogueCommand, "--baseline") }
        if options.writeBaselinePath != nil { throw .conflictingOptions(catalogueCommand, "--write-baseline") }
        guard let explain else { return .listRules(options) }
        // An explanation is text for people; only `--list-rules` and reports have a JSON form.
        if formatGiven, options.format != .text { throw .conflictingOptions("--explain", "--format \(options.format.rawValue)") }
        return .explain(rule: explain, options)
    }
}
