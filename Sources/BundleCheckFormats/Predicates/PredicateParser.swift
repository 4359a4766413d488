/// A recursive-descent parser for the NSPredicate format language, as Apple's
/// "Predicate Format String Syntax" describes it.
///
/// Precedence, loosest first: `OR`/`||`, `AND`/`&&`, `NOT`/`!`, comparisons, `+ -`, `* /`,
/// `**`, unary minus, then `.key`, `[index]` and the primaries. Keywords are matched
/// without regard to case. Hostile text cannot crash it or exhaust the stack: the text
/// is capped at `PredicateLimits.maxBytes` UTF-8 bytes and nesting at `maxDepth` levels,
/// both reported as syntax errors.
struct PredicateParser {
    private let tokens: [PredicateToken]
    private let limits: PredicateLimits
    private var position = 0
    private var depth = 0

    private init(tokens: [PredicateToken], limits: PredicateLimits) {
        self.tokens = tokens
        self.limits = limits
    }

    /// Parses `text` as a predicate, or throws the first problem in reading order.
    static func parse(_ text: String, limits: PredicateLimits = .standard) throws(PredicateSyntaxError) -> Predicate {
        guard text.utf8.count <= limits.maxBytes else {
            // Only the start of the first line is kept for the excerpt: the rest is not needed.
            let firstLine = text.prefix { !PredicateSource.isLineBreak($0) }.prefix(PredicateSource.excerptWidth)
            let location = PredicateSourceLocation(offset: 0, line: 1, column: 1, source: PredicateSource(String(firstLine)))
            throw PredicateSyntaxError(
                "the predicate is \(text.utf8.count) bytes long; the limit is \(limits.maxBytes)", at: location
            )
        }
        var parser = PredicateParser(tokens: PredicateTokenizer.tokens(in: PredicateSource(text)), limits: limits)
        return try parser.parseWhole()
    }

    private mutating func parseWhole() throws(PredicateSyntaxError) -> Predicate {
        guard Self.startsPredicate(current) else {
            throw unexpected("expected a predicate")
        }
        let predicate = try Self.requirePredicate(parseOr(), next: current)
        switch current.kind {
        case .end:
            return predicate
        case .symbol(.closeParenthesis):
            throw PredicateSyntaxError("unexpected ')' without a matching '('", at: current.location)
        default:
            throw unexpected("expected AND, OR or the end of the predicate")
        }
    }

    // MARK: Tokens

    private var current: PredicateToken { tokens[position] }

    @discardableResult
    private mutating func advance() -> PredicateToken {
        let token = tokens[position]
        if position < tokens.count - 1 { position += 1 }
        return token
    }

    /// One more level of nesting; throws past `limits.maxDepth`.
    private mutating func descend(at location: PredicateSourceLocation) throws(PredicateSyntaxError) {
        depth += 1
        guard depth <= limits.maxDepth else { throw tooDeep(at: location) }
    }

    private func tooDeep(at location: PredicateSourceLocation) -> PredicateSyntaxError {
        PredicateSyntaxError("the predicate nests deeper than \(limits.maxDepth) levels", at: location)
    }

    private static func startsExpression(_ token: PredicateToken) -> Bool {
        switch token.kind {
        case .string, .number, .variable, .identifier, .collectionOperator:
            return true
        case .keyword(let keyword):
            return [.true, .false, .null, .self, .anyKey, .subquery, .cast, .fetch].contains(keyword)
        case .symbol(let symbol):
            return symbol == .openParenthesis || symbol == .openBrace || symbol == .minus
        case .invalid, .end:
            return false
        }
    }

    private static func startsPredicate(_ token: PredicateToken) -> Bool {
        if startsExpression(token) || token.isSymbol(.not) { return true }
        guard let keyword = token.keyword else { return false }
        return [.not, .any, .all, .noneOf, .someOf, .truePredicate, .falsePredicate].contains(keyword)
    }

    // MARK: Errors

    /// "<expectation>, found <current token>", or the tokenizer's own message when it could not read on.
    private func unexpected(_ expectation: String) -> PredicateSyntaxError {
        Self.unexpected(expectation, found: current)
    }

    private static func unexpected(_ expectation: String, found token: PredicateToken) -> PredicateSyntaxError {
        if case .invalid(let message) = token.kind {
            return PredicateSyntaxError(message, at: token.location)
        }
        var message = "\(expectation), found \(token.quoted)"
        if let keyword = token.keyword, [.first, .last, .size].contains(keyword) {
            message += " (a reserved word: write #\(token.text) to use it as a key)"
        }
        return PredicateSyntaxError(message, at: token.location)
    }

    /// Where an opening token was, as a message names it from the current token.
    private func openedAt(_ location: PredicateSourceLocation) -> String {
        location.line == current.location.line
            ? "column \(location.column)"
            : "line \(location.line), column \(location.column)"
    }

    private static func mention(_ expression: PredicateExpression) -> String {
        let text = PredicateToken.shortened(expression.description)
        return expression.stringLiteral == nil ? "'\(text)'" : text
    }

    /// The parsed term as a predicate; `next` is the token after it, named when the term is
    /// an expression still missing its operator. Static, so that the parse in the first
    /// argument has moved on before `next` is read.
    private static func requirePredicate(_ term: PredicateTerm, next: PredicateToken) throws(PredicateSyntaxError) -> Predicate {
        switch term {
        case .predicate(let predicate):
            return predicate
        case .expression(let expression):
            throw unexpected("expected a comparison operator after \(mention(expression))", found: next)
        }
    }

    private static func requireExpression(_ term: PredicateTerm, after token: PredicateToken) throws(PredicateSyntaxError) -> PredicateExpression {
        switch term {
        case .expression(let expression):
            return expression
        case .predicate(let predicate):
            throw PredicateSyntaxError("expected an expression after \(token.quoted), found a predicate", at: predicate.location)
        }
    }

    private func makePredicate(_ kind: PredicateKind, at location: PredicateSourceLocation) throws(PredicateSyntaxError) -> Predicate {
        let predicate = Predicate(kind, at: location)
        guard predicate.height <= limits.maxDepth else { throw tooDeep(at: location) }
        return predicate
    }

    private func makeExpression(_ kind: PredicateExpressionKind, at location: PredicateSourceLocation) throws(PredicateSyntaxError) -> PredicateExpression {
        let expression = PredicateExpression(kind, at: location)
        guard expression.height <= limits.maxDepth else { throw tooDeep(at: location) }
        return expression
    }

    // MARK: Predicates

    private static func isOr(_ token: PredicateToken) -> Bool {
        token.isKeyword(.or) || token.isSymbol(.or)
    }

    private static func isAnd(_ token: PredicateToken) -> Bool {
        token.isKeyword(.and) || token.isSymbol(.and)
    }

    private mutating func parseOr() throws(PredicateSyntaxError) -> PredicateTerm {
        let first = try parseAnd()
        guard Self.isOr(current) else { return first }
        var operands = [try Self.requirePredicate(first, next: current)]
        while Self.isOr(current) {
            let connective = advance()
            guard Self.startsPredicate(current) else { throw unexpected("expected a predicate after \(connective.quoted)") }
            operands.append(try Self.requirePredicate(parseAnd(), next: current))
        }
        return .predicate(try makePredicate(.or(operands), at: operands[0].location))
    }

    private mutating func parseAnd() throws(PredicateSyntaxError) -> PredicateTerm {
        let first = try parseNot()
        guard Self.isAnd(current) else { return first }
        var operands = [try Self.requirePredicate(first, next: current)]
        while Self.isAnd(current) {
            let connective = advance()
            guard Self.startsPredicate(current) else { throw unexpected("expected a predicate after \(connective.quoted)") }
            operands.append(try Self.requirePredicate(parseNot(), next: current))
        }
        return .predicate(try makePredicate(.and(operands), at: operands[0].location))
    }

    private mutating func parseNot() throws(PredicateSyntaxError) -> PredicateTerm {
        guard current.isKeyword(.not) || current.isSymbol(.not) else { return try parseComparison() }
        let negation = advance()
        try descend(at: negation.location)
        defer { depth -= 1 }
        guard Self.startsPredicate(current) else { throw unexpected("expected a predicate after \(negation.quoted)") }
        let operand = try Self.requirePredicate(parseNot(), next: current)
        return .predicate(try makePredicate(.not(operand), at: negation.location))
    }

    private static func quantifier(_ token: PredicateToken) -> PredicateQuantifier? {
        switch token.keyword {
        case .any?, .someOf?: .any
        case .all?: .all
        case .noneOf?: .noneOf
        default: nil
        }
    }

    private static func comparisonOperator(_ token: PredicateToken) -> PredicateComparisonOperator? {
        switch token.kind {
        case .symbol(let symbol):
            switch symbol {
            case .equal: .equal
            case .notEqual: .notEqual
            case .less: .less
            case .lessOrEqual: .lessOrEqual
            case .greater: .greater
            case .greaterOrEqual: .greaterOrEqual
            default: nil
            }
        case .keyword(let keyword):
            switch keyword {
            case .beginsWith: .beginsWith
            case .contains: .contains
            case .endsWith: .endsWith
            case .like: .like
            case .matches: .matches
            case .in: .in
            case .between: .between
            case .utiConformsTo: .utiConformsTo
            case .utiEquals: .utiEquals
            default: nil
            }
        default:
            nil
        }
    }

    private mutating func parseComparison() throws(PredicateSyntaxError) -> PredicateTerm {
        if let quantifier = Self.quantifier(current) {
            let quantifierToken = advance()
            guard Self.startsExpression(current) else { throw unexpected("expected an expression after \(quantifierToken.quoted)") }
            let left = try Self.requireExpression(parseAdditive(), after: quantifierToken)
            guard let comparisonOperator = Self.comparisonOperator(current) else {
                throw unexpected("expected a comparison operator after '\(quantifierToken.text) \(PredicateToken.shortened(left.description))'")
            }
            return .predicate(try parseComparison(quantifier, left, comparisonOperator, at: quantifierToken.location))
        }
        let term = try parseAdditive()
        guard case .expression(let left) = term, let comparisonOperator = Self.comparisonOperator(current) else { return term }
        return .predicate(try parseComparison(nil, left, comparisonOperator, at: left.location))
    }

    /// The rest of a comparison: the current token is its operator, then come the
    /// `[cdn]` options and the right operand.
    private mutating func parseComparison(
        _ quantifier: PredicateQuantifier?, _ left: PredicateExpression,
        _ comparisonOperator: PredicateComparisonOperator, at location: PredicateSourceLocation
    ) throws(PredicateSyntaxError) -> Predicate {
        let operatorToken = advance()
        var options: PredicateComparisonOptions = []
        if current.isSymbol(.openBracket) {
            options = try parseComparisonOptions()
        }
        guard Self.startsExpression(current) else { throw unexpected("expected an expression after \(operatorToken.quoted)") }
        let right = try Self.requireExpression(parseAdditive(), after: operatorToken)
        let comparison = PredicateComparison(
            quantifier: quantifier, left: left, comparisonOperator: comparisonOperator,
            options: options, right: right, operatorLocation: operatorToken.location
        )
        return try makePredicate(.comparison(comparison), at: location)
    }

    /// `[c]`, `[d]`, `[n]` and their combinations, in either case.
    private mutating func parseComparisonOptions() throws(PredicateSyntaxError) -> PredicateComparisonOptions {
        let open = advance()
        guard case .identifier(let letters, escaped: false) = current.kind else {
            throw unexpected("expected comparison options (c, d, n) after '['")
        }
        let lettersToken = advance()
        var options: PredicateComparisonOptions = []
        for (index, letter) in letters.enumerated() {
            guard let option = PredicateComparisonOptions(letter: letter) else {
                let at = lettersToken.location
                let location = PredicateSourceLocation(
                    offset: at.offset + index, line: at.line, column: at.column + index, source: at.source
                )
                throw PredicateSyntaxError(
                    "unknown comparison option '\(letter)' in '[\(letters)]': the options are c (case-insensitive), d (diacritic-insensitive) and n (normalized)",
                    at: location
                )
            }
            options.insert(option)
        }
        guard current.isSymbol(.closeBracket) else {
            throw unexpected("expected ']' to close the comparison options opened at \(openedAt(open.location))")
        }
        advance()
        return options
    }

    // MARK: Expressions

    private mutating func parseAdditive() throws(PredicateSyntaxError) -> PredicateTerm {
        try parseBinary(operators: [.plus: .add, .minus: .subtract]) { parser throws(PredicateSyntaxError) in
            try parser.parseMultiplicative()
        }
    }

    private mutating func parseMultiplicative() throws(PredicateSyntaxError) -> PredicateTerm {
        try parseBinary(operators: [.times: .multiply, .divide: .divide]) { parser throws(PredicateSyntaxError) in
            try parser.parsePower()
        }
    }

    /// A left-associative chain of one precedence level.
    private mutating func parseBinary(
        operators: [PredicateSymbol: PredicateArithmeticOperator],
        operand: (inout PredicateParser) throws(PredicateSyntaxError) -> PredicateTerm
    ) throws(PredicateSyntaxError) -> PredicateTerm {
        var term = try operand(&self)
        while let symbol = current.symbol, let arithmeticOperator = operators[symbol] {
            let operatorToken = current
            guard case .expression(let left) = term else {
                throw PredicateSyntaxError("expected an expression before \(operatorToken.quoted), found a predicate", at: term.location)
            }
            advance()
            guard Self.startsExpression(current) else { throw unexpected("expected an expression after \(operatorToken.quoted)") }
            let right = try Self.requireExpression(operand(&self), after: operatorToken)
            term = .expression(try makeExpression(.arithmetic(arithmeticOperator, left, right), at: left.location))
        }
        return term
    }

    /// `a ** b ** c` groups to the right, as exponentiation does.
    private mutating func parsePower() throws(PredicateSyntaxError) -> PredicateTerm {
        let first = try parseUnary()
        guard current.isSymbol(.power) else { return first }
        guard case .expression(let firstExpression) = first else {
            throw PredicateSyntaxError("expected an expression before '**', found a predicate", at: first.location)
        }
        var operands = [firstExpression]
        while current.isSymbol(.power) {
            let operatorToken = advance()
            guard Self.startsExpression(current) else { throw unexpected("expected an expression after '**'") }
            operands.append(try Self.requireExpression(parseUnary(), after: operatorToken))
        }
        var result = operands.removeLast()
        while let left = operands.popLast() {
            result = try makeExpression(.arithmetic(.power, left, result), at: left.location)
        }
        return .expression(result)
    }

    private mutating func parseUnary() throws(PredicateSyntaxError) -> PredicateTerm {
        guard current.isSymbol(.minus) else { return try parsePostfix() }
        let minus = advance()
        try descend(at: minus.location)
        defer { depth -= 1 }
        guard Self.startsExpression(current) else { throw unexpected("expected an expression after '-'") }
        let operand = try Self.requireExpression(parseUnary(), after: minus)
        // `-1` is a literal, so that `@count == -1` can be told apart from a computed value.
        if case .number(let number) = operand.kind {
            return .expression(try makeExpression(.number(number.negated), at: minus.location))
        }
        return .expression(try makeExpression(.negation(operand), at: minus.location))
    }

    /// `.key`, `.@count` and `[index]` after a primary.
    private mutating func parsePostfix() throws(PredicateSyntaxError) -> PredicateTerm {
        let term = try parsePrimary()
        guard case .expression(var expression) = term else { return term }
        var pending: [PredicateKeyPathComponent] = []
        while true {
            if current.isSymbol(.dot) {
                advance()
                pending.append(try parseKeyPathComponent())
            } else if current.isSymbol(.openBracket) {
                expression = try appending(pending, to: expression)
                pending = []
                expression = try parseIndex(of: expression)
            } else {
                break
            }
        }
        return .expression(try appending(pending, to: expression))
    }

    /// Extends a key path, or starts one from another expression (`$x.a`, `SUBQUERY(…).@count`).
    private func appending(_ components: [PredicateKeyPathComponent], to expression: PredicateExpression) throws(PredicateSyntaxError) -> PredicateExpression {
        guard !components.isEmpty else { return expression }
        if case .keyPath(let base, let existing) = expression.kind {
            return try makeExpression(.keyPath(base: base, components: existing + components), at: expression.location)
        }
        return try makeExpression(.keyPath(base: expression, components: components), at: expression.location)
    }

    private mutating func parseKeyPathComponent() throws(PredicateSyntaxError) -> PredicateKeyPathComponent {
        let token = current
        switch token.kind {
        case .identifier(let name, _):
            advance()
            return PredicateKeyPathComponent(name: name, isCollectionOperator: false, location: token.location)
        case .collectionOperator(let name):
            advance()
            return PredicateKeyPathComponent(name: name, isCollectionOperator: true, location: token.location)
        case .keyword:
            throw PredicateSyntaxError(
                "expected a key after '.', found the reserved word \(token.quoted): write #\(token.text) to use it as a key",
                at: token.location
            )
        default:
            throw unexpected("expected a key after '.'")
        }
    }

    private mutating func parseIndex(of base: PredicateExpression) throws(PredicateSyntaxError) -> PredicateExpression {
        let open = advance()
        try descend(at: open.location)
        defer { depth -= 1 }
        let index: PredicateIndex
        switch current.keyword {
        case .first:
            advance()
            index = .first
        case .last:
            advance()
            index = .last
        case .size:
            advance()
            index = .size
        default:
            guard Self.startsExpression(current) else { throw unexpected("expected an index, FIRST, LAST or SIZE after '['") }
            index = .position(try Self.requireExpression(parseAdditive(), after: open))
        }
        guard current.isSymbol(.closeBracket) else {
            throw unexpected("expected ']' to close the index opened at \(openedAt(open.location))")
        }
        advance()
        return try makeExpression(.index(base: base, position: index), at: base.location)
    }

    private mutating func parsePrimary() throws(PredicateSyntaxError) -> PredicateTerm {
        let token = current
        let location = token.location
        switch token.kind {
        case .string(let value):
            advance()
            return .expression(try makeExpression(.string(value), at: location))
        case .number(let value):
            advance()
            return .expression(try makeExpression(.number(value), at: location))
        case .variable(let name):
            advance()
            return .expression(try makeExpression(.variable(name), at: location))
        case .identifier(let name, _):
            advance()
            if current.isSymbol(.openParenthesis) {
                return .expression(try parseCall(name: name, at: location))
            }
            let component = PredicateKeyPathComponent(name: name, isCollectionOperator: false, location: location)
            return .expression(try makeExpression(.keyPath(base: nil, components: [component]), at: location))
        case .collectionOperator(let name):
            advance()
            let component = PredicateKeyPathComponent(name: name, isCollectionOperator: true, location: location)
            return .expression(try makeExpression(.keyPath(base: nil, components: [component]), at: location))
        case .keyword(let keyword):
            return try parseKeywordPrimary(keyword, token: token)
        case .symbol(.openParenthesis):
            return try parseParenthesised()
        case .symbol(.openBrace):
            return .expression(try parseAggregate())
        default:
            throw unexpected("expected an expression")
        }
    }

    private mutating func parseKeywordPrimary(_ keyword: PredicateKeyword, token: PredicateToken) throws(PredicateSyntaxError) -> PredicateTerm {
        let location = token.location
        let kind: PredicateExpressionKind
        switch keyword {
        case .true: kind = .boolean(true)
        case .false: kind = .boolean(false)
        case .null: kind = .null
        case .self: kind = .evaluatedObject
        case .anyKey: kind = .anyKey
        case .truePredicate, .falsePredicate:
            advance()
            return .predicate(try makePredicate(.constant(keyword == .truePredicate), at: location))
        case .subquery:
            return .expression(try parseSubquery())
        case .cast, .fetch:
            advance()
            guard current.isSymbol(.openParenthesis) else { throw unexpected("expected '(' after \(token.quoted)") }
            return .expression(try parseCall(name: keyword.rawValue, at: location))
        default:
            throw unexpected("expected an expression")
        }
        advance()
        return .expression(try makeExpression(kind, at: location))
    }

    /// `( … )` around a predicate or an expression; which one is decided by what is inside.
    private mutating func parseParenthesised() throws(PredicateSyntaxError) -> PredicateTerm {
        let open = advance()
        try descend(at: open.location)
        defer { depth -= 1 }
        guard Self.startsPredicate(current) else { throw unexpected("expected a predicate or an expression after '('") }
        let inner = try parseOr()
        guard current.isSymbol(.closeParenthesis) else {
            throw unexpected("expected ')' to close the '(' opened at \(openedAt(open.location))")
        }
        advance()
        return inner
    }

    private mutating func parseAggregate() throws(PredicateSyntaxError) -> PredicateExpression {
        let open = advance()
        try descend(at: open.location)
        defer { depth -= 1 }
        var elements: [PredicateExpression] = []
        if current.isSymbol(.closeBrace) {
            advance()
            return try makeExpression(.aggregate(elements), at: open.location)
        }
        while true {
            guard Self.startsExpression(current) else {
                throw unexpected("expected an expression in the aggregate opened at \(openedAt(open.location))")
            }
            elements.append(try Self.requireExpression(parseAdditive(), after: open))
            if current.isSymbol(.comma) {
                advance()
            } else if current.isSymbol(.closeBrace) {
                advance()
                return try makeExpression(.aggregate(elements), at: open.location)
            } else {
                throw unexpected("expected ',' or '}' in the aggregate opened at \(openedAt(open.location))")
            }
        }
    }

    /// `name(argument, …)`; the current token is the `(`.
    private mutating func parseCall(name: String, at location: PredicateSourceLocation) throws(PredicateSyntaxError) -> PredicateExpression {
        let open = advance()
        try descend(at: open.location)
        defer { depth -= 1 }
        var arguments: [PredicateExpression] = []
        if current.isSymbol(.closeParenthesis) {
            advance()
            return try makeExpression(.function(name: name, arguments: arguments), at: location)
        }
        while true {
            guard Self.startsExpression(current) else { throw unexpected("expected an argument of \(name)()") }
            arguments.append(try Self.requireExpression(parseAdditive(), after: open))
            if current.isSymbol(.comma) {
                advance()
            } else if current.isSymbol(.closeParenthesis) {
                advance()
                return try makeExpression(.function(name: name, arguments: arguments), at: location)
            } else {
                throw unexpected("expected ',' or ')' in the call to \(name)( opened at \(openedAt(open.location))")
            }
        }
    }

    /// `SUBQUERY(collection, $variable, predicate)`; the current token is SUBQUERY.
    private mutating func parseSubquery() throws(PredicateSyntaxError) -> PredicateExpression {
        let keyword = advance()
        guard current.isSymbol(.openParenthesis) else { throw unexpected("expected '(' after SUBQUERY") }
        advance()
        try descend(at: keyword.location)
        defer { depth -= 1 }
        guard Self.startsExpression(current) else {
            throw unexpected("expected a collection as the first argument of SUBQUERY")
        }
        let collection = try Self.requireExpression(parseAdditive(), after: keyword)
        guard current.isSymbol(.comma) else {
            throw unexpected("expected ',' after the collection of SUBQUERY")
        }
        advance()
        guard case .variable(let variable) = current.kind else {
            throw unexpected("expected a $variable as the second argument of SUBQUERY")
        }
        let variableToken = advance()
        guard current.isSymbol(.comma) else {
            throw unexpected("expected ',' and a predicate as the third argument of SUBQUERY")
        }
        advance()
        guard Self.startsPredicate(current) else {
            throw unexpected("expected a predicate as the third argument of SUBQUERY")
        }
        let predicate = try Self.requirePredicate(parseOr(), next: current)
        guard current.isSymbol(.closeParenthesis) else {
            throw unexpected("expected ')' to close SUBQUERY opened at \(openedAt(keyword.location))")
        }
        advance()
        let subquery = PredicateSubquery(
            collection: collection, variable: variable, variableLocation: variableToken.location, predicate: predicate
        )
        return try makeExpression(.subquery(subquery), at: keyword.location)
    }
}

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

/// A predicate that does not parse: what was expected and what was found, and where.
struct PredicateSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Lowercase, e.g. "expected ')' to close SUBQUERY opened at column 1, found end of predicate".
    let message: String
    let location: PredicateSourceLocation

    init(_ message: String, at location: PredicateSourceLocation) {
        self.message = message
        self.location = location
    }

    /// Index of the character at fault, from 0.
    var offset: Int { location.offset }
    /// 1-based, inside the predicate string.
    var line: Int { location.line }
    /// 1-based, inside the predicate string.
    var column: Int { location.column }
    /// The offending line of the predicate, then a caret under the column.
    var excerpt: String { location.excerpt }

    var description: String {
        "\(line):\(column): \(message)\n\(excerpt)"
    }
}
