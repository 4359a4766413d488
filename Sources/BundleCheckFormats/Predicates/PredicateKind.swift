/// The forms a predicate takes.
public indirect enum PredicateKind: Sendable, Hashable {
    /// `TRUEPREDICATE` or `FALSEPREDICATE`.
    case constant(Bool)
    /// `NOT p` or `!p`.
    case not(Predicate)
    /// `a AND b AND …` (or `&&`): two or more operands.
    case and([Predicate])
    /// `a OR b OR …` (or `||`): two or more operands.
    case or([Predicate])
    case comparison(PredicateComparison)

    /// The greatest height among the direct children.
    var childHeight: Int {
        switch self {
        case .constant: 0
        case .not(let operand): operand.height
        case .and(let operands), .or(let operands): operands.map(\.height).max() ?? 0
        case .comparison(let comparison): max(comparison.left.height, comparison.right.height)
        }
    }
}
