import Testing

@testable import BundleCheckFormats
@testable import BundleCheckInspection

@Suite struct ActivationRulePredicateTests {
    typealias Support = ActivationRuleTestSupport

    struct Case: Sendable, CustomTestStringConvertible {
        let text: String
        let observations: [String]
        var testDescription: String { text.debugDescription }
    }

    static func check(_ text: String, _ observations: String...) -> Case {
        Case(text: text, observations: observations)
    }

    struct AcceptsCase: Sendable, CustomTestStringConvertible {
        let text: String
        let accepts: [String]
        var testDescription: String { text.debugDescription }
    }

    static func accepts(_ text: String, _ accepts: String...) -> AcceptsCase {
        AcceptsCase(text: text, accepts: accepts)
    }

    static let alwaysTrueCases: [Case] = [
        check("TRUEPREDICATE", "always-true literally"),
        check("truepredicate", "always-true literally"),
        check("  TruePredicate\n", "always-true literally"),
        check("\n\t(TRUEPREDICATE)\n", "always-true literally"),
        check("NOT FALSEPREDICATE", "always-true"),
        check("1 == 1", "always-true"),
        check("TRUEPREDICATE OR " + PredicateSamples.appleImageRule, "always-true"),
        check(PredicateSamples.appleImageRule + " || 'a' == 'a'", "always-true"),
    ]

    static let neverMatchesCases: [Case] = [
        check("FALSEPREDICATE", "never-matches"),
        check("1 == 2", "never-matches"),
        check(PredicateSamples.appleImageRule + " AND NOT TRUEPREDICATE", "never-matches"),
    ]

    static let invalidCases: [Case] = [
        check("", "invalid value /: the activation rule is an empty string; write a predicate or use the dictionary form"),
        check(" \n\t ", "invalid value /: the activation rule is an empty string; write a predicate or use the dictionary form"),
        check(
            "SUBQUERY(extensionItems, $e,\n  ANY $e.attachments.registeredTypeIdentifiers UTI-CONFORMS-TO\n).@count == 1",
            "invalid value / 3:1: the predicate does not parse: expected an expression after 'UTI-CONFORMS-TO', found ')'"
        ),
        check(
            "ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.image\"",
            "invalid value / 1:5: $attachment is not bound by an enclosing SUBQUERY"
        ),
        check(
            "SUBQUERY(extensionItems, $e, ANY $e.attachments.registeredTypeIdentifiers UTI-CONFORMS-TO \"pdf\").@count == -1",
            "invalid value / 1:91: 'pdf' is not a well-formed type identifier: it is not a reverse-DNS identifier; did you mean 'com.adobe.pdf'?",
            "invalid value / 1:108: @count is compared with -1; counts are non-negative integers"
        ),
    ]

    static let noteCases: [Case] = [
        check(
            "SUBQUERY(extensionItems, $e, ANY $e.attachments.registeredTypeIdentifiers UTI-CONFORMS-TO \"com.example.notes\").@count == 1",
            "note / 1:91: unknown type identifier 'com.example.notes'; if it is your own type, declare it in UTExportedTypeDeclarations"
        )
    ]

    static let acceptsCases: [AcceptsCase] = [
        accepts(
            PredicateSamples.seedRule,
            "{com.adobe.pdf, 1}", "{public.image, 1}", "{public.zip-archive, 1}", "{com.pkware.zip-archive, 1}"
        ),
        accepts(PredicateSamples.appleImageRule, "{public.image, 1}"),
        // The bound comes from the innermost SUBQUERY: here the attachments are not counted.
        accepts(
            "SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.image\").@count >= 1).@count == 1",
            "{public.image, nil}"
        ),
        accepts(
            "SUBQUERY(extensionItems, $e, ANY $e.attachments.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.url\").@count == 1",
            "{public.url, 1}"
        ),
        accepts(
            "SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.image\").@count <= 10).@count == 1",
            "{public.image, 10}"
        ),
        accepts(
            "SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.movie\").@count < 3).@count == 1",
            "{public.movie, 2}"
        ),
        accepts(
            "SUBQUERY(extensionItems, $e, 5 >= SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers UTI-EQUALS \"public.png\").@count).@count == 1",
            "{public.png, 5}"
        ),
        // An aggregate lists several types; each is reported once, in the order written.
        accepts(
            "SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO {\"public.image\", \"public.movie\"} OR ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO \"PUBLIC.IMAGE\").@count == 2).@count == 1",
            "{public.image, 2}", "{public.movie, 2}"
        ),
        // What a rule keeps out is not what it accepts.
        accepts(
            "SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.image\" AND NOT ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.heic\").@count == 1).@count == 1",
            "{public.image, 1}"
        ),
        accepts(
            "SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, NONE $a.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.movie\").@count == 1).@count == 1"
        ),
        accepts(
            "SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.pdf\").@count == 1 AND SUBQUERY($e.attachments, $b, ANY $b.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.movie\").@count == 0).@count == 1",
            "{public.pdf, 1}"
        ),
        // Malformed identifiers are errors, not accepted types.
        accepts("SUBQUERY(extensionItems, $e, ANY $e.attachments.registeredTypeIdentifiers UTI-CONFORMS-TO \"pdf\").@count == 1"),
        accepts("TRUEPREDICATE", "{public.item, nil}"),
        accepts("FALSEPREDICATE"),
    ]

    @Test(arguments: alwaysTrueCases)
    func rulesThatFoldToTrueAreAlwaysTrue(_ testCase: Case) {
        #expect(Support.rendered(.string(testCase.text)) == testCase.observations)
    }

    @Test(arguments: neverMatchesCases)
    func rulesThatFoldToFalseNeverMatch(_ testCase: Case) {
        #expect(Support.rendered(.string(testCase.text)) == testCase.observations)
    }

    @Test(arguments: invalidCases)
    func emptyUnparsableAndSemanticallyWrongRulesAreInvalidValues(_ testCase: Case) {
        #expect(Support.rendered(.string(testCase.text)) == testCase.observations)
    }

    @Test(arguments: noteCases)
    func unknownTypeIdentifiersAreNotes(_ testCase: Case) {
        #expect(Support.rendered(.string(testCase.text)) == testCase.observations)
    }

    @Test(arguments: acceptsCases)
    func acceptsListsTheTypeIdentifiersWithTheirSubqueryBound(_ testCase: AcceptsCase) {
        #expect(Support.accepted(.string(testCase.text)) == testCase.accepts)
    }

    @Test func theSeedsRuleIsValidAndAcceptsPDFsImagesAndZipArchives() throws {
        let analysis = ActivationRuleAnalysis(rule: .string(PredicateSamples.seedRule), types: .shipped)
        #expect(analysis.observations.isEmpty)
        #expect(analysis.predicate?.description == PredicateSamples.seedRuleDescription)
        #expect(
            analysis.accepts == [
                ActivationRuleAcceptedType(type: "com.adobe.pdf", max: 1),
                ActivationRuleAcceptedType(type: "public.image", max: 1),
                ActivationRuleAcceptedType(type: "public.zip-archive", max: 1),
                ActivationRuleAcceptedType(type: "com.pkware.zip-archive", max: 1),
            ])
    }

    @Test func aSyntaxErrorKeepsItsLineColumnAndExcerpt() throws {
        let analysis = ActivationRuleAnalysis(rule: .string("SUBQUERY(extensionItems, $e,\n  $e.a == 1 &\n).@count == 1"), types: .shipped)
        let problem = try #require(analysis.problems.first)
        #expect(problem.kind == .value)
        #expect(problem.kind == .value)
        #expect(problem.pointer == .root)
        #expect(problem.line == 2)
        #expect(problem.column == 13)
        #expect(problem.excerpt == "  $e.a == 1 &\n            ^")
        #expect(analysis.predicate == nil)
        #expect(analysis.accepts.isEmpty)
    }

    @Test func literalTruePredicateIsToldApartFromOneThatFoldsToTrue() {
        #expect(ActivationRuleAnalysis(rule: .string(" TRUEPREDICATE "), types: .shipped).isLiterallyTruePredicate)
        let folded = ActivationRuleAnalysis(rule: .string("TRUEPREDICATE OR FALSEPREDICATE"), types: .shipped)
        #expect(folded.isAlwaysTrue)
        #expect(!folded.isLiterallyTruePredicate)
    }

    @Test func aRuleWithBuildSettingsIsLeftToTheUnexpandedVariableRule() {
        let analysis = ActivationRuleAnalysis(rule: .string("$(ACTIVATION_RULE)"), types: .shipped)
        #expect(analysis.form == .unexpanded)
        #expect(analysis.observations.isEmpty)
    }
}
