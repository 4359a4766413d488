import Testing

@testable import BundleCheckFormats

@Suite struct PredicateSyntaxErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let text: String
        let message: String
        let line: Int
        let column: Int
        /// The offending line and the caret line, joined by a line break.
        let excerpt: String
        var testDescription: String { text.debugDescription }
    }

    static func fails(_ text: String, _ message: String, at line: Int, _ column: Int, _ excerpt: [String]) -> Case {
        Case(text: text, message: message, line: line, column: column, excerpt: excerpt.joined(separator: "\n"))
    }

    static let cases: [Case] = [
        fails(
            "SUBQUERY(items, $x, $x.a == 1",
            "expected ')' to close SUBQUERY opened at column 1, found end of predicate", at: 1, 30,
            ["SUBQUERY(items, $x, $x.a == 1", "                             ^"]
        ),
        // A `)` missing on line 3: the next line's `)` closes the wrong thing.
        fails(
            "SUBQUERY(\n  extensionItems, $e,\n  ($e.a == 1 OR $e.b == 2\n).@count == 1",
            "expected ')' to close SUBQUERY opened at line 1, column 1, found '.'", at: 4, 2,
            [").@count == 1", " ^"]
        ),
        fails(
            "SUBQUERY(extensionItems, $item,\n    ANY $item.attachments.registeredTypeIdentifiers\n        UTI-CONFORMS-TO \"public.image\"\n",
            "expected ')' to close SUBQUERY opened at line 1, column 1, found end of predicate", at: 3, 39,
            ["        UTI-CONFORMS-TO \"public.image\"", "                                      ^"]
        ),
        fails(
            "(a == 1 OR b == 2",
            "expected ')' to close the '(' opened at column 1, found end of predicate", at: 1, 18,
            ["(a == 1 OR b == 2", "                 ^"]
        ),
        fails(
            "ANY $a.types UTI-CONFORMS-TO \"public.image",
            "unterminated string: no closing '\"' before the end of the predicate", at: 1, 30,
            ["ANY $a.types UTI-CONFORMS-TO \"public.image", "                             ^"]
        ),
        fails(
            "a == 1 AND\n  b == 'open\n",
            "unterminated string: no closing \"'\" before the end of the predicate", at: 2, 8,
            ["  b == 'open", "       ^"]
        ),
        fails(
            "$x.a == 1 & $x.b == 2",
            "unexpected character '&': the AND operator is written '&&' or AND", at: 1, 11,
            ["$x.a == 1 & $x.b == 2", "          ^"]
        ),
        fails(
            "a == 1 | b == 2",
            "unexpected character '|': the OR operator is written '||' or OR", at: 1, 8,
            ["a == 1 | b == 2", "       ^"]
        ),
        fails(
            "SUBQUERY(items, $x).@count > 0",
            "expected ',' and a predicate as the third argument of SUBQUERY, found ')'", at: 1, 19,
            ["SUBQUERY(items, $x).@count > 0", "                  ^"]
        ),
        fails(
            "SUBQUERY(items, x, x == 1).@count > 0",
            "expected a $variable as the second argument of SUBQUERY, found 'x'", at: 1, 17,
            ["SUBQUERY(items, x, x == 1).@count > 0", "                ^"]
        ),
        fails(
            "SUBQUERY items, $x, $x == 1",
            "expected '(' after SUBQUERY, found 'items'", at: 1, 10,
            ["SUBQUERY items, $x, $x == 1", "         ^"]
        ),
        fails(
            "SUBQUERY(items, $x, ANY $x.types UTI-CONFORMS-TO).@count == 1",
            "expected an expression after 'UTI-CONFORMS-TO', found ')'", at: 1, 49,
            ["SUBQUERY(items, $x, ANY $x.types UTI-CONFORMS-TO).@count == 1", "                                                ^"]
        ),
        fails(
            "ANY $a.types uti-conforms-to",
            "expected an expression after 'uti-conforms-to', found end of predicate", at: 1, 29,
            ["ANY $a.types uti-conforms-to", "                            ^"]
        ),
        fails(
            "ANY $a.types",
            "expected a comparison operator after 'ANY $a.types', found end of predicate", at: 1, 13,
            ["ANY $a.types", "            ^"]
        ),
        fails(
            "$x.isImage",
            "expected a comparison operator after '$x.isImage', found end of predicate", at: 1, 11,
            ["$x.isImage", "          ^"]
        ),
        fails(
            "a == 1 AND",
            "expected a predicate after 'AND', found end of predicate", at: 1, 11,
            ["a == 1 AND", "          ^"]
        ),
        fails(
            "NOT",
            "expected a predicate after 'NOT', found end of predicate", at: 1, 4,
            ["NOT", "   ^"]
        ),
        fails(
            "a == 1 )",
            "unexpected ')' without a matching '('", at: 1, 8,
            ["a == 1 )", "       ^"]
        ),
        fails(
            "a == 1 == 2",
            "expected AND, OR or the end of the predicate, found '=='", at: 1, 8,
            ["a == 1 == 2", "       ^"]
        ),
        fails(
            "a == (b == 1)",
            "expected an expression after '==', found a predicate", at: 1, 7,
            ["a == (b == 1)", "      ^"]
        ),
        fails(
            "",
            "expected a predicate, found end of predicate", at: 1, 1,
            ["", "^"]
        ),
        fails(
            "a ==[x] 1",
            "unknown comparison option 'x' in '[x]': the options are c (case-insensitive), d (diacritic-insensitive) and n (normalized)",
            at: 1, 6, ["a ==[x] 1", "     ^"]
        ),
        fails(
            "a CONTAINS[cx] 'b'",
            "unknown comparison option 'x' in '[cx]': the options are c (case-insensitive), d (diacritic-insensitive) and n (normalized)",
            at: 1, 13, ["a CONTAINS[cx] 'b'", "            ^"]
        ),
        fails(
            "a ==[c 1",
            "expected ']' to close the comparison options opened at column 5, found 1", at: 1, 8,
            ["a ==[c 1", "       ^"]
        ),
        fails(
            "a.size == 1",
            "expected a key after '.', found the reserved word 'size': write #size to use it as a key", at: 1, 3,
            ["a.size == 1", "  ^"]
        ),
        fails(
            "a == size",
            "expected an expression after '==', found 'size' (a reserved word: write #size to use it as a key)", at: 1, 6,
            ["a == size", "     ^"]
        ),
        fails(
            "in == 1",
            "expected a predicate, found 'in'", at: 1, 1,
            ["in == 1", "^"]
        ),
        fails(
            "a == {1, 2",
            "expected ',' or '}' in the aggregate opened at column 6, found end of predicate", at: 1, 11,
            ["a == {1, 2", "          ^"]
        ),
        fails(
            "a == \"\\u12\"",
            "expected four hexadecimal digits after '\\u' in a string, found '\"'", at: 1, 7,
            ["a == \"\\u12\"", "      ^"]
        ),
        fails(
            "a == 12ab",
            "malformed decimal number '12ab'", at: 1, 6,
            ["a == 12ab", "     ^"]
        ),
        fails(
            "$ == 1",
            "expected a variable name after '$', found white space", at: 1, 2,
            ["$ == 1", " ^"]
        ),
        // Tabs stay in the caret line, so the caret sits under the character in any tab width.
        fails(
            "\t\ta == 1 AND\n\t\tb ==",
            "expected an expression after '==', found end of predicate", at: 2, 7,
            ["\t\tb ==", "\t\t    ^"]
        ),
        // `\r\n` ends a line like `\n`, and is not part of the excerpt.
        fails(
            "a == 1 AND\r\nb == \r\n",
            "expected an expression after '==', found end of predicate", at: 2, 5,
            ["b == ", "    ^"]
        ),
    ]

    @Test(arguments: cases)
    func syntaxErrorsSayWhatWasExpectedAndPointAtWhatWasFound(_ testCase: Case) {
        do {
            let predicate = try PredicateParser.parse(testCase.text)
            Issue.record("parsed as \(predicate)")
        } catch {
            #expect(error.message == testCase.message)
            #expect(error.line == testCase.line)
            #expect(error.column == testCase.column)
            #expect(error.excerpt == testCase.excerpt)
        }
    }

    @Test func theOffsetCountsCharactersFromTheStart() {
        do {
            _ = try PredicateParser.parse("é == \"ü\" &")
        } catch {
            #expect(error.offset == 9)
            #expect(error.column == 10)
        }
    }

    @Test func longLinesAreShownAsAWindowAroundTheColumn() {
        let text = "a == 1 AND " + String(repeating: "b == 1 AND ", count: 30) + "c =="
        do {
            _ = try PredicateParser.parse(text)
            Issue.record("parsed")
        } catch {
            #expect(error.column == text.count + 1)
            let lines = error.excerpt.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == 2)
            #expect(lines[0].hasPrefix("…"))
            #expect(lines[0].hasSuffix("c =="))
            #expect(lines[0].count == PredicateSource.excerptWidth + 1)
            #expect(lines[1] == String(repeating: " ", count: lines[0].count) + "^")
        }
    }

    @Test func nestingBeyondTheLimitIsASyntaxErrorNotACrash() {
        let depth = PredicateLimits.standard.maxDepth + 1
        let deep: [String] = [
            String(repeating: "(", count: depth) + "a == 1" + String(repeating: ")", count: depth),
            String(repeating: "(", count: 50_000),
            String(repeating: "NOT ", count: 10_000) + "a == 1",
            "a == " + String(repeating: "-", count: 10_000) + "1",
            "a == " + String(repeating: "{", count: 10_000),
            String(repeating: "SUBQUERY(x, $x, ", count: 1_000),
            "a == " + Array(repeating: "1", count: depth + 5).joined(separator: " + "),
        ]
        for text in deep {
            do {
                _ = try PredicateParser.parse(text)
                Issue.record("parsed \(text.prefix(30))…")
            } catch {
                #expect(error.message == "the predicate nests deeper than \(PredicateLimits.standard.maxDepth) levels")
            }
        }
    }

    @Test func textLongerThanTheLimitIsASyntaxError() {
        let text = "a == \"" + String(repeating: "x", count: PredicateLimits.standard.maxBytes) + "\""
        do {
            _ = try PredicateParser.parse(text)
            Issue.record("parsed")
        } catch {
            #expect(error.message == "the predicate is \(text.utf8.count) bytes long; the limit is \(PredicateLimits.standard.maxBytes)")
            #expect(error.line == 1)
            #expect(error.column == 1)
            #expect(error.excerpt.hasSuffix("\n^"))
        }
    }
}
