import Foundation

/// A program found on PATH (a shell, groff), run by a test; tests that need one are skipped with
/// a message where it is not installed.
enum ExternalTool {
    struct Outcome {
        let status: Int32
        /// Standard output and standard error together, as a terminal would show them.
        let output: String
    }

    /// Whether `name` is an executable in a folder of PATH.
    static func isInstalled(_ name: String) -> Bool {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }
    }

    /// Runs `arguments` (the program first, looked up on PATH) in `directory`.
    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        if let directory { process.currentDirectoryURL = directory }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }
}
