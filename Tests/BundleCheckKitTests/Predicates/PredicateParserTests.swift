import Testing

@testable import BundleCheckFormats

@Suite struct PredicateParserTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let text: String
        /// The parsed tree, written fully parenthesised.
        let shape: String
        var testDescription: String { text.debugDescription }
    }

    static func parses(_ text: String, as shape: String) -> Case {
        Case(text: text, shape: shape)
    }

    /// A case whose canonical form is the text itself.
    static func same(_ text: String) -> Case {
        Case(text: text, shape: text)
    }

    static let precedenceCases: [Case] = [
        parses("a == 1 OR b == 2 AND c == 3", as: "(a == 1) OR ((b == 2) AND (c == 3))"),
        parses("a == 1 AND b == 2 OR c == 3", as: "((a == 1) AND (b == 2)) OR (c == 3)"),
        parses("NOT a == 1 AND b == 2", as: "(NOT (a == 1)) AND (b == 2)"),
        parses("NOT a == 1 OR b == 2", as: "(NOT (a == 1)) OR (b == 2)"),
        parses("NOT (a == 1 OR b == 2)", as: "NOT ((a == 1) OR (b == 2))"),
        parses("!a == 1 || b == 2 && c == 3", as: "(NOT (a == 1)) OR ((b == 2) AND (c == 3))"),
        parses("a == 1 AND b == 2 AND c == 3", as: "(a == 1) AND (b == 2) AND (c == 3)"),
        parses("a == 1 or b == 2 || c == 3", as: "(a == 1) OR (b == 2) OR (c == 3)"),
        parses("(a == 1 OR b == 2) AND c == 3", as: "((a == 1) OR (b == 2)) AND (c == 3)"),
        parses("NOT NOT a == 1", as: "NOT (NOT (a == 1))"),
        parses("((a == 1))", as: "a == 1"),
        parses("a + b * c == 7", as: "(a + (b * c)) == 7"),
        parses("a - b - c == 0", as: "((a - b) - c) == 0"),
        parses("a / b * c == 0", as: "((a / b) * c) == 0"),
        parses("2 ** 3 ** 2 == 512", as: "(2 ** (3 ** 2)) == 512"),
        parses("(a + 1) * 2 > 3", as: "((a + 1) * 2) > 3"),
        parses("-a == 1", as: "-(a) == 1"),
        parses("- 2.5 < x", as: "-2.5 < x"),
        parses("a == --1", as: "a == 1"),
    ]

    static let comparisonCases: [Case] = [
        same("a == 1"),
        parses("a = 1", as: "a == 1"),
        same("a != 1"),
        parses("a <> 1", as: "a != 1"),
        same("a < 1"),
        same("a <= 1"),
        parses("a =< 1", as: "a <= 1"),
        same("a > 1"),
        same("a >= 1"),
        parses("a => 1", as: "a >= 1"),
        parses("name BEGINSWITH 'x'", as: "name BEGINSWITH \"x\""),
        same("name CONTAINS \"x\""),
        same("name ENDSWITH \"x\""),
        same("name LIKE \"x*\""),
        same("name MATCHES \"x.*\""),
        same("a IN {1, 2}"),
        same("a BETWEEN {1, 5}"),
        same("ANY types UTI-CONFORMS-TO \"public.image\""),
        same("ANY types UTI-EQUALS \"public.png\""),
        parses("name contains[cd] 'x'", as: "name CONTAINS[cd] \"x\""),
        parses("name ==[c] 'x'", as: "name ==[c] \"x\""),
        parses("name LIKE[n] 'x'", as: "name LIKE[n] \"x\""),
        parses("name BEGINSWITH[dc] 'x'", as: "name BEGINSWITH[cd] \"x\""),
        parses("name MATCHES [ C ] 'x'", as: "name MATCHES[c] \"x\""),
        parses("name ENDSWITH[cdn] 'x'", as: "name ENDSWITH[cdn] \"x\""),
        parses("type UTI-CONFORMS-TO[c] 'public.image'", as: "type UTI-CONFORMS-TO[c] \"public.image\""),
        same("ANY a.b == 1"),
        parses("SOME a.b == 1", as: "ANY a.b == 1"),
        same("ALL a.b > 1"),
        same("NONE a.b < 1"),
        parses("any a == 1 and all b == 2 or none c == 3", as: "((ANY a == 1) AND (ALL b == 2)) OR (NONE c == 3)"),
    ]

    static let literalCases: [Case] = [
        same("a == TRUE"),
        parses("a == yes", as: "a == TRUE"),
        same("a == FALSE"),
        parses("a == No", as: "a == FALSE"),
        same("a == NULL"),
        parses("a == nil", as: "a == NULL"),
        same("SELF == a"),
        parses("self.name == 'x'", as: "SELF.name == \"x\""),
        same("ANYKEY == 1"),
        same("a == {}"),
        parses("a IN {1, 'x', {2, 3}}", as: "a IN {1, \"x\", {2, 3}}"),
        parses("a == 'it\\'s'", as: "a == \"it's\""),
        same(#"a == "say \"hi\"""#),
        same(#"a == "back\\slash""#),
        same(#"a == "tab\there\nand a line""#),
        parses(#"a == "\u00e9""#, as: "a == \"é\""),
        parses(#"a MATCHES "\d+""#, as: #"a MATCHES "\\d+""#),
        parses("a == 0x1F", as: "a == 31"),
        parses("a == 0o17", as: "a == 15"),
        parses("a == 0b101", as: "a == 5"),
        parses("a == 1.5e3", as: "a == 1500.0"),
        parses("a == 2E-2", as: "a == 0.02"),
        parses("a == -0x10", as: "a == -16"),
        same("a == -9223372036854775808"),
        same("a == 18446744073709551615"),
        parses("a == 18446744073709551616", as: "a == 1.8446744073709552e+19"),
        parses("a == -18446744073709551615", as: "a == -1.8446744073709552e+19"),
    ]

    static let expressionCases: [Case] = [
        same("a.b.c == 1"),
        same("$x.attachments.@count == 1"),
        same("items.@sum.price > 10"),
        same("items.@avg.price > 1"),
        same("items.@min.price > 1"),
        same("items.@max.price > 1"),
        same("@count == 1"),
        same("#IN == 1"),
        parses("#in == 1", as: "#in == 1"),
        same("a.#size == 1"),
        same("a.#UTI-CONFORMS-TO == 1"),
        same("now() > a"),
        same("CAST(\"1\", \"NSNumber\") == 1"),
        parses("cast('1', 'NSNumber') == 1", as: "CAST(\"1\", \"NSNumber\") == 1"),
        same("FUNCTION(SELF, \"length\") > 1"),
        same("a[0] == 1"),
        same("a[FIRST] == 1"),
        parses("a[last] == 1", as: "a[LAST] == 1"),
        same("a[SIZE] == 2"),
        same("a[0].b == 1"),
        parses("a[$i + 1] == 1", as: "a[($i + 1)] == 1"),
        same("SUBQUERY(items, $x, $x.a == 1).@count > 0"),
        same("SUBQUERY(SUBQUERY(a, $y, $y.b == 1), $x, $x.c == 2).@count > 0"),
        parses(
            "subquery(items, $x, $x.a == 1).@count > 0 and truepredicate or not falsepredicate",
            as: "((SUBQUERY(items, $x, $x.a == 1).@count > 0) AND TRUEPREDICATE) OR (NOT FALSEPREDICATE)"
        ),
        same("TRUEPREDICATE"),
        same("FALSEPREDICATE"),
        parses("  truePredicate\n", as: "TRUEPREDICATE"),
        parses("(a) == 1", as: "a == 1"),
    ]

    static let whiteSpaceCases: [Case] = [
        parses("a\n==\n1", as: "a == 1"),
        parses("\ta\t==\t1\t", as: "a == 1"),
        parses("a==1&&b==2", as: "(a == 1) AND (b == 2)"),
        parses("\r\nSUBQUERY\r\n(\r\nitems,\r\n$x,\r\n$x.a==1\r\n).@count>0\r\n", as: "SUBQUERY(items, $x, $x.a == 1).@count > 0"),
        parses("ANY\n$a.types\nUTI-CONFORMS-TO\n'public.image'", as: "ANY $a.types UTI-CONFORMS-TO \"public.image\""),
    ]

    @Test(arguments: precedenceCases)
    func notBindsTighterThanAndAndAndTighterThanOr(_ testCase: Case) {
        #expect(PredicateSamples.parse(testCase.text)?.description == testCase.shape)
    }

    @Test(arguments: comparisonCases)
    func everyComparisonOperatorModifierAndQuantifierParses(_ testCase: Case) {
        #expect(PredicateSamples.parse(testCase.text)?.description == testCase.shape)
    }

    @Test(arguments: literalCases)
    func literalsKeepTheirValue(_ testCase: Case) {
        #expect(PredicateSamples.parse(testCase.text)?.description == testCase.shape)
    }

    @Test(arguments: expressionCases)
    func keyPathsCallsIndexesAndSubqueriesParse(_ testCase: Case) {
        #expect(PredicateSamples.parse(testCase.text)?.description == testCase.shape)
    }

    @Test(arguments: whiteSpaceCases)
    func whiteSpaceAndLineBreaksMayGoAnywhereBetweenTokens(_ testCase: Case) {
        #expect(PredicateSamples.parse(testCase.text)?.description == testCase.shape)
    }

    @Test(arguments: precedenceCases + comparisonCases + literalCases + expressionCases)
    func theCanonicalFormParsesBackToTheSameTree(_ testCase: Case) throws {
        let first = try #require(PredicateSamples.parse(testCase.text))
        let second = try #require(PredicateSamples.parse(first.description))
        #expect(second.description == first.description)
    }

    @Test func precedenceShowsInTheTreeItself() throws {
        let predicate = try #require(PredicateSamples.parse("a == 1 OR NOT b == 2 AND c == 3"))
        guard case .or(let alternatives) = predicate.kind, alternatives.count == 2,
            case .comparison = alternatives[0].kind,
            case .and(let conjuncts) = alternatives[1].kind, conjuncts.count == 2,
            case .not(let negated) = conjuncts[0].kind, case .comparison = negated.kind,
            case .comparison(let last) = conjuncts[1].kind
        else {
            Issue.record("unexpected shape \(predicate)")
            return
        }
        #expect(last.comparisonOperator == .equal)
        #expect(last.right.kind == .number(.integer(PlistInteger(3))))
    }

    @Test func theSeedsMultiLineRuleParses() throws {
        let predicate = try #require(PredicateSamples.parse(PredicateSamples.seedRule))
        #expect(predicate.description == PredicateSamples.seedRuleDescription)
    }

    @Test func applesDocumentedExampleParses() throws {
        let predicate = try #require(PredicateSamples.parse(PredicateSamples.appleImageRule))
        #expect(predicate.description == PredicateSamples.appleImageRule)
    }

    @Test func nodesKeepTheirSourcePositions() throws {
        let predicate = try #require(PredicateSamples.parse(PredicateSamples.seedRule))
        guard case .comparison(let outerCount) = predicate.kind,
            case .keyPath(let outerBase?, _) = outerCount.left.kind,
            case .subquery(let outer) = outerBase.kind,
            case .comparison(let innerCount) = outer.predicate.kind,
            case .keyPath(let innerBase?, _) = innerCount.left.kind,
            case .subquery(let inner) = innerBase.kind,
            case .or(let alternatives) = inner.predicate.kind,
            case .comparison(let pdf) = alternatives[0].kind
        else {
            Issue.record("unexpected shape \(predicate)")
            return
        }
        let places = [
            predicate.location, outerBase.location, outer.variableLocation, innerBase.location, inner.variableLocation,
            alternatives[0].location, pdf.left.location, pdf.operatorLocation, pdf.right.location,
            outerCount.operatorLocation, outerCount.right.location,
        ].map { "\($0.line):\($0.column)" }
        #expect(places == ["1:1", "1:1", "3:21", "4:21", "6:25", "7:25", "7:29", "7:67", "7:83", "12:26", "12:29"])
        let line7 =
            String(repeating: " ", count: 24)
            + "ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO \"com.adobe.pdf\" ||"
        #expect(pdf.right.location.excerpt == line7 + "\n" + String(repeating: " ", count: 82) + "^")
    }

    @Test func chainsOfOneConnectiveStayFlatSoLongListsAreShallow() throws {
        let text = Array(repeating: "a == 1", count: 3_000).joined(separator: " OR ")
        let predicate = try #require(PredicateSamples.parse(text))
        guard case .or(let alternatives) = predicate.kind else {
            Issue.record("expected OR")
            return
        }
        #expect(alternatives.count == 3_000)
        #expect(predicate.height == 3)
    }

    @Test func nestingUpToTheLimitParses() {
        let depth = PredicateLimits.standard.maxDepth
        let text = String(repeating: "(", count: depth) + "a == 1" + String(repeating: ")", count: depth)
        #expect(PredicateSamples.parse(text)?.description == "a == 1")
    }
}
