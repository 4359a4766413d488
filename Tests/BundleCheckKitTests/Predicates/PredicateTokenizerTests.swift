import Testing

@testable import BundleCheckFormats

@Suite struct PredicateTokenizerTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let text: String
        let tokens: [String]
        var testDescription: String { text.debugDescription }
    }

    static func tokens(_ text: String, _ tokens: String...) -> Case {
        Case(text: text, tokens: tokens)
    }

    /// A short, readable name for each token, `end` excluded.
    static func render(_ text: String) -> [String] {
        PredicateTokenizer.tokens(in: PredicateSource(text)).compactMap { token in
            switch token.kind {
            case .identifier(let name, let escaped): escaped ? "#\(name)" : "id:\(name)"
            case .keyword(let keyword): keyword.rawValue
            case .variable(let name): "$\(name)"
            case .collectionOperator(let name): "@\(name)"
            case .string(let value): "str:\(value)"
            case .number(.integer(let value)): "int:\(value)"
            case .number(.real(let value)): "real:\(value)"
            case .symbol(let symbol): symbol.rawValue
            case .invalid(let message): "invalid:\(message)"
            case .end: nil
            }
        }
    }

    static let keywordCases: [Case] = [
        tokens("and AND And && or OR || not NOT !", "AND", "AND", "AND", "&&", "OR", "OR", "||", "NOT", "NOT", "!"),
        tokens("any all none some", "ANY", "ALL", "NONE", "SOME"),
        tokens("in like matches contains beginswith endswith between", "IN", "LIKE", "MATCHES", "CONTAINS", "BEGINSWITH", "ENDSWITH", "BETWEEN"),
        tokens("UTI-CONFORMS-TO uti-equals Uti-Conforms-To", "UTI-CONFORMS-TO", "UTI-EQUALS", "UTI-CONFORMS-TO"),
        tokens("true yes false no null nil self anykey", "TRUE", "TRUE", "FALSE", "FALSE", "NULL", "NULL", "SELF", "ANYKEY"),
        tokens(
            "truepredicate FALSEPREDICATE subquery first last size cast fetch",
            "TRUEPREDICATE", "FALSEPREDICATE", "SUBQUERY", "FIRST", "LAST", "SIZE", "CAST", "FETCH"),
        // Only the two spellings with hyphens join: `uti - 1` is arithmetic.
        tokens("uti - 1", "id:uti", "-", "int:1"),
        tokens("UTI-CONFORMS-TOO", "id:UTI", "-", "id:CONFORMS", "-", "id:TOO"),
    ]

    static let nameCases: [Case] = [
        tokens("a.b_c.d1", "id:a", ".", "id:b_c", ".", "id:d1"),
        tokens("$attachment.registeredTypeIdentifiers", "$attachment", ".", "id:registeredTypeIdentifiers"),
        tokens("$x.items.@count", "$x", ".", "id:items", ".", "@count"),
        tokens("@sum.price @avg @min @max", "@sum", ".", "id:price", "@avg", "@min", "@max"),
        tokens("#IN #size #and", "#IN", "#size", "#and"),
        tokens("$IN", "$IN"),
        tokens("café", "id:café"),
    ]

    static let literalCases: [Case] = [
        tokens(#""double" 'single'"#, "str:double", "str:single"),
        tokens(#""say \"hi\"" 'it\'s' "back\\slash""#, #"str:say "hi""#, "str:it's", #"str:back\slash"#),
        tokens(#""a\nb\tc""#, "str:a\nb\tc"),
        tokens(#""\u00e9\u0041""#, "str:éA"),
        tokens(#""\d+""#, #"str:\d+"#),
        tokens(#""it's" 'say "hi"'"#, "str:it's", #"str:say "hi""#),
        tokens(#""""#, "str:"),
        tokens("0 42 18446744073709551615", "int:0", "int:42", "int:18446744073709551615"),
        tokens("0x1F 0XfF 0o17 0b101", "int:31", "int:255", "int:15", "int:5"),
        tokens("1.5 2e3 2E-2 1.25e+2", "real:1.5", "real:2000.0", "real:0.02", "real:125.0"),
        tokens("18446744073709551616", "real:1.8446744073709552e+19"),
        tokens("-1", "-", "int:1"),
    ]

    static let symbolCases: [Case] = [
        tokens("== = != <> < <= =< > >= =>", "==", "==", "!=", "!=", "<", "<=", "<=", ">", ">=", ">="),
        tokens("( ) { } [ ] , .", "(", ")", "{", "}", "[", "]", ",", "."),
        tokens("+ - * / **", "+", "-", "*", "/", "**"),
        tokens("a==1", "id:a", "==", "int:1"),
        tokens("CONTAINS[cd]", "CONTAINS", "[", "id:cd", "]"),
        tokens("a\n==\r\n\t1", "id:a", "==", "int:1"),
    ]

    static let invalidCases: [Case] = [
        tokens("a & b", "id:a", "invalid:unexpected character '&': the AND operator is written '&&' or AND"),
        tokens("a | b", "id:a", "invalid:unexpected character '|': the OR operator is written '||' or OR"),
        tokens("a == \u{201C}x\u{201D}", "id:a", "==", "invalid:unexpected character '\u{201C}': strings take straight quotes, \" or '"),
        tokens("a ; b", "id:a", "invalid:unexpected character ';'"),
        tokens("a \u{7} b", "id:a", "invalid:unexpected character the control character U+0007"),
        tokens("\"open", "invalid:unterminated string: no closing '\"' before the end of the predicate"),
        tokens("'open", "invalid:unterminated string: no closing \"'\" before the end of the predicate"),
        tokens(#""\u12""#, #"invalid:expected four hexadecimal digits after '\u' in a string, found '"'"#),
        tokens("$ x", "invalid:expected a variable name after '$', found white space"),
        tokens("a.@ ", "id:a", ".", "invalid:expected an operator name after '@' (such as @count), found white space"),
        tokens("#1", "invalid:expected a key after '#', found '1'"),
        tokens("12ab", "invalid:malformed decimal number '12ab'"),
        tokens("0x", "invalid:malformed hexadecimal number '0x'"),
        tokens("0b102", "invalid:malformed binary number '0b102'"),
        tokens("1e999", "invalid:number 1e999 is out of range"),
        // Nothing is read past the first problem.
        tokens("a & b & c", "id:a", "invalid:unexpected character '&': the AND operator is written '&&' or AND"),
    ]

    @Test(arguments: keywordCases)
    func keywordsAreReadInAnyCase(_ testCase: Case) {
        #expect(Self.render(testCase.text) == testCase.tokens)
    }

    @Test(arguments: nameCases)
    func keysVariablesOperatorsAndEscapedNamesAreRead(_ testCase: Case) {
        #expect(Self.render(testCase.text) == testCase.tokens)
    }

    @Test(arguments: literalCases)
    func stringsResolveEscapesAndNumbersKeepTheirValue(_ testCase: Case) {
        #expect(Self.render(testCase.text) == testCase.tokens)
    }

    @Test(arguments: symbolCases)
    func operatorSpellingsMapToOneSymbol(_ testCase: Case) {
        #expect(Self.render(testCase.text) == testCase.tokens)
    }

    @Test(arguments: invalidCases)
    func unreadableTextEndsTheTokensWithAMessage(_ testCase: Case) {
        #expect(Self.render(testCase.text) == testCase.tokens)
    }

    @Test func tokensKnowTheirLineAndColumnAcrossLineBreaks() {
        let tokens = PredicateTokenizer.tokens(in: PredicateSource("a ==\n\t  1 AND\r\nb"))
        let places = tokens.map { "\($0.location.line):\($0.location.column)@\($0.location.offset)" }
        #expect(places == ["1:1@0", "1:3@2", "2:4@8", "2:6@10", "3:1@14", "3:2@15"])
    }

    @Test func theEndSitsRightAfterTheLastTokenNotAfterTrailingWhiteSpace() throws {
        let tokens = PredicateTokenizer.tokens(in: PredicateSource("a == 1\n    \n  "))
        let end = try #require(tokens.last)
        #expect(end.kind == .end)
        #expect(end.location.line == 1)
        #expect(end.location.column == 7)
    }
}
