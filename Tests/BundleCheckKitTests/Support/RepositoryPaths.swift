import Foundation
import Testing

/// Locations in the repository and beside it, found from this source file so tests
/// run from any working directory.
enum RepositoryPaths {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // BundleCheckKitTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    static func file(_ relative: String) -> String {
        root.appendingPathComponent(relative).path
    }

    /// `../shared/corpus`, real packages built by other people's tools.
    static let corpus: URL = root.deletingLastPathComponent().appendingPathComponent("shared/corpus")

    static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// The corpus path, or nil (with a message) when it is absent outside CI; under CI a missing corpus fails.
    static func corpusOrSkip(_ relative: String = "") -> String? {
        let url = relative.isEmpty ? corpus : corpus.appendingPathComponent(relative)
        if FileManager.default.fileExists(atPath: url.path) { return url.path }
        if isCI {
            Issue.record("the corpus is missing at \(url.path); CI must have ../shared/corpus")
        } else {
            print("skipping: \(url.path) is absent")
        }
        return nil
    }
}

extension RepositoryPaths {
    /// For `.enabled(if:)`: corpus tests run when the corpus is there, and always under CI
    /// (where `corpusOrSkip` then fails them if it is missing).
    static var corpusTestsEnabled: Bool {
        isCI || FileManager.default.fileExists(atPath: corpus.path)
    }
}
