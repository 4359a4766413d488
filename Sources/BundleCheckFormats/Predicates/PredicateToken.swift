/// One token of a predicate, with where it starts and how it was spelt.
struct PredicateToken: Sendable {
    let kind: PredicateTokenKind
    /// The characters as written, for messages.
    let text: String
    let location: PredicateSourceLocation

    /// How a message names the token: `end of predicate`, `'AND'`, `"abc"`, `$x`, `12`.
    var quoted: String {
        switch kind {
        case .end:
            return "end of predicate"
        case .string, .number, .variable:
            return Self.shortened(text)
        case .identifier, .keyword, .collectionOperator, .symbol, .invalid:
            return "'\(Self.shortened(text))'"
        }
    }

    var keyword: PredicateKeyword? {
        if case .keyword(let keyword) = kind { return keyword }
        return nil
    }

    var symbol: PredicateSymbol? {
        if case .symbol(let symbol) = kind { return symbol }
        return nil
    }

    func isKeyword(_ keyword: PredicateKeyword) -> Bool {
        self.keyword == keyword
    }

    func isSymbol(_ symbol: PredicateSymbol) -> Bool {
        self.symbol == symbol
    }

    /// Long strings are cut so a message stays on one readable line.
    static func shortened(_ text: String, limit: Int = 40) -> String {
        text.count > limit ? String(text.prefix(limit - 1)) + "…" : text
    }
}

/// What a token is; its spelling in the source is kept on the token itself.
enum PredicateTokenKind: Sendable, Hashable {
    /// A key, plain or escaped with `#` (then `escaped` is true and the name is never a keyword).
    case identifier(String, escaped: Bool)
    case keyword(PredicateKeyword)
    /// `$name`, without the `$`.
    case variable(String)
    /// `@count` and the other collection operators, without the `@`.
    case collectionOperator(String)
    /// The string's value, escapes resolved.
    case string(String)
    case number(PredicateNumber)
    case symbol(PredicateSymbol)
    /// Text the tokenizer could not read; parsing stops here with `message`.
    case invalid(message: String)
    case end
}

/// The reserved words of the predicate format language; matched without regard to case.
///
/// A reserved word cannot name a key unless it is escaped with `#` (`#IN`).
enum PredicateKeyword: String, Sendable, Hashable, CaseIterable {
    case and = "AND"
    case or = "OR"
    case not = "NOT"
    case any = "ANY"
    case all = "ALL"
    /// NONE: named so that it cannot be mistaken for `Optional.none`.
    case noneOf = "NONE"
    /// SOME: named so that it cannot be mistaken for `Optional.some`.
    case someOf = "SOME"
    case `in` = "IN"
    case like = "LIKE"
    case matches = "MATCHES"
    case contains = "CONTAINS"
    case beginsWith = "BEGINSWITH"
    case endsWith = "ENDSWITH"
    case between = "BETWEEN"
    case utiConformsTo = "UTI-CONFORMS-TO"
    case utiEquals = "UTI-EQUALS"
    case null = "NULL"
    case `self` = "SELF"
    case `true` = "TRUE"
    case `false` = "FALSE"
    case first = "FIRST"
    case last = "LAST"
    case size = "SIZE"
    case anyKey = "ANYKEY"
    case subquery = "SUBQUERY"
    case fetch = "FETCH"
    case cast = "CAST"
    case truePredicate = "TRUEPREDICATE"
    case falsePredicate = "FALSEPREDICATE"

    /// Spellings that mean the same word.
    private static let synonyms: [String: PredicateKeyword] = [
        "NIL": .null, "YES": .true, "NO": .false,
    ]

    private static let byName: [String: PredicateKeyword] = Dictionary(
        uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) }
    ).merging(synonyms) { first, _ in first }

    /// The keyword spelt by `word` in any case, or nil for an ordinary identifier.
    init?(word: String) {
        guard let keyword = Self.byName[word.uppercased()] else { return nil }
        self = keyword
    }
}

/// Punctuation and operators, each under its canonical spelling (`=` reads as `==`,
/// `<>` as `!=`, `=<` as `<=`, `=>` as `>=`).
enum PredicateSymbol: String, Sendable, Hashable {
    case openParenthesis = "("
    case closeParenthesis = ")"
    case openBrace = "{"
    case closeBrace = "}"
    case openBracket = "["
    case closeBracket = "]"
    case comma = ","
    case dot = "."
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case and = "&&"
    case or = "||"
    case not = "!"
    case plus = "+"
    case minus = "-"
    case times = "*"
    case divide = "/"
    case power = "**"
}
