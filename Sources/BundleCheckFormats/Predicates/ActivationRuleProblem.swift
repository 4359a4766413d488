/// Why an activation rule is invalid, or worth a note, and where.
public struct ActivationRuleProblem: Sendable, Hashable, CustomStringConvertible {
    public let kind: ActivationRuleProblemKind
    /// Relative to the rule: the root for the rule as a whole or its predicate,
    /// `/NSExtensionActivationSupportsTextWithMinCount` for one key of the dictionary.
    public let pointer: JSONPointer
    /// Lowercase at the start unless it begins with a key name.
    public let message: String
    /// Inside the predicate string, for syntax errors and semantic issues.
    public let location: PredicateSourceLocation?

    public init(kind: ActivationRuleProblemKind, pointer: JSONPointer, message: String, location: PredicateSourceLocation? = nil) {
        self.kind = kind
        self.pointer = pointer
        self.message = message
        self.location = location
    }

    /// 1-based line inside the predicate string, when the problem is inside one.
    public var line: Int? { location?.line }
    /// 1-based column inside the predicate string, when the problem is inside one.
    public var column: Int? { location?.column }
    /// The predicate's line with a caret under the column, when the problem is inside one.
    public var excerpt: String? { location?.excerpt }

    public var description: String {
        let place = location.map { " (\($0.line):\($0.column))" } ?? ""
        return "\(pointer.description.isEmpty ? "/" : pointer.description)\(place): \(message)"
    }
}

/// Apple tells a value of the wrong type from a wrong value, with a code for each (in the rule
/// file of `activation-rule-invalid`).
public enum ActivationRuleProblemKind: String, Sendable, Hashable, CaseIterable {
    /// A string or real where an integer is due, an integer where a boolean is due, a rule
    /// that is neither a string nor a dictionary.
    case type
    /// Everything else: unknown keys, negative counts, a predicate that does not parse, …
    case value
}
