import BundleCheckInspection
import BundleCheckModel
import Foundation
import Testing

@testable import BundleCheckCommandLine
@testable import BundleCheckReports

/// The bash, zsh and fish completions, rendered from the option table: every option and value is
/// there, each script parses in its shell, and bash's completes what each option takes.
@Suite struct ShellCompletionTests {
    @Test func everyOptionTakesAKindOfValueTheCompletionsKnow() {
        for option in CommandLineOption.all {
            #expect(OptionValueCompletion(option) != nil, "\(option.name) takes \(option.placeholder ?? "-"): tell OptionValueCompletion how to complete it")
        }
        let completions = Dictionary(uniqueKeysWithValues: CommandLineOption.all.map { ($0.name, $0.valueCompletion) })
        #expect(completions["--explain"] == .ruleID)
        #expect(completions["--rules"] == .directory)
        #expect(completions["--output"] == .file)
        #expect(completions["--report"] == .reportRequest(formats: ReportFormat.allCases.map(\.rawValue)))
        #expect(completions["--verify-resources"] == OptionValueCompletion.none)
    }

    @Test(arguments: ShellCompletion.allCases)
    func everyScriptNamesEveryOptionAndChoice(shell: ShellCompletion) {
        let script = shell.script()
        for option in CommandLineOption.all {
            for spelling in option.allSpellings {
                // fish writes `-l format` and `-s f`; bash and zsh the spelling itself.
                let written = shell == .fish ? (spelling.hasPrefix("--") ? "-l " + spelling.dropFirst(2) : "-s " + spelling.dropFirst()) : spelling
                #expect(script.contains(written), "\(shell) does not complete \(spelling)")
            }
            for choice in option.choices ?? [] {
                #expect(script.contains(choice), "\(shell) does not offer \(choice) for \(option.name)")
            }
        }
    }

    @Test func summaryIsTheHelpsFirstClause() throws {
        let summaries = Dictionary(uniqueKeysWithValues: CommandLineOption.all.map { ($0.name, $0.summary) })
        #expect(summaries["--format"] == "Report format")
        // A colon inside parentheses does not end the clause.
        #expect(
            summaries["--rules"] == "Add every *.yml rule file under <dir> to the shipped rules and the configuration's rule-packs (format: Rules/FORMAT.md)")
        #expect(summaries["--help"] == "Show help information")
    }

    static func scriptFile(_ shell: ShellCompletion, in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("bundlecheck." + shell.rawValue)
        try shell.script().write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test(.enabled(if: ExternalTool.isInstalled("bash"), "bash is not installed"))
    func bashParsesItsScript() throws {
        let directory = try TemporaryDirectory()
        let result = try ExternalTool.run(["bash", "-n", Self.scriptFile(.bash, in: directory)])
        #expect(result.status == 0, "\(result.output)")
    }

    @Test(.enabled(if: ExternalTool.isInstalled("zsh"), "zsh is not installed"))
    func zshParsesItsScript() throws {
        let directory = try TemporaryDirectory()
        let result = try ExternalTool.run(["zsh", "-n", Self.scriptFile(.zsh, in: directory)])
        #expect(result.status == 0, "\(result.output)")
    }

    @Test(.enabled(if: ExternalTool.isInstalled("fish"), "fish is not installed"))
    func fishParsesItsScript() throws {
        let directory = try TemporaryDirectory()
        let result = try ExternalTool.run(["fish", "--no-execute", Self.scriptFile(.fish, in: directory)])
        #expect(result.status == 0, "\(result.output)")
    }

    /// What bash's completion offers for each command line (the words as bash splits them, the
    /// last one being completed), run in a folder holding `App.ipa` and a `packs` folder.
    static func bashCompletions(_ lines: [[String]]) throws -> [[String]] {
        let directory = try TemporaryDirectory()
        try Data().write(to: directory.url.appendingPathComponent("App.ipa"))
        try FileManager.default.createDirectory(at: directory.url.appendingPathComponent("packs"), withIntermediateDirectories: true)
        var program = "source \(ShellCompletion.quoted(try scriptFile(.bash, in: directory)))\n"
        for words in lines {
            program += "COMP_WORDS=(\(words.map(ShellCompletion.quoted).joined(separator: " "))); COMP_CWORD=\(words.count - 1); COMPREPLY=()\n"
            program += "_bundlecheck; printf '%s\\n' \"${COMPREPLY[*]}\"\n"
        }
        let result = try ExternalTool.run(["bash", "-c", program], in: directory.url)
        #expect(result.status == 0, "\(result.output)")
        return result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { $0.split(separator: " ").map(String.init).sorted() }
    }

    @Test(.enabled(if: ExternalTool.isInstalled("bash"), "bash is not installed"))
    func bashCompletesOptionsChoicesAndPaths() throws {
        let offered = try Self.bashCompletions([
            ["bundlecheck", "--"],
            ["bundlecheck", "--format", ""],
            ["bundlecheck", "--format", "=", "j"],
            ["bundlecheck", "--fail-on", "w"],
            ["bundlecheck", "--report", "sa"],
            ["bundlecheck", "--report", "sarif", "=", "A"],
            ["bundlecheck", "--rules", ""],
            ["bundlecheck", "--now", ""],
            ["bundlecheck", "--verify-resources", ""],
        ])
        #expect(offered.count == 9)
        guard offered.count == 9 else { return }
        #expect(offered[0] == CommandLineOption.all.map(\.name).sorted())
        #expect(offered[1] == CommandLineOption.formatNames.sorted())
        #expect(offered[2] == CommandLineOption.formatNames.filter { $0.hasPrefix("j") }.sorted())
        #expect(offered[3] == ["warning"])
        #expect(offered[4] == ["sarif="])
        #expect(offered[5] == ["App.ipa"])
        #expect(offered[6] == ["packs"])
        #expect(offered[7] == [])
        #expect(offered[8] == ["App.ipa", "bundlecheck.bash", "packs"])
    }

    /// `diff` is offered as the first word only, beside the packages, as the parser reads it.
    @Test(.enabled(if: ExternalTool.isInstalled("bash"), "bash is not installed"))
    func bashOffersTheSubcommandAsTheFirstWordOnly() throws {
        let offered = try Self.bashCompletions([
            ["bundlecheck", "di"], ["bundlecheck", ""], ["bundlecheck", "diff", "di"], ["bundlecheck", "App.ipa", "d"], ["bundlecheck", "-q", "di"],
        ])
        #expect(offered.count == 5)
        guard offered.count == 5 else { return }
        #expect(offered[0] == ["diff"])
        #expect(offered[1].contains("diff") && offered[1].contains("App.ipa"))
        #expect(offered[2] == [] && offered[3] == [] && offered[4] == [])
    }

    @Test(.enabled(if: ExternalTool.isInstalled("fish"), "fish is not installed"))
    func fishOffersTheSubcommandAsTheFirstWordOnly() throws {
        let directory = try TemporaryDirectory()
        // "dif": fish also offers files whose names hold the letters in order, which "di" would match.
        let lines = ["bundlecheck dif", "bundlecheck diff dif", "bundlecheck --fail-on error dif", "bundlecheck -q dif"]
        var program = "source \(ShellCompletion.quoted(try Self.scriptFile(.fish, in: directory)))\n"
        for line in lines {
            // echo: an empty line when nothing is offered.
            program += "echo (complete -C \(ShellCompletion.quoted(line)) | string replace -r '\\t.*' '' | string join ' ')\n"
        }
        let result = try ExternalTool.run(["fish", "--no-config", "-c", program], in: directory.url)
        #expect(result.status == 0, "\(result.output)")
        let offered = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(offered.prefix(4) == ["diff", "", "", ""])
    }

    @Test(.enabled(if: ExternalTool.isInstalled("fish"), "fish is not installed"))
    func fishCompletesChoicesReportRequestsAndFolders() throws {
        let directory = try TemporaryDirectory()
        try Data().write(to: directory.url.appendingPathComponent("App.ipa"))
        try FileManager.default.createDirectory(at: directory.url.appendingPathComponent("packs"), withIntermediateDirectories: true)
        let lines = ["bundlecheck --fail-on ", "bundlecheck --report sa", "bundlecheck --report sarif=A", "bundlecheck --rules p", "bundlecheck --col"]
        var program = "source \(ShellCompletion.quoted(try Self.scriptFile(.fish, in: directory)))\n"
        for line in lines {
            program += "complete -C \(ShellCompletion.quoted(line)) | string replace -r '\\t.*' '' | string join ' '\n"
        }
        let result = try ExternalTool.run(["fish", "--no-config", "-c", program], in: directory.url)
        #expect(result.status == 0, "\(result.output)")
        let offered = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(offered.prefix(5) == ["error warning", "sarif=", "sarif=App.ipa", "packs/", "--color --colour"])
    }

    static let built = BuiltProducts.executable(named: "bundlecheck")

    @Test(.enabled(if: ExternalTool.isInstalled("bash") && built != nil, "needs bash and the bundlecheck executable (swift build --build-tests)"))
    func bashCompletesRuleIDsFromTheBinaryBeingCompleted() throws {
        let executable = try #require(Self.built)
        let offered = try Self.bashCompletions([[executable.path, "--explain", ""], [executable.path, "--explain", "junk"]])
        #expect(offered.first == RuleCatalogue.shipped.rules.map(\.id).sorted())
        #expect(offered.last == ["junk-file"])
    }
}
