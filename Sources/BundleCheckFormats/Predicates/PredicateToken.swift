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
