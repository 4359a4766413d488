@testable import BundleCheckKit

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

    /// Runs `bundlecheck` with `arguments` in-process.
    static func run(_ arguments: [String], environment: [String: String] = [:], isTerminal: Bool = false) -> (ExitCode, CapturingConsole) {
        let console = CapturingConsole(isTerminal: isTerminal)
        let status = BundleCheckCommand.main(arguments: arguments, environment: environment, console: console)
        return (status, console)
    }
}
