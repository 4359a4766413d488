import BundleCheckModel

/// ANSI SGR escapes for the text report, or nothing at all when colour is off.
///
/// Only the basic eight colours and bold are used: every terminal and CI log
/// viewer that shows colour at all shows these.
package struct TerminalStyle: Sendable {
    let isEnabled: Bool

    package init(isEnabled: Bool) {
        self.isEnabled = isEnabled
    }

    package func bold(_ text: String) -> String {
        paint(text, "1")
    }

    package func red(_ text: String) -> String {
        paint(text, "1;31")
    }

    package func yellow(_ text: String) -> String {
        paint(text, "1;33")
    }

    package func cyan(_ text: String) -> String {
        paint(text, "1;36")
    }

    /// The severity's colour: error red, warning yellow, note cyan.
    /// What a release review adds.
    package func green(_ text: String) -> String {
        paint(text, "32")
    }

    package func severity(_ severity: Severity, _ text: String) -> String {
        switch severity {
        case .error: red(text)
        case .warning: yellow(text)
        case .note: cyan(text)
        }
    }

    private func paint(_ text: String, _ parameters: String) -> String {
        guard isEnabled, !text.isEmpty else { return text }
        return "\u{1B}[\(parameters)m\(text)\u{1B}[0m"
    }
}

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
