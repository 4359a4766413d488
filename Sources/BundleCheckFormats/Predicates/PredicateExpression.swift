/// An operand of a comparison: a literal, key path, variable, aggregate, SUBQUERY, …
public struct PredicateExpression: Sendable, Hashable, CustomStringConvertible {
    public let kind: PredicateExpressionKind
    public let location: PredicateSourceLocation
    /// Levels of nodes below and including this one; bounded by `PredicateParser.maximumDepth`.
    let height: Int

    init(_ kind: PredicateExpressionKind, at location: PredicateSourceLocation) {
        self.kind = kind
        self.location = location
        self.height = 1 + kind.childHeight
    }

    /// NSPredicate format that parses back to the same tree.
    public var description: String {
        switch kind {
        case .string(let value):
            return Self.quoted(value)
        case .number(let value):
            return value.description
        case .boolean(let value):
            return value ? "TRUE" : "FALSE"
        case .null:
            return "NULL"
        case .evaluatedObject:
            return "SELF"
        case .anyKey:
            return "ANYKEY"
        case .variable(let name):
            return "$" + name
        case .keyPath(let base, let components):
            let path = components.map(\.description).joined(separator: ".")
            guard let base else { return path }
            return base.postfixBaseDescription + "." + path
        case .aggregate(let elements):
            return "{" + elements.map(\.description).joined(separator: ", ") + "}"
        case .subquery(let subquery):
            return subquery.description
        case .function(let name, let arguments):
            let isReservedWord = PredicateKeyword(word: name) != nil
            let spelt = isReservedWord && !Self.callableKeywords.contains(name) ? "#" + name : name
            return spelt + "(" + arguments.map(\.description).joined(separator: ", ") + ")"
        case .index(let base, let position):
            return base.postfixBaseDescription + "[" + position.description + "]"
        case .arithmetic(let arithmeticOperator, let left, let right):
            return "(\(left) \(arithmeticOperator.rawValue) \(right))"
        case .negation(let operand):
            return "-(\(operand))"
        }
    }

    /// Keywords that are written like function calls.
    static let callableKeywords: Set<String> = ["CAST", "FETCH"]

    /// The description as the base of `.key` or `[index]`: parenthesised when it would
    /// otherwise read differently (`(a + b).c`, `(-1).c`).
    var postfixBaseDescription: String {
        switch kind {
        case .arithmetic, .negation, .number: "(\(description))"
        default: description
        }
    }

    /// A string literal in double quotes, escaped so it reads back the same.
    static func quoted(_ value: String) -> String {
        var result = "\""
        for character in value {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case "\0": result += "\\0"
            default: result.append(character)
            }
        }
        return result + "\""
    }

    /// The string value when this is a string literal.
    public var stringLiteral: String? {
        if case .string(let value) = kind { return value }
        return nil
    }

    /// Whether the expression is a literal: string, number, boolean or NULL.
    public var isLiteral: Bool {
        switch kind {
        case .string, .number, .boolean, .null: true
        default: false
        }
    }
}
