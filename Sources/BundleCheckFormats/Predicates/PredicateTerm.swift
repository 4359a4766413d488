/// What one level of the parser produced: a predicate, or an expression still waiting
/// for its comparison operator.
///
/// NSPredicate lets `(` open both a predicate (`(a == 1 OR b == 2)`) and an expression
/// (`(a + 1) * 2 > 3`); parsing both as terms and deciding when the operator shows up
/// avoids backtracking, which would be exponential in the nesting.
enum PredicateTerm {
    case predicate(Predicate)
    case expression(PredicateExpression)

    var location: PredicateSourceLocation {
        switch self {
        case .predicate(let predicate): predicate.location
        case .expression(let expression): expression.location
        }
    }
}
