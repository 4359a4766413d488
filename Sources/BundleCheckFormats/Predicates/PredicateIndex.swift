/// What goes between the brackets of `array[…]`.
public enum PredicateIndex: Sendable, Hashable, CustomStringConvertible {
    case position(PredicateExpression)
    case first
    case last
    case size

    var expression: PredicateExpression? {
        if case .position(let expression) = self { return expression }
        return nil
    }

    public var description: String {
        switch self {
        case .position(let expression): expression.description
        case .first: "FIRST"
        case .last: "LAST"
        case .size: "SIZE"
        }
    }
}
