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
