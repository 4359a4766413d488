import Foundation
import Testing
@testable import BundleCheckCommandLine

/// Issue 13's bar for parallel work: the JSON report of every corpus package is byte-identical
/// with `--jobs 1` and with several jobs, one package at a time and all together.
@Suite(.enabled(if: RepositoryPaths.corpusTestsEnabled, "../shared/corpus is absent"))
struct CorpusJobsTests {
    static func corpusInputs() -> [String] {
        guard let corpus = RepositoryPaths.corpusOrSkip() else { return [] }
        let tools = (try? FileManager.default.contentsOfDirectory(atPath: corpus)) ?? []
        return tools.sorted().flatMap { tool -> [String] in
            let folder = corpus + "/" + tool
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            return names.sorted().filter { name in [".ipa", ".zip", ".xcarchive"].contains { name.hasSuffix($0) } }.map { folder + "/" + $0 }
        }
    }

    @Test func everyCorpusReportIsTheSameWithOneJobAndFour() throws {
        let inputs = Self.corpusInputs()
        guard !inputs.isEmpty else { return }
        let arguments = ["--format", "json", "--now", "2026-11-30", "--verify-resources"]
        for input in inputs {
            let serial = CapturingConsole.run(arguments + ["--jobs", "1", input])
            let parallel = CapturingConsole.run(arguments + ["--jobs", "4", input])
            #expect(serial.0 == parallel.0, "\(input)")
            #expect(serial.1.output == parallel.1.output, "\(input)")
            #expect(!serial.1.output.isEmpty)
        }
        let serial = CapturingConsole.run(arguments + ["--jobs", "1"] + inputs)
        let parallel = CapturingConsole.run(arguments + ["--jobs", "4"] + inputs)
        #expect(serial.1.output == parallel.1.output)
        #expect(serial.1.error == parallel.1.error)
    }
}
