import Foundation
import Testing

@testable import BundleCheckCommandLine
@testable import BundleCheckFormats
@testable import BundleCheckModel
@testable import BundleCheckReports

@Suite struct CommandLineParserTests {
    @Test func acceptsSeparateAndInlineValues() throws {
        let parsed = try CommandLineParser.parse(["--format", "json", "--output=out.json", "--color=never", "A.ipa", "B.ipa"])
        var expected = CommandOptions()
        expected.format = .json
        expected.outputPath = "out.json"
        expected.color = .never
        expected.inputs = ["A.ipa", "B.ipa"]
        #expect(parsed == .check(expected))
    }

    @Test func doubleDashEndsOptions() throws {
        guard case .check(let options) = try CommandLineParser.parse(["--", "--format", "-x.ipa"]) else {
            Issue.record("expected a check")
            return
        }
        #expect(options.inputs == ["--format", "-x.ipa"])
        #expect(options.format == .text)
    }

    @Test func helpAndVersionWinOverInputs() throws {
        #expect(try CommandLineParser.parse(["A.ipa", "--help"]) == .help)
        #expect(try CommandLineParser.parse(["-h"]) == .help)
        #expect(try CommandLineParser.parse(["--version"]) == .version)
    }

    @Test func usageErrorsNameTheProblem() {
        #expect(throws: UsageError.unknownOption("--verbose")) { try CommandLineParser.parse(["--verbose", "A.ipa"]) }
        #expect(throws: UsageError.missingValue(option: "--format")) { try CommandLineParser.parse(["A.ipa", "--format"]) }
        #expect(throws: UsageError.noInputs) { try CommandLineParser.parse(["--format", "json"]) }
        #expect(throws: UsageError.repeatedOption("--format")) { try CommandLineParser.parse(["-f", "json", "-f", "text", "A.ipa"]) }
        #expect(throws: UsageError.invalidValue(option: "--format", value: "xml", choices: ReportFormat.allCases.map(\.rawValue) + ["markdown"])) {
            try CommandLineParser.parse(["--format=xml", "A.ipa"])
        }
    }

    @Test func invalidChoicesListTheValidOnes() {
        let error = UsageError.invalidValue(option: "--color", value: "yes", choices: ColorChoice.allCases.map(\.rawValue))
        #expect(error.description == "invalid value 'yes' for '--color'; choose one of: auto, always, never")
    }

    @Test func rulesIsRepeatableAndTakesInlineValues() throws {
        guard case .check(let options) = try CommandLineParser.parse(["--rules=packs/a", "--rules", "packs/b", "A.ipa"]) else {
            Issue.record("expected a check")
            return
        }
        #expect(options.rulePacks == ["packs/a", "packs/b"])
        #expect(options.inputs == ["A.ipa"])
    }

    @Test func configAndBaselineOptionsTakeAFile() throws {
        var expected = CommandOptions()
        expected.configurationPath = "ci.yml"
        expected.baselinePath = "baseline.json"
        expected.inputs = ["A.ipa"]
        #expect(try CommandLineParser.parse(["--config", "ci.yml", "--baseline=baseline.json", "A.ipa"]) == .check(expected))

        var writing = CommandOptions()
        writing.writeBaselinePath = "new.json"
        writing.inputs = ["A.ipa"]
        #expect(try CommandLineParser.parse(["A.ipa", "--write-baseline", "new.json"]) == .check(writing))
    }

    @Test func listRulesAndExplainNeedNoInput() throws {
        var json = CatalogueOptions()
        json.format = .json
        json.rulePacks = ["packs"]
        #expect(try CommandLineParser.parse(["--list-rules", "--format", "json", "--rules", "packs"]) == .listRules(json))

        var configured = CatalogueOptions()
        configured.configurationPath = "c.yml"
        #expect(try CommandLineParser.parse(["--explain", "junk-file", "--config=c.yml"]) == .explain(rule: "junk-file", configured))
        #expect(try CommandLineParser.parse(["--explain=junk-file"]) == .explain(rule: "junk-file", CatalogueOptions()))
    }

    @Test func optionsThatDoNotGoTogetherAreUsageErrors() {
        #expect(throws: UsageError.conflictingOptions("--list-rules", "--explain")) { try CommandLineParser.parse(["--list-rules", "--explain", "junk-file"]) }
        #expect(throws: UsageError.inputsNotAllowed(option: "--list-rules")) { try CommandLineParser.parse(["--list-rules", "A.ipa"]) }
        #expect(throws: UsageError.inputsNotAllowed(option: "--explain")) { try CommandLineParser.parse(["--explain", "junk-file", "A.ipa"]) }
        #expect(throws: UsageError.conflictingOptions("--baseline", "--write-baseline")) {
            try CommandLineParser.parse(["--baseline", "a.json", "--write-baseline", "b.json", "A.ipa"])
        }
        #expect(throws: UsageError.conflictingOptions("--list-rules", "--baseline")) { try CommandLineParser.parse(["--list-rules", "--baseline", "a.json"]) }
        #expect(throws: UsageError.conflictingOptions("--explain", "--write-baseline")) {
            try CommandLineParser.parse(["--explain", "junk-file", "--write-baseline", "b.json"])
        }
        #expect(throws: UsageError.standardInputTwice) { try CommandLineParser.parse(["-", "A.ipa", "-"]) }
    }

    @Test func newOptionsRefuseMissingRepeatedAndUnexpectedValues() {
        #expect(throws: UsageError.missingValue(option: "--rules")) { try CommandLineParser.parse(["A.ipa", "--rules"]) }
        #expect(throws: UsageError.missingValue(option: "--rules")) { try CommandLineParser.parse(["--rules=", "A.ipa"]) }
        #expect(throws: UsageError.missingValue(option: "--explain")) { try CommandLineParser.parse(["--explain"]) }
        #expect(throws: UsageError.repeatedOption("--config")) { try CommandLineParser.parse(["--config", "a.yml", "--config", "b.yml", "A.ipa"]) }
        #expect(throws: UsageError.repeatedOption("--baseline")) { try CommandLineParser.parse(["--baseline", "a", "--baseline=b", "A.ipa"]) }
        #expect(throws: UsageError.unexpectedValue(option: "--list-rules")) { try CommandLineParser.parse(["--list-rules=yes"]) }
    }
}

@Suite struct SigningOptionParsingTests {
    @Test func distributionAndNowAreParsed() throws {
        guard case .check(let options) = try CommandLineParser.parse(["--distribution", "ad-hoc", "--now=2026-03-01", "A.ipa"]) else {
            Issue.record("expected a check")
            return
        }
        #expect(options.distribution == .adHoc)
        #expect(options.now == Date(timeIntervalSince1970: 1_772_323_200))
    }

    @Test func nowAcceptsUTCTimestamps() throws {
        guard case .check(let options) = try CommandLineParser.parse(["--now", "2026-03-01T12:00:00Z", "A.ipa"]) else {
            Issue.record("expected a check")
            return
        }
        #expect(options.now == Date(timeIntervalSince1970: 1_772_366_400))
    }

    @Test func badDistributionAndDateAreUsageErrors() {
        #expect(throws: UsageError.invalidValue(option: "--distribution", value: "testflight", choices: Distribution.allCases.map(\.rawValue))) {
            try CommandLineParser.parse(["--distribution", "testflight", "A.ipa"])
        }
        #expect(throws: UsageError.invalidDate(option: "--now", value: "March 1st")) {
            try CommandLineParser.parse(["--now", "March 1st", "A.ipa"])
        }
    }
}
