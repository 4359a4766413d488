/// The `[cdn]` options after a comparison operator.
public struct PredicateComparisonOptions: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// `[c]`
    public static let caseInsensitive = PredicateComparisonOptions(rawValue: 1 << 0)
    /// `[d]`
    public static let diacriticInsensitive = PredicateComparisonOptions(rawValue: 1 << 1)
    /// `[n]`
    public static let normalized = PredicateComparisonOptions(rawValue: 1 << 2)

    /// The option a letter inside the brackets stands for, in either case.
    init?(letter: Character) {
        switch letter {
        case "c", "C": self = .caseInsensitive
        case "d", "D": self = .diacriticInsensitive
        case "n", "N": self = .normalized
        default: return nil
        }
    }

    /// `[cd]`, or "" without options.
    public var description: String {
        guard !isEmpty else { return "" }
        var letters = ""
        if contains(.caseInsensitive) { letters += "c" }
        if contains(.diacriticInsensitive) { letters += "d" }
        if contains(.normalized) { letters += "n" }
        return "[\(letters)]"
    }
}
