import Foundation

/// `bundlecheck`: parse the command line, check every input, write the report, pick an exit code.
///
/// The executable only calls `main`; tests run the whole command in-process.
public enum BundleCheckCommand {
    public static let abstract = "Validates iOS app packages and their extensions before upload."

    public static let usage = "bundlecheck [--format text|json] [--output <file>] [--color auto|always|never] <path> ..."

    public static let help = """
        OVERVIEW: \(abstract)

        Reads .ipa files and other zip archives without unpacking them, zipped or plain
        .xcarchive and .app bundles, and checks the app and every nested bundle.

        USAGE: \(usage)

        ARGUMENTS:
          <path>                  An .ipa, .zip, .xcarchive or .app; several may be given.

        OPTIONS:
          -f, --format <format>   Report format: text or json. (default: text)
          -o, --output <file>     Write the report to <file> instead of standard output.
          --color <when>          Colour the text report: auto, always or never.
                                  auto colours only a terminal, never when NO_COLOR is set.
                                  (default: auto)
          --version               Show the version.
          -h, --help              Show help information.

        EXIT STATUS:
          0   every input was checked; no error-severity finding
          1   at least one error-severity finding
          2   at least one input could not be checked
          64  the command line is wrong

        """

    public static func main(arguments: [String], environment: [String: String], console: any Console) -> ExitCode {
        let parsed: ParsedCommandLine
        do {
            parsed = try CommandLineParser.parse(arguments)
        } catch {
            console.writeError("error: \(error)\nUsage: \(usage)\n  See 'bundlecheck --help'.\n")
            return .usage
        }
        switch parsed {
        case .help:
            console.writeOutput(help)
            return .success
        case .version:
            console.writeOutput("bundlecheck \(BundleCheckVersion.current)\n")
            return .success
        case .check(let options):
            return check(options, environment: environment, console: console)
        }
    }

    static func check(_ options: CommandOptions, environment: [String: String], console: any Console) -> ExitCode {
        let inspector = PackageInspector()
        let inputs = options.inputs.map { inspector.inspect(path: $0) }
        let report = Report(toolVersion: BundleCheckVersion.current, inputs: inputs)

        for input in inputs {
            if let error = input.error {
                console.writeError("bundlecheck: error: \(error)\n")
            }
        }

        let toFile = options.outputPath != nil
        let color = options.color.isEnabled(isTerminal: !toFile && console.isTerminal, environment: environment)
        let rendered = options.format.makeReporter(color: color).render(report)
        var exitCode = worstExitCode(of: inputs)
        if let outputPath = options.outputPath {
            do {
                try Data(rendered.utf8).write(to: URL(fileURLWithPath: outputPath))
            } catch {
                console.writeError("bundlecheck: error: \(outputPath): cannot write the report: \(error.localizedDescription)\n")
                exitCode = max(exitCode, .inputFailure)
            }
        } else {
            console.writeOutput(rendered)
        }
        return exitCode
    }

    static func worstExitCode(of inputs: [InputReport]) -> ExitCode {
        inputs.reduce(ExitCode.success) { worst, input in
            if input.error != nil { return max(worst, .inputFailure) }
            if input.findings.contains(where: { $0.severity == .error }) { return max(worst, .findings) }
            return worst
        }
    }
}
