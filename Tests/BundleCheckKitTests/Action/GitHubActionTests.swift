import Foundation
import Testing

@testable import BundleCheckFormats

/// The composite action (action.yml, scripts/github-action.sh) run in a simulated runner
/// (`SimulatedRunner`) on copies of Examples/, with the debug bundlecheck as `bundlecheck-path`.
/// PaiNotes.ipa has an error and a warning (exit 1); PaiNotes-build40.ipa only the warning (0).
/// Both are built with Xcode 26.1, so until April 2027 each also gets sdk-floor-upcoming's
/// warning, once, on its app.
@Suite struct GitHubActionTests {
    static func runner(_ examples: [String] = ["PaiNotes.ipa", "PaiNotes-build40.ipa"]) throws -> SimulatedRunner {
        let runner = try SimulatedRunner()
        for example in examples { try runner.copyExample(example) }
        return runner
    }

    /// The action's inputs with the debug bundlecheck, judging at a fixed date unless `args`
    /// names one: the examples' Xcode 26.1 gets sdk-too-old from April 2027.
    static func inputs(_ inputs: [String: String]) throws -> [String: String] {
        var inputs = inputs.merging(["bundlecheck-path": try SimulatedRunner.bundlecheck()]) { old, _ in old }
        if inputs["args"]?.contains("--now") != true {
            inputs["args"] = (inputs["args"].map { $0 + "\n" } ?? "") + "--now 2026-12-06"
        }
        return inputs
    }

    /// The lines of the log that are workflow commands of `kind` (error, warning).
    static func annotations(_ kind: String, in log: String) -> [String] {
        log.split(separator: "\n").map(String.init).filter { $0.hasPrefix("::\(kind) ") }
    }

    @Test func aFailingPackageFailsTheStepAfterWritingEveryReportAndOutput() throws {
        let runner = try Self.runner()
        let run = try runner.run(
            ActionMetadata.load(),
            inputs: try Self.inputs([
                "packages": "PaiNotes.ipa", "sarif": "reports/bundlecheck.sarif", "junit": "reports/bundlecheck.xml", "json": "reports/bundlecheck.json",
            ]))
        #expect(run.status == 1)
        #expect(run.failedStep == "check")
        #expect(run.stepsRun == ["preflight", "install", "check"])
        let errors = Self.annotations("error", in: run.standardOutput)
        let warnings = Self.annotations("warning", in: run.standardOutput)
        #expect(errors.count == 1 && errors.first?.hasPrefix("::error file=PaiNotes.ipa,title=version-mismatch") == true, "\(errors)")
        #expect(warnings.count == 2, "\(warnings)")
        #expect(warnings.contains { $0.hasPrefix("::warning file=PaiNotes.ipa,title=extension-unsafe-api") }, "\(warnings)")
        #expect(warnings.contains { $0.hasPrefix("::warning file=PaiNotes.ipa,title=sdk-floor-upcoming") }, "\(warnings)")
        #expect(!run.standardError.contains("::error"), "annotations belong on standard output: \(run.standardError)")

        #expect(run.output("exit-status") == "1")
        #expect(run.output("errors") == "1")
        #expect(run.output("warnings") == "2")
        #expect(run.output("notes") == "0")
        #expect(run.output("suppressed") == "0")
        #expect(run.output("sarif") == "reports/bundlecheck.sarif")
        #expect(run.output("junit") == "reports/bundlecheck.xml")
        #expect(run.output("json") == "reports/bundlecheck.json")
        #expect(run.output("diff-exit-status") == "")
        #expect(run.output("diff-markdown") == "")

        let report = try ReportJSON(String(contentsOf: runner.file("reports/bundlecheck.json"), encoding: .utf8))
        for key in ["errors", "warnings", "notes", "suppressed"] {
            #expect(report.summary(key).map(String.init) == run.output(key), "\(key)")
        }
        let sarif = try String(contentsOf: runner.file("reports/bundlecheck.sarif"), encoding: .utf8)
        #expect(sarif.contains(#""version": "2.1.0""#) && sarif.contains("version-mismatch"))
        let junit = try String(contentsOf: runner.file("reports/bundlecheck.xml"), encoding: .utf8)
        #expect(junit.hasPrefix("<?xml") && junit.contains("<testsuite") && junit.contains("version-mismatch"))

        // bundlecheck appends the summary itself; the script adds no second copy.
        #expect(run.summary.components(separatedBy: "## bundlecheck ").count == 2, "\(run.summary)")
        #expect(run.summary.contains("## bundlecheck ❌ FAILED: 1 error in 1 of 1 input"))
        #expect(run.summary.contains("| PaiNotes.ipa | 2 | 1 | 2 | 0 | 0 |"), "\(run.summary)")
    }

    @Test func aPassingPackagePassesWithTheCountsOfATemporaryJSONReport() throws {
        let runner = try Self.runner()
        let run = try runner.run(ActionMetadata.load(), inputs: try Self.inputs(["packages": "PaiNotes-build40.ipa"]))
        #expect(run.status == 0)
        #expect(run.failedStep == nil)
        #expect(Self.annotations("error", in: run.standardOutput).isEmpty)
        #expect(Self.annotations("warning", in: run.standardOutput).count == 2)
        #expect(run.output("exit-status") == "0")
        #expect(run.output("errors") == "0")
        #expect(run.output("warnings") == "2")
        #expect(run.output("sarif") == "")
        #expect(run.output("junit") == "")
        let json = try #require(run.output("json"))
        #expect(json.hasPrefix(runner.runnerTemp.path + "/bundlecheck-report.") && json.hasSuffix(".json"), "\(json)")
        let report = try ReportJSON(String(contentsOf: URL(fileURLWithPath: json), encoding: .utf8))
        #expect(report.summary("warnings") == 2)
        #expect(run.summary.contains("## bundlecheck ✅ PASSED"))
    }

    /// The step's status is bundlecheck's own: the same command run directly says 1.
    @Test func failOnWarningFailsAsBundlecheckDoes() throws {
        let runner = try Self.runner()
        let direct = try ExternalTool.run(
            [try SimulatedRunner.bundlecheck(), "--fail-on", "warning", "PaiNotes-build40.ipa"], in: runner.workspace,
            environment: ["GITHUB_STEP_SUMMARY": ""]
        )
        #expect(direct.status == 1)
        let run = try runner.run(ActionMetadata.load(), inputs: try Self.inputs(["packages": "PaiNotes-build40.ipa", "fail-on": "warning"]))
        #expect(run.status == direct.status)
        #expect(run.output("exit-status") == "\(direct.status)")
        #expect(run.output("warnings") == "2")
        #expect(run.summary.contains("## bundlecheck ❌ FAILED: 2 warnings in 1 of 1 input"), "\(run.summary)")
    }

    /// Globs, separated by spaces or line breaks, each package once.
    @Test func globsExpandInTheWorkspaceAndEachPackageIsCheckedOnce() throws {
        let runner = try Self.runner([])
        try runner.copyExample("PaiNotes.ipa", as: "build/a/PaiNotes.ipa")
        try runner.copyExample("PaiNotes-build40.ipa", as: "build/b/PaiNotes-build40.ipa")
        let run = try runner.run(
            ActionMetadata.load(),
            inputs: try Self.inputs([
                "packages": "build/**/*.ipa\n  build/a/PaiNotes.ipa", "json": "bundlecheck.json",
            ]))
        #expect(run.status == 1)
        let report = try ReportJSON(String(contentsOf: runner.file("bundlecheck.json"), encoding: .utf8))
        let paths = (report.root["inputs"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
        #expect(paths == ["build/a/PaiNotes.ipa", "build/b/PaiNotes-build40.ipa"])
        #expect(run.summary.contains("## bundlecheck ❌ FAILED: 1 error in 1 of 2 inputs"), "\(run.summary)")
    }

    @Test(arguments: ["missing/*.ipa", "PaiNotes.ipa nothing-*.zip", "build/MyApp.ipa"])
    func aGlobThatMatchesNothingFailsBeforeTheCheck(packages: String) throws {
        let runner = try Self.runner()
        let run = try runner.run(ActionMetadata.load(), inputs: try Self.inputs(["packages": packages]))
        #expect(run.status == 64)
        #expect(run.failedStep == "check")
        let pattern = packages.split(separator: " ").last.map(String.init) ?? ""
        #expect(
            run.standardOutput.contains("::error title=bundlecheck action::packages: '\(pattern)' matches nothing in \(runner.workspace.path)"),
            "\(run.standardOutput)")
        #expect(run.output("exit-status") == "", "bundlecheck must not have run")
        #expect(run.summary.isEmpty)
    }

    @Test func aPackageThatCannotBeReadExitsTwo() throws {
        let runner = try Self.runner([])
        try Data("not a zip".utf8).write(to: runner.file("Broken.ipa"))
        let run = try runner.run(ActionMetadata.load(), inputs: try Self.inputs(["packages": "Broken.ipa"]))
        #expect(run.status == 2)
        #expect(run.output("exit-status") == "2")
        #expect(Self.annotations("error", in: run.standardOutput).first?.hasPrefix("::error file=Broken.ipa,title=input-not-checked") == true)
        #expect(run.output("errors") == "0")
        #expect(run.summary.contains("1 input could not be checked"))
    }

    /// bundlecheck refuses the command line (64): no report, so no counts; the status still passes through.
    @Test func aWrongArgumentExitsSixtyFourWithoutCounts() throws {
        let runner = try Self.runner()
        let run = try runner.run(ActionMetadata.load(), inputs: try Self.inputs(["packages": "PaiNotes.ipa", "args": "--no-such-option"]))
        #expect(run.status == 64)
        #expect(run.output("exit-status") == "64")
        #expect(run.output("errors") == "")
        #expect(run.output("json") == "")
        #expect(run.standardError.contains("--no-such-option"), "\(run.standardError)")
    }

    @Test func argsReachTheCheck() throws {
        let runner = try Self.runner()
        let run = try runner.run(
            ActionMetadata.load(),
            inputs: try Self.inputs([
                "packages": "PaiNotes-build40.ipa", "args": "--now 2026-03-01\n--jobs 1",
            ]))
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
    }

    @Test func aFailOnThatIsNeitherErrorNorWarningIsRefused() throws {
        let runner = try Self.runner()
        let run = try runner.run(ActionMetadata.load(), inputs: try Self.inputs(["packages": "PaiNotes.ipa", "fail-on": "note"]))
        #expect(run.status == 64)
        #expect(run.standardOutput.contains("::error title=bundlecheck action::fail-on must be error or warning, not 'note'"))
    }

    @Test(arguments: ["macOS", "Windows"])
    func aRunnerThatIsNotLinuxStopsAtOnce(os: String) throws {
        let runner = try Self.runner()
        runner.environment["RUNNER_OS"] = os
        let run = try runner.run(ActionMetadata.load(), inputs: try Self.inputs(["packages": "PaiNotes.ipa", "json": "bundlecheck.json"]))
        #expect(run.status == 1)
        #expect(run.failedStep == "preflight")
        #expect(run.stepsRun == ["preflight"])
        #expect(run.standardOutput.hasPrefix("::error title=bundlecheck action::bundlecheck's action runs on Linux runners only, and this one is \(os)"))
        #expect(run.standardOutput.contains("Run the check in a Linux job"))
        #expect(!FileManager.default.fileExists(atPath: runner.file("bundlecheck.json").path))
    }

    /// The README's release review: build 40 against the build 42 that shipped fails
    /// (build number and version not higher), though build 40's own check passes.
    @Test func aReviewAgainstTheShippedBuildGoesToTheSummaryAndFailsTheStep() throws {
        let runner = try Self.runner()
        let run = try runner.run(
            ActionMetadata.load(),
            inputs: try Self.inputs([
                "packages": "PaiNotes-build40.ipa", "diff-against": "PaiNotes.ipa",
            ]))
        #expect(run.output("exit-status") == "0")
        #expect(run.output("diff-exit-status") == "1")
        #expect(run.status == 1)
        #expect(run.failedStep == "check")
        #expect(
            run.standardOutput.contains(
                "::error title=bundlecheck release review::the release review of PaiNotes-build40.ipa against PaiNotes.ipa fails (bundlecheck diff exited 1)"))
        #expect(run.summary.contains("## bundlecheck ✅ PASSED"))
        #expect(run.summary.contains("## Release review: ❌ fails"))
        #expect(run.summary.contains("`build-number-not-higher`") && run.summary.contains("`version-not-higher`"))
        let markdown = try String(contentsOf: URL(fileURLWithPath: try #require(run.output("diff-markdown"))), encoding: .utf8)
        #expect(markdown.hasPrefix("## Release review: ❌ fails"))
        #expect(run.summary.hasSuffix(markdown), "the review is appended after the check's summary")
    }

    @Test func aReviewOfABuildAgainstItselfPasses() throws {
        let runner = try Self.runner()
        let run = try runner.run(
            ActionMetadata.load(),
            inputs: try Self.inputs([
                "packages": "PaiNotes-build40.ipa", "diff-against": "PaiNotes-build40.ipa",
            ]))
        #expect(run.status == 0)
        #expect(run.output("diff-exit-status") == "0")
        #expect(run.summary.contains("## Release review: ✅ no changes"))
    }

    @Test func aReviewNeedsExactlyOnePackage() throws {
        let runner = try Self.runner()
        let run = try runner.run(ActionMetadata.load(), inputs: try Self.inputs(["packages": "*.ipa", "diff-against": "PaiNotes.ipa"]))
        #expect(run.status == 64)
        #expect(
            run.standardOutput.contains(
                "::error title=bundlecheck action::diff-against compares one package with an earlier build, and packages matched 2: PaiNotes-build40.ipa PaiNotes.ipa"
            ), "\(run.standardOutput)")
        #expect(run.output("exit-status") == "")
    }

    /// A path with a line break takes the heredoc form of GITHUB_OUTPUT and comes back whole.
    @Test func anOutputWithALineBreakKeepsIt() throws {
        let runner = try Self.runner()
        let run = try runner.run(ActionMetadata.load(), inputs: try Self.inputs(["packages": "PaiNotes-build40.ipa", "junit": "odd\nname.xml"]))
        #expect(run.status == 0)
        #expect(run.output("junit") == "odd\nname.xml")
        let raw = try String(contentsOf: runner.runnerTemp.appendingPathComponent("output-check"), encoding: .utf8)
        #expect(raw.contains("junit<<ghadelimiter_"))
    }

    @Test func aBundlecheckPathThatIsNoProgramIsRefused() throws {
        let runner = try Self.runner()
        let run = try runner.run(ActionMetadata.load(), inputs: ["packages": "PaiNotes.ipa", "bundlecheck-path": "PaiNotes.ipa"])
        #expect(run.status == 64)
        #expect(run.failedStep == "install")
        #expect(run.standardOutput.contains("bundlecheck-path PaiNotes.ipa is neither a .deb nor an executable bundlecheck"))
    }

    @Test(.enabled(if: ExternalTool.isInstalled("curl"), "curl is not installed: the download test needs it"))
    func aDownloadWhoseSHA256DiffersIsRefused() throws {
        let runner = try Self.runner()
        let deb = try runner.directory.write("not the package you asked for\n", to: "served/bundlecheck_0.1.0_amd64.deb")
        let wrong = String(repeating: "0", count: 64)
        let run = try runner.run(
            ActionMetadata.load(),
            inputs: [
                "packages": "PaiNotes.ipa", "deb-url": "file://\(deb)", "sha256": wrong,
            ])
        #expect(run.status == 1)
        #expect(run.failedStep == "install")
        let actual = try Digest.hash([UInt8](Data(contentsOf: URL(fileURLWithPath: deb))), .sha256).map { String(format: "%02x", $0) }.joined()
        #expect(run.standardOutput.contains("refusing to install file://\(deb): its SHA-256 is \(actual), not \(wrong)"), "\(run.standardOutput)")
        #expect(run.output("exit-status") == "")
    }

    @Test func aDownloadWithoutSHA256IsRefusedBeforeIt() throws {
        let runner = try Self.runner()
        let run = try runner.run(ActionMetadata.load(), inputs: ["packages": "PaiNotes.ipa", "deb-url": "https://example.com/bundlecheck_0.1.0_amd64.deb"])
        #expect(run.status == 64)
        #expect(run.failedStep == "preflight")
        #expect(run.standardOutput.contains("deb-url needs sha256"))
    }

    /// Without a tool given, the action builds itself, which needs swift on PATH: a PATH without
    /// the toolchain stops at the preflight with what to do instead.
    @Test(
        .enabled(
            if: !FileManager.default.isExecutableFile(atPath: "/usr/bin/swift") && !FileManager.default.isExecutableFile(atPath: "/bin/swift"),
            "swift is in /usr/bin or /bin here: no PATH without it"))
    func buildingWithoutSwiftStopsWithAClearMessage() throws {
        let runner = try Self.runner()
        runner.environment["PATH"] = "/usr/bin:/bin"
        let run = try runner.run(ActionMetadata.load(), inputs: ["packages": "PaiNotes.ipa"])
        #expect(run.status == 1)
        #expect(run.failedStep == "preflight")
        #expect(
            run.standardOutput.contains(
                "building bundlecheck from source needs a Swift 6 toolchain, and swift is not on PATH. Run the job in a Swift container image (container: swift:6.3), or install a release's Debian package with deb-url and sha256."
            ))
    }

    /// With swift there, the preflight gives the cache its folder and the action's commit.
    @Test(.enabled(if: ExternalTool.isInstalled("swift") && ExternalTool.isInstalled("git"), "swift or git is not installed"))
    func theSourceBuildIsCachedByTheActionsCommit() throws {
        let runner = try Self.runner()
        let run = try runner.run(ActionMetadata.load(), inputs: ["packages": "PaiNotes.ipa"], through: "preflight")
        #expect(run.status == 0, "\(run.standardOutput)")
        let preflight = try #require(run.stepOutputs["preflight"])
        #expect(preflight["source"] == "build")
        #expect(preflight["build-path"] == RepositoryPaths.root.path + "/.build")
        let commit = try ExternalTool.run(["git", "-c", "safe.directory=*", "-C", RepositoryPaths.root.path, "rev-parse", "HEAD"])
        if commit.status == 0 {
            #expect(preflight["source-key"] == commit.output.trimmingCharacters(in: .whitespacesAndNewlines))
        } else {
            // Not a git checkout, as a remote action's tarball: a digest of the sources.
            #expect(preflight["source-key"]?.wholeMatch(of: #/tree-[0-9a-f]{40}/#) != nil, "\(preflight)")
        }
    }
}
