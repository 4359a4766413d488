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
