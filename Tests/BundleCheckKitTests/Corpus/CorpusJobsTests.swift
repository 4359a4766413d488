import Foundation
import Testing

@testable import BundleCheckCommandLine
@testable import BundleCheckFormats
@testable import BundleCheckInspection
@testable import BundleCheckModel
@testable import BundleCheckReports

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

    /// The corpus's executables are small, so the standard plan loads each package's bundles on
    /// one thread. Forced to a worker per bundle, sharing the libzip handle and inflating their
    /// executables themselves, the reports stay the same.
    @Test func everyCorpusReportIsTheSameWithAWorkerPerBundle() throws {
        let inputs = Self.corpusInputs()
        guard !inputs.isEmpty else { return }
        let settings = InspectionSettings(now: Date(timeIntervalSince1970: 1_796_000_000), verifiesResources: true)
        let forced = BundleLoadPlan(minimumExecutableBytes: 0, countedExecutableBytes: 1)
        func json(_ report: InputReport) -> String {
            JSONReporter().render(Report(toolVersion: "1.0.0", inputs: [report]))
        }
        var parallelLoads = 0
        for input in inputs {
            let serial = PackageInspector(rules: RuleCatalogue.shipped.rules, settings: settings, jobs: 1).inspect(path: input)
            let parallel = PackageInspector(rules: RuleCatalogue.shipped.rules, settings: settings, jobs: 4, loadPlan: forced).inspect(path: input)
            #expect(json(serial) == json(parallel), "\(input)")
            if let container = try? PackageOpener.open(path: input),
                let located = try? BundleLocator.locate(files: container.files, packagePath: input),
                forced.workers(jobs: 4, bundles: located.bundles, in: container) > 1
            {
                parallelLoads += 1
            }
        }
        #expect(parallelLoads > 0, "no corpus package has two bundles with executables to load apart")
    }
}
