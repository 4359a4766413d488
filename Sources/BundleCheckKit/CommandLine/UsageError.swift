/// A command line bundlecheck cannot run; printed with the usage line, exit status 64.
public enum UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    case unknownOption(String)
    case missingValue(option: String)
    case invalidValue(option: String, value: String, choices: [String])
    case unexpectedValue(option: String)
    case noInputs
    case repeatedOption(String)

    public var description: String {
        switch self {
        case .unknownOption(let option):
            "unknown option '\(option)'"
        case .missingValue(let option):
            "missing value for '\(option)'"
        case .invalidValue(let option, let value, let choices):
            "invalid value '\(value)' for '\(option)'; choose one of: \(choices.joined(separator: ", "))"
        case .unexpectedValue(let option):
            "'\(option)' takes no value"
        case .noInputs:
            "no package given; pass at least one .ipa, .zip, .xcarchive or .app path"
        case .repeatedOption(let option):
            "'\(option)' given more than once"
        }
    }
}
