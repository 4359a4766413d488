import Foundation

/// Runs `scripts/validate-report.py` (Python's jsonschema against `docs/report.schema.json`).
enum ReportValidator {
    /// The repository root: this file is `Tests/BundleCheckKitTests/Reports/ReportValidator.swift`.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let schemaURL = repositoryRoot.appendingPathComponent("docs/report.schema.json")
    static let scriptURL = repositoryRoot.appendingPathComponent("scripts/validate-report.py")

    static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"

    /// Whether python3 with jsonschema is there; the schema tests are skipped without it, except on CI.
    static let canRun: Bool = {
        (try? run(["python3", "-c", "import jsonschema"]).status) == 0
    }()

    struct Outcome {
        let status: Int32
        let output: String
    }

    /// Validates `reports`, each written to a temporary file; with `sarif`, against the OASIS SARIF schema.
    static func validate(_ reports: [String], sarif: Bool = false) throws -> Outcome {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bundlecheck-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = []
        for (index, report) in reports.enumerated() {
            let url = directory.appendingPathComponent("report-\(index).json")
            try report.write(to: url, atomically: true, encoding: .utf8)
            paths.append(url.path)
        }
        return try run(["python3", scriptURL.path] + (sarif ? ["--sarif"] : []) + paths)
    }

    /// Validates `bundlecheck diff` reviews against docs/diff.schema.json.
    static func validateDiff(_ reviews: [String]) throws -> Outcome {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bundlecheck-diff-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = []
        for (index, review) in reviews.enumerated() {
            let url = directory.appendingPathComponent("review-\(index).json")
            try review.write(to: url, atomically: true, encoding: .utf8)
            paths.append(url.path)
        }
        return try run(["python3", scriptURL.path, "--diff"] + paths)
    }

    /// Runs the script as if jsonschema were not installed: a module of that name that fails to import shadows it.
    static func validateWithoutJSONSchema(_ report: String) throws -> Outcome {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bundlecheck-nojsonschema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "raise ImportError('hidden by the test')\n".write(to: directory.appendingPathComponent("jsonschema.py"), atomically: true, encoding: .utf8)
        return try run(["python3", scriptURL.path, "-"], input: report, environment: ["PYTHONPATH": directory.path])
    }

    /// Validates `report` given on standard input (`-`).
    static func validateStandardInput(_ report: String) throws -> Outcome {
        try run(["python3", scriptURL.path, "-"], input: report)
    }

    /// Runs a command found on PATH, with stdout and stderr together.
    static func run(_ arguments: [String], input: String? = nil, environment: [String: String] = [:]) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.currentDirectoryURL = repositoryRoot
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let stdin = Pipe()
        process.standardInput = stdin
        try process.run()
        stdin.fileHandleForWriting.write(Data((input ?? "").utf8))
        try stdin.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }
}
