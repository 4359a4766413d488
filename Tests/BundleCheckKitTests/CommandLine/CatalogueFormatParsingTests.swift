import Testing

@testable import BundleCheckCommandLine
@testable import BundleCheckReports

/// `--format` with `--list-rules` and `--explain` is a `CatalogueFormat`, apart from the
/// `ReportFormat` of checks, so formats only reports have are usage errors with the catalogue.
@Suite struct CatalogueFormatParsingTests {
    static func given(format: String, listRules: Bool = false, explain: String? = nil, inputs: [String] = []) -> GivenOptions {
        var given = GivenOptions()
        given.format = format
        given.listRules = listRules
        given.explainID = explain
        given.inputs = inputs
        return given
    }

    @Test func theCatalogueGetsACatalogueFormatAndChecksAReportFormat() throws {
        guard case .listRules(let listing) = try CommandLineParser.parse(["--format", "json", "--list-rules"]) else {
            Issue.record("expected --list-rules")
            return
        }
        let catalogueFormat: CatalogueFormat = listing.format
        #expect(catalogueFormat == .json)

        guard case .check(let check) = try CommandLineParser.parse(["--format", "json", "A.ipa"]) else {
            Issue.record("expected a check")
            return
        }
        let reportFormat: ReportFormat = check.format
        #expect(reportFormat == .json)
    }

    @Test func explainTakesTextWrittenOrNot() throws {
        #expect(try CommandLineParser.parse(["--explain", "junk-file", "--format=text"]) == .explain(rule: "junk-file", CatalogueOptions()))
        #expect(try CommandLineParser.parse(["--explain", "junk-file"]) == .explain(rule: "junk-file", CatalogueOptions()))
    }

    @Test func formatAcceptsTheFormatsOfReportsAndOfTheCatalogue() throws {
        let format = try #require(CommandLineOption.all.first { $0.name == "--format" })
        let choices = try #require(format.choices)
        #expect(Set(ReportFormat.allCases.map(\.rawValue)).isSubset(of: choices))
        #expect(Set(CatalogueFormat.allCases.map(\.rawValue)).isSubset(of: choices))
        #expect(choices.count == Set(choices).count)
        #expect(CatalogueFormat.allCases.map(\.rawValue) == ["text", "json"])
    }

    // A report format the catalogue lacks (SARIF is coming) cannot be reached from the
    // command line yet, so `validate` is given it directly.
    @Test func aFormatTheCatalogueLacksIsAUsageErrorNamingTheCommandAndItsChoices() {
        #expect(throws: UsageError.formatNotAvailable(option: "--list-rules", format: "sarif", choices: ["text", "json"])) {
            try CommandLineParser.validate(Self.given(format: "sarif", listRules: true))
        }
        #expect(throws: UsageError.formatNotAvailable(option: "--explain", format: "sarif", choices: ["text", "json"])) {
            try CommandLineParser.validate(Self.given(format: "sarif", explain: "junk-file"))
        }
        let error = UsageError.formatNotAvailable(option: "--list-rules", format: "sarif", choices: ["text", "json"])
        #expect(error.description == "'--list-rules' cannot write '--format sarif'; choose one of: text, json")
    }

    @Test func aFormatReportsLackIsAUsageErrorForChecks() {
        #expect(throws: UsageError.invalidValue(option: "--format", value: "markdown", choices: ReportFormat.allCases.map(\.rawValue))) {
            try CommandLineParser.validate(Self.given(format: "markdown", inputs: ["A.ipa"]))
        }
    }

    @Test func aFormatNoCommandWritesIsRefusedWithTheCatalogueCommandsToo() {
        #expect(throws: UsageError.invalidValue(option: "--format", value: "xml", choices: CommandLineOption.formatNames)) {
            try CommandLineParser.parse(["--list-rules", "--format", "xml"])
        }
        #expect(throws: UsageError.invalidValue(option: "--format", value: "xml", choices: CommandLineOption.formatNames)) {
            try CommandLineParser.parse(["--explain", "junk-file", "-f", "xml"])
        }
    }
}
