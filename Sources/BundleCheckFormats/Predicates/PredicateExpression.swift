/// An operand of a comparison: a literal, key path, variable, aggregate, SUBQUERY, …
struct PredicateExpression: Sendable, Hashable, CustomStringConvertible {
    let kind: PredicateExpressionKind
    let location: PredicateSourceLocation
    /// Levels of nodes below and including this one; bounded by `PredicateLimits.maxDepth`.
    let height: Int

    init(_ kind: PredicateExpressionKind, at location: PredicateSourceLocation) {
        self.kind = kind
        self.location = location
        self.height = 1 + kind.childHeight
    }

    /// NSPredicate format that parses back to the same tree.
    var description: String {
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
    var stringLiteral: String? {
        if case .string(let value) = kind { return value }
        return nil
    }

    /// Whether the expression is a literal: string, number, boolean or NULL.
    var isLiteral: Bool {
        switch kind {
        case .string, .number, .boolean, .null: true
        default: false
        }
    }
}

/// The forms an expression takes.
indirect enum PredicateExpressionKind: Sendable, Hashable {
    /// A quoted string, escapes resolved.
    case string(String)
    case number(PredicateNumber)
    /// `TRUE`/`YES` or `FALSE`/`NO`.
    case boolean(Bool)
    /// `NULL` or `NIL`.
    case null
    /// `SELF`.
    case evaluatedObject
    /// `ANYKEY`.
    case anyKey
    /// `$name`, without the `$`.
    case variable(String)
    /// `a.b.@count`, or `base.a` after a variable, SELF, SUBQUERY, call or index
    /// (`$attachment.registeredTypeIdentifiers`, `SUBQUERY(…).@count`).
    case keyPath(base: PredicateExpression?, components: [PredicateKeyPathComponent])
    /// `{a, b, …}`.
    case aggregate([PredicateExpression])
    case subquery(PredicateSubquery)
    /// `name(arguments)`, also `CAST(…)` and `FETCH(…)`.
    case function(name: String, arguments: [PredicateExpression])
    /// `base[0]`, `base[FIRST]`, `base[LAST]`, `base[SIZE]`.
    case index(base: PredicateExpression, position: PredicateIndex)
    case arithmetic(PredicateArithmeticOperator, PredicateExpression, PredicateExpression)
    /// Unary minus on anything but a number literal (`-1` is a literal).
    case negation(PredicateExpression)

    /// The greatest height among the direct children.
    var childHeight: Int {
        switch self {
        case .string, .number, .boolean, .null, .evaluatedObject, .anyKey, .variable:
            0
        case .keyPath(let base, _):
            base?.height ?? 0
        case .aggregate(let elements), .function(_, let elements):
            elements.map(\.height).max() ?? 0
        case .subquery(let subquery):
            max(subquery.collection.height, subquery.predicate.height)
        case .index(let base, let position):
            max(base.height, position.expression?.height ?? 0)
        case .arithmetic(_, let left, let right):
            max(left.height, right.height)
        case .negation(let operand):
            operand.height
        }
    }
}

/// One component of a key path: a key (`attachments`) or a collection operator (`@count`).
struct PredicateKeyPathComponent: Sendable, Hashable, CustomStringConvertible {
    /// The key, or the operator without its `@`.
    let name: String
    let isCollectionOperator: Bool
    let location: PredicateSourceLocation

    var description: String {
        if isCollectionOperator { return "@" + name }
        // A key spelt like a reserved word was written with `#` and must be again.
        return PredicateKeyword(word: name) == nil ? name : "#" + name
    }
}

/// `SUBQUERY(collection, $variable, predicate)`: the members of `collection` for which
/// `predicate` holds, with each member bound to `$variable` in turn.
struct PredicateSubquery: Sendable, Hashable, CustomStringConvertible {
    let collection: PredicateExpression
    /// Without the `$`.
    let variable: String
    let variableLocation: PredicateSourceLocation
    let predicate: Predicate

    var description: String {
        "SUBQUERY(\(collection), $\(variable), \(predicate))"
    }
}

/// What goes between the brackets of `array[…]`.
enum PredicateIndex: Sendable, Hashable, CustomStringConvertible {
    case position(PredicateExpression)
    case first
    case last
    case size

    var expression: PredicateExpression? {
        if case .position(let expression) = self { return expression }
        return nil
    }

    var description: String {
        switch self {
        case .position(let expression): expression.description
        case .first: "FIRST"
        case .last: "LAST"
        case .size: "SIZE"
        }
    }
}

/// The binary arithmetic operators of expressions, loosest first: `+ -`, then `* /`, then `**`.
enum PredicateArithmeticOperator: String, Sendable, Hashable, CaseIterable {
    case add = "+"
    case subtract = "-"
    case multiply = "*"
    case divide = "/"
    case power = "**"
}

/// A numeric literal: integers stay exact over the whole Int64 and UInt64 range, the
/// rest (decimals, exponents, integers too large even for UInt64) are reals.
enum PredicateNumber: Sendable, Hashable, CustomStringConvertible {
    case integer(PlistInteger)
    case real(Double)

    /// The number with its sign flipped; an integer below -2^63 becomes a real.
    var negated: PredicateNumber {
        switch self {
        case .integer(let value):
            if value.isNegative { return .integer(PlistInteger(value.magnitude)) }
            if value.magnitude == 0 { return self }
            if value.magnitude <= UInt64(Int64.max) + 1, let negative = PlistInteger(parsing: "-\(value.magnitude)") {
                return .integer(negative)
            }
            return .real(-Double(value.magnitude))
        case .real(let value):
            return .real(-value)
        }
    }

    /// The value as a Double, for comparisons that mix integers and reals.
    var doubleValue: Double {
        switch self {
        case .integer(let value): value.isNegative ? -Double(value.magnitude) : Double(value.magnitude)
        case .real(let value): value
        }
    }

    var description: String {
        switch self {
        case .integer(let value): value.description
        case .real(let value): value.description
        }
    }
}
