/// A small hand-written argument parser (no outside packages can be fetched):
/// `--flag value`, `--flag=value`, `--` to end options, enum values with their choices.
enum CommandLineParser {
    static func parse(_ arguments: [String]) throws -> ParsedCommandLine {
        var options = CommandOptions()
        var seen = Set<String>()
        var index = 0
        var optionsEnded = false

        func value(for option: String, inline: String?) throws -> String {
            if let inline { return inline }
            index += 1
            guard index < arguments.count else { throw UsageError.missingValue(option: option) }
            return arguments[index]
        }

        func choice<T: RawRepresentable & CaseIterable>(_ raw: String, for option: String) throws -> T where T.RawValue == String {
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
                guard seen.insert("--format").inserted else { throw UsageError.repeatedOption("--format") }
                options.format = try choice(try value(for: name, inline: inline), for: "--format")
            case "--output", "-o":
                guard seen.insert("--output").inserted else { throw UsageError.repeatedOption("--output") }
                let path = try value(for: name, inline: inline)
                guard !path.isEmpty else { throw UsageError.missingValue(option: name) }
                options.outputPath = path
            case "--color", "--colour":
                guard seen.insert("--color").inserted else { throw UsageError.repeatedOption("--color") }
                options.color = try choice(try value(for: name, inline: inline), for: "--color")
            default:
                throw UsageError.unknownOption(name)
            }
        }
        guard !options.inputs.isEmpty else { throw UsageError.noInputs }
        return .check(options)
    }
}
