@testable import BundleCheckCommandLine


/// A console that keeps what the command writes, for in-process runs.
final class CapturingConsole: Console {
    let isTerminal: Bool
    private(set) var output = ""
    private(set) var error = ""

    init(isTerminal: Bool = false) {
        self.isTerminal = isTerminal
    }

    func writeOutput(_ text: String) {
        output += text
    }

    func writeError(_ text: String) {
        error += text
    }

    /// Runs `bundlecheck` with `arguments` in-process; `workingDirectory` is where it looks for
    /// `.bundlecheck.yml` (the test process's working directory when nil).
    static func run(
        _ arguments: [String],
        environment: [String: String] = [:],
        isTerminal: Bool = false,
        workingDirectory: String? = nil
    ) -> (ExitCode, CapturingConsole) {
        let console = CapturingConsole(isTerminal: isTerminal)
        let status = BundleCheckCommand.main(arguments: arguments, environment: environment, console: console, workingDirectory: workingDirectory)
        return (status, console)
    }
}
