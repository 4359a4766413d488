/// Apple tells a value of the wrong type (ITMS-90361) from a wrong value (ITMS-90362).
public enum ActivationRuleProblemKind: String, Sendable, Hashable {
    /// A string or real where an integer is due, an integer where a boolean is due, a rule
    /// that is neither a string nor a dictionary.
    case type
    /// Everything else: unknown keys, negative counts, a predicate that does not parse, …
    case value

    /// The code Apple's upload validation reports for it.
    public var appleCode: String {
        switch self {
        case .type: "ITMS-90361"
        case .value: "ITMS-90362"
        }
    }
}
