/// A glob over `/`-separated paths: `*` and `?` within one component, `[abc]`
/// classes, `**` for any number of components. Other characters, `(`, `{`, `$`
/// included, stand for themselves.
///
/// Unlike a shell, `*` matches a leading `.`: `**/*` must see `.DS_Store`.
/// The pattern is compiled once, at `init`, into per-component matchers.
package struct Glob: Sendable, Hashable, CustomStringConvertible {
    package let pattern: String
    /// Derived from `pattern`, so equality and hashing look at the pattern alone.
    let components: [GlobComponent]
    /// The UTF-8 bytes of each run of plain scalars of a wildcard last component (`$(` of
    /// `*$(*`): any name it matches holds each of them.
    private let lastComponentRuns: [[UInt8]]
    /// The bytes of a literal last component that is ASCII, which bytes alone can then decide.
    private let asciiLastLiteral: [UInt8]?

    package init(_ pattern: String) {
        self.pattern = pattern
        self.components = Self.split(pattern).map { GlobComponent.compile($0).component }
        var runs: [[UInt8]] = []
        if case .wildcard(let tokens)? = components.last {
            var run: [UInt8] = []
            for token in tokens {
                if case .scalar(let scalar) = token {
                    run += Array(String(scalar).utf8)
                } else if !run.isEmpty {
                    runs.append(run)
                    run = []
                }
            }
            if !run.isEmpty { runs.append(run) }
        }
        lastComponentRuns = runs
        if case .literal(let text)? = components.last, text.utf8.allSatisfy({ $0 < 0x80 }) {
            asciiLastLiteral = Array(text.utf8)
        } else {
            asciiLastLiteral = nil
        }
    }

    package var description: String { pattern }

    package static func == (lhs: Glob, rhs: Glob) -> Bool {
        lhs.pattern == rhs.pattern
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(pattern)
    }

    /// What is wrong with `pattern`, or nil when it is a well-formed glob.
    ///
    /// Refused: the empty pattern, a leading `/` (paths are relative), empty
    /// components (`a//b`, `a/`), `**` sharing a component with other characters
    /// (`a**`), an unclosed `[`, and a backwards range (`[z-a]`).
    package static func validate(_ pattern: String) -> String? {
        if pattern.isEmpty { return "the pattern is empty" }
        if pattern.hasPrefix("/") {
            return "the pattern starts with '/', but paths are relative to the bundle or the package root"
        }
        for component in split(pattern) {
            if let problem = GlobComponent.compile(component).problem { return problem }
        }
        return nil
    }

    /// Whether the `/`-separated relative `path` matches the whole pattern.
    package func matches(_ path: String) -> Bool {
        matches(components: Self.split(path))
    }

    /// Matches a path already split into components, so that many globs can share one split
    /// (an array, or a compact view such as the rule engine's `PathComponents`).
    package func matches<Path: RandomAccessCollection>(components path: Path) -> Bool
    where Path.Element == Substring, Path.Index == Int {
        // A pattern that does not end in `**` must match the path's last component:
        // one comparison turns away almost every path a rule looks at.
        if let last = components.last, last != .anyDepth, let final = path.last, !last.matches(final) {
            return false
        }
        // A `**` can take any number of components and every other component
        // exactly one, so on a mismatch only the latest `**` takes one more.
        var index = 0
        var position = 0
        var lastAnyDepth: (index: Int, position: Int)?
        while position < path.count {
            if index < components.count {
                if components[index] == .anyDepth {
                    lastAnyDepth = (index, position)
                    index += 1
                    continue
                }
                if components[index].matches(path[position]) {
                    index += 1
                    position += 1
                    continue
                }
            }
            guard let anyDepth = lastAnyDepth else { return false }
            lastAnyDepth = (anyDepth.index, anyDepth.position + 1)
            index = anyDepth.index + 1
            position = anyDepth.position + 1
        }
        while index < components.count, components[index] == .anyDepth {
            index += 1
        }
        return index == components.count
    }

    /// Whether a path whose last component is the UTF-8 `name` can match, decided from the bytes
    /// alone: false turns the path away without making a `String` of it, true says nothing.
    /// A literal decides only when it and the name are both ASCII (two ASCII strings are the same
    /// exactly when their bytes are; a Kelvin sign in either equals a K under canonical
    /// equivalence); a `*suffix` or wildcard by its plain scalars, which compare scalar by scalar.
    package func mayMatch(lastComponent name: UnsafeBufferPointer<UInt8>) -> Bool {
        switch components.last {
        case .literal?:
            guard let literal = asciiLastLiteral, ByteSearch.isASCII(name) else { return true }
            return name.elementsEqual(literal)
        case .suffix(let suffix)?:
            // Suffixes compare by scalars, so by their UTF-8 bytes exactly.
            return Self.endsWith(name, suffix[...])
        case .wildcard(let tokens)?:
            // Wildcards match scalar by scalar too: the plain scalars before the first wildcard
            // (`._` of `._*`) must start the name, those after the last one end it, and every
            // run of them is somewhere in it.
            var bytes = name.makeIterator()
            for token in tokens {
                guard case .scalar(let scalar) = token else { break }
                for byte in scalar.utf8 where bytes.next() != byte { return false }
            }
            var reversedBytes = name.reversed().makeIterator()
            for token in tokens.reversed() {
                guard case .scalar(let scalar) = token else { break }
                for byte in scalar.utf8.reversed() where reversedBytes.next() != byte { return false }
            }
            return lastComponentRuns.allSatisfy { ByteSearch.contains($0, in: name) }
        default:
            return true
        }
    }

    private static func endsWith(_ name: UnsafeBufferPointer<UInt8>, _ suffix: ArraySlice<Unicode.Scalar>) -> Bool {
        var bytes = name.reversed().makeIterator()
        for scalar in suffix.reversed() {
            for byte in scalar.utf8.reversed() where bytes.next() != byte { return false }
        }
        return true
    }

    static func split(_ path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: false)
    }
}

/// One `/`-separated component of a compiled glob.
enum GlobComponent: Sendable, Hashable {
    /// `**`: zero or more whole path components.
    case anyDepth
    /// A component without wildcards, compared as a string.
    case literal(String)
    /// `*` then characters without wildcards (`*.dSYM`): a suffix, compared by scalars.
    case suffix([Unicode.Scalar])
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
        let scalarsOnly = { (tokens: ArraySlice<GlobToken>) in tokens.allSatisfy { if case .scalar = $0 { true } else { false } } }
        if scalarsOnly(tokens[...]) { return (.literal(String(text)), problem) }
        if tokens.first == .anyRun, tokens.count > 1, scalarsOnly(tokens.dropFirst()) {
            let suffix = tokens.dropFirst().map { token -> Unicode.Scalar in
                guard case .scalar(let scalar) = token else { preconditionFailure("checked above") }
                return scalar
            }
            return (.suffix(suffix), problem)
        }
        return (.wildcard(tokens), problem)
    }

    /// Whether `name`, one path component, matches. `*` takes a leading `.` like any other character.
    func matches(_ name: Substring) -> Bool {
        switch self {
        case .anyDepth: true
        case .literal(let text): name == text
        case .suffix(let suffix): Self.hasSuffix(name.unicodeScalars, suffix)
        case .wildcard(let tokens): Self.matches(tokens, name.unicodeScalars)
        }
    }

    // MARK: - Private

    private static func hasSuffix(_ name: Substring.UnicodeScalarView, _ suffix: [Unicode.Scalar]) -> Bool {
        var position = name.endIndex
        for scalar in suffix.reversed() {
            guard position > name.startIndex else { return false }
            position = name.index(before: position)
            if name[position] != scalar { return false }
        }
        return true
    }

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

/// One step of a glob component: a character that must be there, or a wildcard.
enum GlobToken: Sendable, Hashable {
    case scalar(Unicode.Scalar)
    /// `?`: exactly one character.
    case anyScalar
    /// `*`: any run of characters, the empty one included.
    case anyRun
    case characterClass(GlobCharacterClass)

    /// Whether this token, which must not be `anyRun`, takes `scalar`.
    func matchesOne(_ scalar: Unicode.Scalar) -> Bool {
        switch self {
        case .scalar(let expected): expected == scalar
        case .anyScalar: true
        case .characterClass(let characterClass): characterClass.matches(scalar)
        case .anyRun: preconditionFailure("anyRun matches a run, not one character")
        }
    }
}

/// A `[...]` class of a glob: characters and ranges (`[abc]`, `[a-z]`), or their complement (`[!a]`).
struct GlobCharacterClass: Sendable, Hashable {
    let isNegated: Bool
    /// Single characters are one-scalar ranges.
    let members: [ClosedRange<Unicode.Scalar>]

    func matches(_ scalar: Unicode.Scalar) -> Bool {
        members.contains { $0.contains(scalar) } != isNegated
    }
}
