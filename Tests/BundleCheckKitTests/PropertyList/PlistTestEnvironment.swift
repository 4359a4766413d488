import Foundation

/// Where the property-list tests find the repository, the shared corpus and python3.
enum PlistTestEnvironment {
    /// The package root: this file is `Tests/BundleCheckKitTests/PropertyList/PlistTestEnvironment.swift`.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared/corpus` next to the repository.
    static let corpus = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")

    /// On CI a missing python3 or corpus is a failure, not a skip.
    static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"

    /// The first `python3` on PATH, if any.
    static let python3: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("python3")
            if FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
        }
        return nil
    }()

    static var corpusIsPresent: Bool {
        FileManager.default.fileExists(atPath: corpus.path)
    }

    /// A fresh empty directory under the system temporary directory.
    static func makeTemporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bundlecheck-plist-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// Runs a program to completion; standard output and error go through files so neither pipe can fill up.
    static func run(_ executable: URL, _ arguments: [String]) throws -> (status: Int32, output: Data, errors: String) {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outputURL = directory.appendingPathComponent("stdout")
        let errorURL = directory.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        let output = try FileHandle(forWritingTo: outputURL)
        let errors = try FileHandle(forWritingTo: errorURL)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        try output.close()
        try errors.close()
        return (process.terminationStatus, try Data(contentsOf: outputURL), String(decoding: try Data(contentsOf: errorURL), as: UTF8.self))
    }
}
