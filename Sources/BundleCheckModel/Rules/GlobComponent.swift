/// One `/`-separated component of a compiled glob.
enum GlobComponent: Sendable, Hashable {
    /// `**`: zero or more whole path components.
    case anyDepth
    /// A component without wildcards, compared as a string.
    case literal(String)
    /// A component with `*`, `?` or `[...]`.
    case wildcard([GlobToken])

    /// Compiles one component of a pattern. Malformed parts are kept as literal
    /// characters (an unclosed `[` matches a `[`) and described in `problem`,
    /// which `Glob.validate` reports; matching never fails on them.
    static func compile(_ text: Substring) -> (component: GlobComponent, problem: String?) {
        if text == "**" { return (.anyDepth, nil) }
        var problem: String?
        if text.isEmpty {
            problem = "a component is empty (two slashes in a row, or a trailing slash)"
        } else if text.contains("**") {
            problem = "'**' must be a whole component between slashes, not part of '\(text)'"
        }
        let scalars = Array(text.unicodeScalars)
        var tokens: [GlobToken] = []
        var index = 0
        while index < scalars.count {
            switch scalars[index] {
            case "*":
                // `**` inside a component is reported above; it matches as `*`.
                if tokens.last != .anyRun { tokens.append(.anyRun) }
                index += 1
            case "?":
                tokens.append(.anyScalar)
                index += 1
            case "[":
                let parsed = parseClass(scalars, openingAt: index)
                if let characterClass = parsed.characterClass {
                    tokens.append(.characterClass(characterClass))
                    index = parsed.next
                } else {
                    tokens.append(.scalar("["))
                    index += 1
                }
                problem = problem ?? parsed.problem
            case let scalar:
                tokens.append(.scalar(scalar))
                index += 1
            }
        }
        let isLiteral = tokens.allSatisfy { if case .scalar = $0 { true } else { false } }
        return (isLiteral ? .literal(String(text)) : .wildcard(tokens), problem)
    }

    /// Whether `name`, one path component, matches. `*` takes a leading `.` like any other character.
    func matches(_ name: Substring) -> Bool {
        switch self {
        case .anyDepth: true
        case .literal(let text): name == text
        case .wildcard(let tokens): Self.matches(tokens, name.unicodeScalars)
        }
    }

    // MARK: - Private

    /// Every token but `*` takes exactly one character, so when a later token
    /// fails only the most recent `*` needs to take one more: no recursion, and
    /// at most pattern × name steps.
    private static func matches(_ tokens: [GlobToken], _ name: Substring.UnicodeScalarView) -> Bool {
        var token = 0
        var position = name.startIndex
        var lastRun: (token: Int, position: Substring.UnicodeScalarView.Index)?
        while position < name.endIndex {
            if token < tokens.count {
                if tokens[token] == .anyRun {
                    lastRun = (token, position)
                    token += 1
                    continue
                }
                if tokens[token].matchesOne(name[position]) {
                    token += 1
                    position = name.index(after: position)
                    continue
                }
            }
            guard let run = lastRun else { return false }
            let next = name.index(after: run.position)
            lastRun = (run.token, next)
            token = run.token + 1
            position = next
        }
        while token < tokens.count, tokens[token] == .anyRun {
            token += 1
        }
        return token == tokens.count
    }

    /// Reads `[...]` starting at the `[`. A `]` right after `[` or `[!` is a member;
    /// nil with a problem when the class never closes.
    private static func parseClass(
        _ scalars: [Unicode.Scalar],
        openingAt start: Int
    ) -> (characterClass: GlobCharacterClass?, next: Int, problem: String?) {
        var index = start + 1
        let isNegated = index < scalars.count && scalars[index] == "!"
        if isNegated { index += 1 }
        var members: [ClosedRange<Unicode.Scalar>] = []
        var problem: String?
        var isFirst = true
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "]" && !isFirst {
                return (GlobCharacterClass(isNegated: isNegated, members: members), index + 1, problem)
            }
            isFirst = false
            if index + 2 < scalars.count, scalars[index + 1] == "-", scalars[index + 2] != "]" {
                let end = scalars[index + 2]
                if end < scalar {
                    problem = problem ?? "the range '\(scalar)-\(end)' in a '[...]' class runs backwards"
                    members.append(end...scalar)
                } else {
                    members.append(scalar...end)
                }
                index += 3
            } else {
                members.append(scalar...scalar)
                index += 1
            }
        }
        return (nil, start + 1, "a '[' is never closed by ']'")
    }
}
