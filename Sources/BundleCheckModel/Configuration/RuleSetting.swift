/// What the configuration says about one rule: turn it off, or run it at another severity.
public enum RuleSetting: Sendable, Hashable, CustomStringConvertible {
    case off
    case severity(Severity)

    /// Every value the configuration accepts, in the order messages list them.
    public static let choices = ["off"] + Severity.allCases.map(\.rawValue)

    /// `off`, `error`, `warning` or `note`; nil for anything else.
    public init?(configurationValue text: String) {
        if text == "off" {
            self = .off
        } else if let severity = Severity(rawValue: text) {
            self = .severity(severity)
        } else {
            return nil
        }
    }

    /// As written in the configuration and shown by `--list-rules`.
    public var description: String {
        switch self {
        case .off: "off"
        case .severity(let severity): severity.rawValue
        }
    }
}
