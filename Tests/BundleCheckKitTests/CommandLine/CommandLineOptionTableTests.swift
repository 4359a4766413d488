import Foundation
import Testing

@testable import BundleCheckCommandLine
@testable import BundleCheckReports

/// `CommandLineOption.all`, the one list of options, and what is made from it.
@Suite struct CommandLineOptionTableTests {
    @Test func everySpellingBelongsToOneOption() {
        let spellings = CommandLineOption.all.flatMap { $0.shownNames + $0.otherSpellings }
        #expect(spellings.count == Set(spellings).count)
        #expect(spellings.allSatisfy { $0.hasPrefix("--") || ($0.count == 2 && $0.hasPrefix("-")) })
        #expect(CommandLineOption.all.allSatisfy { $0.name.hasPrefix("--") && !$0.help.isEmpty })
    }

    @Test func onlyRulesAndReportAreRepeatable() {
        #expect(CommandLineOption.all.filter(\.isRepeatable).map(\.name) == ["--report", "--rules"])
    }

    @Test func helpListsEveryOptionInTableOrder() throws {
        let help = BundleCheckCommand.help
        let start = try #require(help.range(of: "\nOPTIONS:\n")).upperBound
        let end = try #require(help.range(of: "\n\nCONFIGURATION:")).lowerBound
        let entries = help[start..<end].split(separator: "\n").filter { !$0.hasPrefix(String(repeating: " ", count: 26)) }
        let synopses = CommandLineOption.all.map { ($0.shownNames.joined(separator: ", ") + ($0.placeholder.map { " " + $0 } ?? "")) }
        #expect(entries.count == synopses.count)
        for (entry, synopsis) in zip(entries, synopses) {
            #expect(entry.hasPrefix("  \(synopsis) "), "\(entry)")
        }
    }

    @Test func helpSaysWhichDistributionEachKindOfInputGetsByDefault() throws {
        let distribution = try #require(CommandLineOption.all.first { $0.name == "--distribution" }).help.joined(separator: " ")
        #expect(distribution.contains("app-store for an .ipa or .app"))
        #expect(distribution.contains("an .xcarchive is re-signed at export, so without one its distribution checks are skipped"))
        #expect(distribution.contains("a Mac app or .pkg is checked for the channel its signature names"))
        let help = BundleCheckCommand.help
        let configuration = try #require(help.range(of: "\nCONFIGURATION:\n")).upperBound
        let exit = try #require(help.range(of: "\nEXIT STATUS:")).lowerBound
        let section = help[configuration..<exit]
        #expect(section.contains("    profile-expiry-warning-days: 30  # profile-expiring warns this many days"))
        #expect(section.contains("none for an .xcarchive"))
        #expect(section.contains("a Mac app's signature's channel"))
    }

    // The help text is written by hand; this catches a choice added to an enum and not to the help.
    @Test func helpNamesEveryChoiceOfAnOption() {
        for option in CommandLineOption.all {
            let text = option.help.joined(separator: " ")
            for choice in option.choices ?? [] {
                #expect(text.contains(choice), "\(option.name)'s help does not mention \(choice)")
            }
        }
    }

    @Test func aSynopsisThatReachesTheDescriptionColumnGetsALineOfItsOwn() {
        let long = CommandLineOption.value("--a-very-long-option", "<value>", help: ["First.", "Second."]) { _, _ in }
        let short = CommandLineOption.flag("--short", help: ["Only."]) { _ in }
        let indent = String(repeating: " ", count: 26)
        #expect(
            BundleCheckCommand.optionsHelp([long, short]) == """
                  --a-very-long-option <value>
                \(indent)First.
                \(indent)Second.
                  --short                 Only.
                """)
    }

    @Test func colourIsAnotherSpellingOfColor() throws {
        guard case .check(let options) = try CommandLineParser.parse(["--colour", "never", "A.ipa"]) else {
            Issue.record("expected a check")
            return
        }
        #expect(options.color == .never)
        #expect(throws: UsageError.repeatedOption("--color")) { try CommandLineParser.parse(["--color=always", "--colour", "never", "A.ipa"]) }
        #expect(throws: UsageError.missingValue(option: "--colour")) { try CommandLineParser.parse(["A.ipa", "--colour"]) }
        #expect(throws: UsageError.invalidValue(option: "--color", value: "yes", choices: ["auto", "always", "never"])) {
            try CommandLineParser.parse(["--colour=yes", "A.ipa"])
        }
    }

    @Test func dashIsAnInputAndShortOptionsTakeNoInlineValue() throws {
        guard case .check(let options) = try CommandLineParser.parse(["-", "-o", "-", "B.ipa"]) else {
            Issue.record("expected a check")
            return
        }
        #expect(options.inputs == ["-", "B.ipa"])
        #expect(options.outputPath == "-")
        #expect(throws: UsageError.unknownOption("-f=json")) { try CommandLineParser.parse(["-f=json", "A.ipa"]) }
        #expect(throws: UsageError.unexpectedValue(option: "--help")) { try CommandLineParser.parse(["--help=yes"]) }
    }

    @Test func anAnswerEndsParsingButEarlierErrorsStand() throws {
        #expect(try CommandLineParser.parse(["--version", "--bogus"]) == .version)
        #expect(throws: UsageError.unknownOption("--bogus")) { try CommandLineParser.parse(["--bogus", "--version"]) }
        var afterDoubleDash = CommandOptions()
        afterDoubleDash.inputs = ["--help"]
        #expect(try CommandLineParser.parse(["--", "--help"]) == .check(afterDoubleDash))
    }
}
