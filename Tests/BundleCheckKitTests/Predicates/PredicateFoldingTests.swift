import Testing

@testable import BundleCheckFormats

@Suite struct PredicateFoldingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let text: String
        let truth: Bool?
        var testDescription: String { "\(text.debugDescription) is \(truth.map(String.init) ?? "unknown")" }
    }

    static func isTrue(_ text: String) -> Case { Case(text: text, truth: true) }
    static func isFalse(_ text: String) -> Case { Case(text: text, truth: false) }
    static func isUnknown(_ text: String) -> Case { Case(text: text, truth: nil) }

    static let cases: [Case] = [
        isTrue("TRUEPREDICATE"),
        isTrue("truepredicate"),
        isTrue("  TruePredicate \n"),
        isTrue("(TRUEPREDICATE)"),
        isTrue("NOT FALSEPREDICATE"),
        isTrue("!FALSEPREDICATE"),
        isTrue("1 == 1"),
        isTrue("\"a\" == \"a\""),
        isTrue("'a' = \"a\""),
        isTrue("2 > 1"),
        isTrue("1 < 2.5"),
        isTrue("1.0 == 1"),
        isTrue("0x10 == 16"),
        isTrue("-1 < 0"),
        isTrue("TRUE == YES"),
        isTrue("TRUE == 1"),
        isTrue("NULL == NIL"),
        isTrue("NULL != 0"),
        isTrue("1 != 2"),
        isTrue("1 <> 2"),
        isTrue("\"abc\" BEGINSWITH \"ab\""),
        isTrue("\"abc\" ENDSWITH \"bc\""),
        isTrue("\"abc\" CONTAINS \"b\""),
        isTrue("\"ABC\" ==[c] \"abc\""),
        isTrue("\"ABC\" CONTAINS[cd] \"b\""),
        isTrue("1 IN {3, 2, 1}"),
        isTrue("5 BETWEEN {1, 10}"),
        isTrue("ANY {1, 2} == 2"),
        isTrue("ALL {1, 2} > 0"),
        isTrue("NONE {1, 2} == 3"),
        isTrue("\"public.image\" UTI-EQUALS \"PUBLIC.IMAGE\""),
        isTrue("\"public.image\" UTI-CONFORMS-TO \"public.image\""),
        isTrue("$x.a == 1 OR TRUEPREDICATE"),
        isTrue("TRUEPREDICATE OR SUBQUERY(extensionItems, $e, $e.a == 1).@count == 1"),
        isTrue("NOT (FALSEPREDICATE AND a == 1)"),
        isTrue("(1 == 1) AND (2 == 2) AND NOT (3 == 4)"),
        isTrue("a == 1 OR 1 == 1"),

        isFalse("FALSEPREDICATE"),
        isFalse("NOT TRUEPREDICATE"),
        isFalse("1 == 2"),
        isFalse("\"a\" == \"b\""),
        isFalse("\"a\" != \"a\""),
        isFalse("1 > 2"),
        isFalse("1e3 < 999"),
        isFalse("TRUE == NO"),
        isFalse("NULL == 0"),
        isFalse("\"ABC\" == \"abc\""),
        isFalse("\"abc\" CONTAINS \"x\""),
        isFalse("4 IN {1, 2}"),
        isFalse("11 BETWEEN {1, 10}"),
        isFalse("ALL {1, 2} == 1"),
        isFalse("NONE {1, 2} == 1"),
        isFalse("$x.a == 1 AND FALSEPREDICATE"),
        isFalse("FALSEPREDICATE AND SUBQUERY(items, $x, $x.a == 1).@count == 1"),
        isFalse("NOT (a == 1 OR TRUEPREDICATE)"),

        isUnknown("a == 1"),
        isUnknown("NOT a == 1"),
        isUnknown("SUBQUERY(extensionItems, $e, $e.a == 1).@count == 1"),
        isUnknown("SUBQUERY(items, $x, TRUEPREDICATE).@count > 0"),
        isUnknown("a == 1 OR FALSEPREDICATE"),
        isUnknown("a == 1 AND TRUEPREDICATE"),
        isUnknown("SELF == SELF"),
        isUnknown("\"a\" == 1"),
        isUnknown("\"é\" ==[c] \"É\""),
        isUnknown("\"abc\" LIKE \"a*\""),
        isUnknown("\"abc\" MATCHES \"a.*\""),
        isUnknown("\"abc\" BEGINSWITH \"\""),
        isUnknown("\"public.jpeg\" UTI-CONFORMS-TO \"public.image\""),
        isUnknown("1 + 1 == 2"),
        isUnknown("1 IN {a, 2}"),
        isUnknown("ANY a == 1"),
        isUnknown("\"a\" < \"b\""),
    ]

    @Test(arguments: cases)
    func literalsAloneDecideTheTruthOrLeaveItUnknown(_ testCase: Case) throws {
        let predicate = try #require(PredicateSamples.parse(testCase.text))
        #expect(PredicateFolding.truthValue(of: predicate) == testCase.truth)
    }

    @Test func theTableCoversEnoughOfEachOutcome() {
        #expect(Self.cases.count >= 25)
        #expect(Self.cases.filter { $0.truth == true }.count >= 10)
        #expect(Self.cases.filter { $0.truth == false }.count >= 10)
        #expect(Self.cases.filter { $0.truth == nil }.count >= 10)
    }

    @Test func theSeedsRuleDependsOnWhatIsShared() throws {
        let predicate = try #require(PredicateSamples.parse(PredicateSamples.seedRule))
        #expect(PredicateFolding.truthValue(of: predicate) == nil)
    }
}
