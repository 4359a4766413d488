import Testing
@testable import BundleCheckKit

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
        #expect(throws: UsageError.invalidValue(option: "--format", value: "xml", choices: ["text", "json"])) {
            try CommandLineParser.parse(["--format=xml", "A.ipa"])
        }
    }

    @Test func invalidChoicesListTheValidOnes() {
        let error = UsageError.invalidValue(option: "--color", value: "yes", choices: ColorChoice.allCases.map(\.rawValue))
        #expect(error.description == "invalid value 'yes' for '--color'; choose one of: auto, always, never")
    }
}
