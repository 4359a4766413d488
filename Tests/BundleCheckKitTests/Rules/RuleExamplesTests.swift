import BundleCheckFixtures
import Testing

@testable import BundleCheckModel

/// Every example of every rule in `Rules/` runs here: adding a rule means adding a file.
@Suite struct RuleExamplesTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let rule: String
        let index: Int
        var testDescription: String { "\(rule) example \(index + 1)" }
    }

    static let cases: [Case] = RuleCatalogue.shipped.rules.flatMap { rule in
        rule.examples.indices.map { Case(rule: rule.id, index: $0) }
    }

    @Test(arguments: cases)
    func exampleGivesExactlyItsExpectedFindings(_ testCase: Case) throws {
        let catalogue = RuleCatalogue.shipped
        let rule = try #require(catalogue[testCase.rule])
        let example = rule.examples[testCase.index]
        for failure in RuleExampleRunner.run(example, of: rule, rules: catalogue.rules) {
            Issue.record(Comment(rawValue: failure.description))
        }
    }

    @Test func everyRuleHasTriggeringAndNonTriggeringExamples() {
        for rule in RuleCatalogue.shipped.rules {
            let triggering = rule.examples.filter(\.triggers).count
            #expect(triggering > 0, "\(rule.source.file) has no triggering example")
            #expect(triggering < rule.examples.count, "\(rule.source.file) has no non-triggering example")
        }
    }

    /// The meta-test: an example broken on purpose must be reported by the runner.
    @Test func runnerReportsABrokenExample() throws {
        let catalogue = RuleCatalogue.shipped
        let rule = try #require(catalogue["version-mismatch"])
        let triggering = rule.examples.filter(\.triggers)
        let example = try #require(triggering.first)
        #expect(RuleExampleRunner.run(example, of: rule, rules: catalogue.rules).isEmpty)

        let wrongCount = RuleExample(
            name: example.name, triggers: true, package: example.package,
            expectations: example.expectations.map {
                ExampleExpectation(rule: $0.rule, bundle: $0.bundle, keyPath: $0.keyPath, file: $0.file, count: $0.count + 1)
            },
            line: example.line
        )
        let failures = RuleExampleRunner.run(wrongCount, of: rule, rules: catalogue.rules)
        #expect(!failures.isEmpty)
        #expect(failures.first?.location == "Rules/version-mismatch.yml:\(example.line)")

        let wrongPlace = RuleExample(
            name: example.name, triggers: true, package: example.package,
            expectations: [ExampleExpectation(rule: rule.id, bundle: "Payload/Notes.app", keyPath: "/CFBundleVersion", count: 1)],
            line: example.line
        )
        #expect(!RuleExampleRunner.run(wrongPlace, of: rule, rules: catalogue.rules).isEmpty)

        let claimsQuiet = RuleExample(name: example.name, triggers: false, package: example.package, expectations: [], line: example.line)
        let quietFailures = RuleExampleRunner.run(claimsQuiet, of: rule, rules: catalogue.rules)
        #expect(quietFailures.contains { $0.message.contains("fired on a non-triggering example") })
    }
}
