/// The binary arithmetic operators of expressions, loosest first: `+ -`, then `* /`, then `**`.
public enum PredicateArithmeticOperator: String, Sendable, Hashable, CaseIterable {
    case add = "+"
    case subtract = "-"
    case multiply = "*"
    case divide = "/"
    case power = "**"
}
