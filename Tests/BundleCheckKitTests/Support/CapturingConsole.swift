import Foundation

@testable import BundleCheckCommandLine

/// A console that keeps what the command writes, for in-process runs.
final class CapturingConsole: Console {
    let isTerminal: Bool
    private(set) var output = ""
    private(set) var error = ""

    /// What an input of `-` reads; an empty stream unless a test gives one.
    let standardInput: FileHandle

    init(isTerminal: Bool = false, standardInput: FileHandle = FileHandle(forReadingAtPath: "/dev/null")!) {
        self.isTerminal = isTerminal
        self.standardInput = standardInput
    }

    func writeOutput(_ text: String) {
        output += text
    }

    func writeError(_ text: String) {
        error += text
    }

    /// The date in-process runs judge packages at unless `--now` says: the examples are Xcode
    /// 26.1 builds, which App Store Connect refuses from April 2027 (sdk-too-old), so a test's
    /// counts must not depend on the day it runs.
    static let today = ISO8601DateFormatter().date(from: "2026-12-06T12:00:00Z")!

    /// Runs `bundlecheck` with `arguments` in-process; `workingDirectory` is where it looks for
    /// `.bundlecheck.yml` (the test process's working directory when nil).
    static func run(
        _ arguments: [String],
        environment: [String: String] = [:],
        isTerminal: Bool = false,
        workingDirectory: String? = nil,
        standardInput: FileHandle? = nil,
        today: Date = CapturingConsole.today
    ) -> (ExitCode, CapturingConsole) {
        let console = standardInput.map { CapturingConsole(isTerminal: isTerminal, standardInput: $0) } ?? CapturingConsole(isTerminal: isTerminal)
        let status = BundleCheckCommand.main(
            arguments: arguments, environment: environment, console: console, workingDirectory: workingDirectory, today: today)
        return (status, console)
    }
}
