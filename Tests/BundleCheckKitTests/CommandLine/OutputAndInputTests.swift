import BundleCheckFixtures
import Foundation
import Testing

@testable import BundleCheckCommandLine

/// Where reports go and where packages come from: `-` for the standard streams, outputs that
/// would overwrite what the run reads, and writes that fail.
@Suite struct OutputAndInputTests {
    static func drifted(in directory: TemporaryDirectory, name: String = "Drift.ipa") throws -> String {
        try BundleCheckCommandTests.writePackage(.ipa(BundleCheckCommandTests.drifted), in: directory, name: name)
    }

    @Test func outputDashIsStandardOutput() throws {
        let directory = try TemporaryDirectory()
        let package = try Self.drifted(in: directory)
        let (status, console) = CapturingConsole.run(["--format", "json", "-o", "-", package])
        let (plainStatus, plain) = CapturingConsole.run(["--format", "json", package])
        #expect(status == .findings && plainStatus == .findings)
        #expect(!console.output.isEmpty)
        #expect(console.output == plain.output)
        #expect(!FileManager.default.fileExists(atPath: "-"))
    }

    @Test func twoReportsOnStandardOutputAreAUsageError() throws {
        let directory = try TemporaryDirectory()
        let package = try Self.drifted(in: directory)
        let (status, console) = CapturingConsole.run(["--report", "json=-", package])
        #expect(status == .usage)
        #expect(console.output.isEmpty)
        #expect(console.error.hasPrefix("bundlecheck: error: more than one report goes to standard output"))
        // With the main report in a file, one --report may take standard output.
        let report = directory.path("report.txt")
        let (fileStatus, fileConsole) = CapturingConsole.run(["-o", report, "--report", "json=-", package])
        #expect(fileStatus == .findings)
        #expect(fileConsole.output.hasPrefix("{"))
        #expect(FileManager.default.fileExists(atPath: report))
    }

    @Test(arguments: ["same", "dot-relative", "symlink"])
    func anOutputThatIsTheInputIsRefusedAndTheInputKept(spelling: String) throws {
        let directory = try TemporaryDirectory()
        let package = try Self.drifted(in: directory)
        let before = try Data(contentsOf: URL(fileURLWithPath: package))
        let output: String
        switch spelling {
        case "same": output = package
        case "dot-relative": output = directory.path("./sub/../Drift.ipa")
        default:
            output = directory.path("link.ipa")
            try FileManager.default.createSymbolicLink(atPath: output, withDestinationPath: package)
        }
        try FileManager.default.createDirectory(atPath: directory.path("sub"), withIntermediateDirectories: true)
        let (status, console) = CapturingConsole.run(["-o", output, package])
        #expect(status == .usage)
        #expect(console.error == "bundlecheck: error: \(output): refusing to write there: it is an input package\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: package)) == before)
    }

    @Test func reportsThatOverwriteTheBaselineTheConfigurationOrEachOtherAreRefused() throws {
        let directory = try TemporaryDirectory()
        let package = try Self.drifted(in: directory)
        let baseline = directory.path("baseline.json")
        #expect(CapturingConsole.run(["--write-baseline", baseline, package]).0 == .success)
        let config = try directory.write("fail-on: error\n", to: "ci.yml")
        let cases: [([String], String)] = [
            (["--baseline", baseline, "--report", "json=\(baseline)"], "\(baseline): refusing to write there: it is the baseline"),
            (["--config", config, "--report", "sarif=\(config)"], "\(config): refusing to write there: it is the configuration file"),
            (
                ["-o", directory.path("a.json"), "--report", "json=\(directory.path("a.json"))"],
                "\(directory.path("a.json")): refusing to write there: it is also where --output writes"
            ),
        ]
        for (arguments, message) in cases {
            let (status, console) = CapturingConsole.run(arguments + [package])
            #expect(status == .usage, "\(arguments)")
            #expect(console.error == "bundlecheck: error: \(message)\n")
        }
    }

    @Test func aReportThatCannotBeWrittenExits73NamingThePathAndTheReason() throws {
        let directory = try TemporaryDirectory()
        let package = try Self.drifted(in: directory)
        let missing = directory.path("no/such/folder/report.sarif")
        let (status, console) = CapturingConsole.run(["--report", "sarif=\(missing)", package])
        #expect(status == .cannotCreate)
        #expect(status.rawValue == 73)
        #expect(console.error == "bundlecheck: error: \(missing): cannot write the report: No such file or directory\n")
        // The text report on standard output still arrived.
        #expect(console.output.contains("FAILED"))
    }

    @Test func aBaselineThatCannotBeWrittenExits73() throws {
        let directory = try TemporaryDirectory()
        let package = try Self.drifted(in: directory)
        let (status, console) = CapturingConsole.run(["--write-baseline", directory.path("none/b.json"), package])
        #expect(status == .cannotCreate)
        #expect(console.error.contains("cannot write the baseline: No such file or directory"))
    }

    @Test func aPackageOnStandardInputIsCheckedAndReportedAsDash() throws {
        let directory = try TemporaryDirectory()
        let package = try Self.drifted(in: directory)
        let input = try #require(FileHandle(forReadingAtPath: package))
        let (status, console) = CapturingConsole.run(["--format", "json", "-"], standardInput: input)
        let (_, direct) = CapturingConsole.run(["--format", "json", package])
        #expect(status == .findings)
        let fromStandardInput = try #require(try JSONSerialization.jsonObject(with: Data(console.output.utf8)) as? [String: Any])
        let fromFile = try #require(try JSONSerialization.jsonObject(with: Data(direct.output.utf8)) as? [String: Any])
        let inputs = try #require(fromStandardInput["inputs"] as? [[String: Any]])
        #expect(inputs.first?["path"] as? String == "-")
        let findings = { (report: [String: Any]) in
            ((report["inputs"] as? [[String: Any]])?.first?["findings"] as? [[String: Any]])?.map { $0["rule"] as? String }
        }
        #expect(findings(fromStandardInput) == findings(fromFile))
        #expect(findings(fromFile)?.isEmpty == false)
    }

    @Test func anEmptyStandardInputIsAnInputThatCannotBeChecked() {
        let (status, console) = CapturingConsole.run(["--format", "json", "-"])
        #expect(status == .inputFailure)
        #expect(console.error.hasPrefix("bundlecheck: error: -: "), "\(console.error)")
        #expect(!console.error.contains("bundlecheck-stdin"))
    }

    @Test func theSpooledCopyIsRemoved() throws {
        let directory = try TemporaryDirectory()
        let source = directory.path("source")
        try Data(repeating: 7, count: StandardInputPackage.chunkSize * 2 + 5).write(to: URL(fileURLWithPath: source))
        let spooled = try StandardInputPackage.spool(from: try #require(FileHandle(forReadingAtPath: source)), temporaryDirectory: directory.url)
        #expect(try Data(contentsOf: URL(fileURLWithPath: spooled.path)) == Data(contentsOf: URL(fileURLWithPath: source)))
        spooled.remove()
        #expect(!FileManager.default.fileExists(atPath: spooled.path))
    }

    @Test func anOutputInsideAFolderInputIsRefused() throws {
        let directory = try TemporaryDirectory()
        try FixturePackage.app(BundleCheckCommandTests.drifted).writeDirectory(to: directory.path("apps"))
        let app = directory.path("apps/Drift.app")
        let plist = directory.path("apps/Drift.app/Info.plist")
        let before = try Data(contentsOf: URL(fileURLWithPath: plist))
        let (status, console) = CapturingConsole.run(["-o", plist, app])
        #expect(status == .usage)
        #expect(console.error == "bundlecheck: error: \(plist): refusing to write there: it is inside an input package \(app)\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: plist)) == before)
    }

    @Test func theRuleListAndExplanationDoNotOverwriteTheConfigurationOrARulePack() throws {
        let directory = try TemporaryDirectory()
        let config = try directory.write("fail-on: warning\n", to: "ci.yml")
        let (status, console) = CapturingConsole.run(["--list-rules", "--config", config, "-o", config])
        #expect(status == .usage)
        #expect(console.error == "bundlecheck: error: \(config): refusing to write there: it is the configuration file\n")
        #expect(try String(contentsOfFile: config, encoding: .utf8) == "fail-on: warning\n")
        try FileManager.default.createDirectory(atPath: directory.path("pack"), withIntermediateDirectories: true)
        let inPack = directory.path("pack/list.yml")
        let (explainStatus, explain) = CapturingConsole.run(["--explain", "junk-file", "--rules", directory.path("pack"), "-o", inPack])
        #expect(explainStatus == .usage)
        #expect(explain.error.contains("refusing to write there: it is inside a rule pack"))
        #expect(!FileManager.default.fileExists(atPath: inPack))
    }

    @Test func onePackageGivenTwiceIsAUsageError() throws {
        let directory = try TemporaryDirectory()
        let package = try Self.drifted(in: directory)
        let again = directory.path("./Drift.ipa")
        let (status, console) = CapturingConsole.run([package, package])
        #expect(status == .usage)
        #expect(console.error.hasPrefix("bundlecheck: error: '\(package)' given twice; check each package once\n"))
        let link = directory.path("link.ipa")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: package)
        let (linkStatus, linkConsole) = CapturingConsole.run([again, link])
        #expect(linkStatus == .usage)
        #expect(linkConsole.error.hasPrefix("bundlecheck: error: '\(link)' is the same file as '\(again)'"))
    }

    @Test func stdinFilenameNamesThePipedPackageInEveryFormat() throws {
        let directory = try TemporaryDirectory()
        let package = try Self.drifted(in: directory)
        let name = "build/Drift.ipa"
        let run = { (format: String) in
            CapturingConsole.run(
                ["--format", format, "--stdin-filename", name, "-"],
                environment: ["GITHUB_WORKSPACE": directory.url.path], workingDirectory: directory.url.path,
                standardInput: FileHandle(forReadingAtPath: package)
            ).1.output
        }
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run("json").utf8)) as? [String: Any])
        #expect((json["inputs"] as? [[String: Any]])?.first?["path"] as? String == name)
        let sarif = run("sarif")
        #expect(
            sarif.contains(#""uri" : "build\/Drift.ipa""#) || sarif.contains(#""uri":"build/Drift.ipa""#) || sarif.contains(#""uri": "build/Drift.ipa""#),
            "\(sarif.prefix(600))")
        #expect(!sarif.contains(#""uri": "-""#) && !sarif.contains(#""uri":"-""#))
        let gitlab = try #require(try JSONSerialization.jsonObject(with: Data(run("gitlab").utf8)) as? [[String: Any]])
        #expect(!gitlab.isEmpty)
        #expect(gitlab.allSatisfy { ($0["location"] as? [String: Any])?["path"] as? String == name })
        let annotations = run("github").split(separator: "\n").filter { $0.hasPrefix("::error") || $0.hasPrefix("::warning") }
        #expect(!annotations.isEmpty)
        #expect(annotations.allSatisfy { $0.contains("file=\(name)") }, "\(annotations)")
    }

    @Test func stdinFilenameNeedsADashAndMayNotNameAnotherInput() throws {
        let directory = try TemporaryDirectory()
        let package = try Self.drifted(in: directory)
        let (status, console) = CapturingConsole.run(["--stdin-filename", "x.ipa", package])
        #expect(status == .usage)
        #expect(console.error.contains("--stdin-filename names the package read from standard input"), "\(console.error)")
        let (again, clash) = CapturingConsole.run(["--stdin-filename", package, package, "-"])
        #expect(again == .usage)
        #expect(clash.error.contains("given twice") || clash.error.contains("is the same file as"), "\(clash.error)")
        #expect(CapturingConsole.run(["--stdin-filename", "", "-"]).0 == .usage)
    }
}
