import Foundation
import Testing

/// Locations in the repository and beside it, found from this source file so tests
/// run from any working directory.
enum RepositoryPaths {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent() // Support
        .deletingLastPathComponent() // BundleCheckKitTests
        .deletingLastPathComponent() // Tests
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

extension RepositoryPaths {
    /// `../shared/fuzz-findings`: inputs a fuzzer stopped on, waiting to be looked at. They
    /// grew from seeds of third parties' files (the corpus's), so they are read from there and
    /// never committed; a shape of the project's own making stands for each in `Fuzz/Regressions`.
    static let fuzzFindings: URL = root.deletingLastPathComponent().appendingPathComponent("shared/fuzz-findings")

    /// For `.enabled(if:)`: whether the finding `name` is there. CI has no findings folder.
    static func hasFuzzFinding(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: fuzzFindings.appendingPathComponent(name).path)
    }

    /// The path of the finding `name`, or nil (with a message) when it is absent: a clone
    /// elsewhere, or CI, has only the committed regression that stands for it.
    static func fuzzFindingOrSkip(_ name: String) -> String? {
        let url = fuzzFindings.appendingPathComponent(name)
        if FileManager.default.fileExists(atPath: url.path) { return url.path }
        print("skipping: \(url.path) is absent (the committed regression in Fuzz/Regressions stands for it)")
        return nil
    }
}
