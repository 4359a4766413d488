/// The `--color` option: whether the text report may use ANSI colours.
public enum ColorChoice: String, CaseIterable, Sendable {
    /// Colour only on a terminal that can show it, and only when the user has not opted out.
    case auto
    /// Colour even when writing to a file or pipe, e.g. for CI logs that render escapes.
    case always
    /// Plain text.
    case never

    /// Whether to colour output written to a stream.
    ///
    /// For `auto`, colour is off unless the stream is a terminal, off when `NO_COLOR`
    /// is set to a non-empty value (https://no-color.org), and off when `TERM` is
    /// `dumb`. An explicit `always` or `never` wins over the environment, as
    /// no-color.org asks of command-line flags.
    public func isEnabled(isTerminal: Bool, environment: [String: String]) -> Bool {
        switch self {
        case .always:
            return true
        case .never:
            return false
        case .auto:
            guard isTerminal else { return false }
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
            if environment["TERM"] == "dumb" { return false }
            return true
        }
    }
}
