import BundleCheckModel

/// ANSI SGR escapes for the text report, or nothing at all when colour is off.
///
/// Only the basic eight colours and bold are used: every terminal and CI log
/// viewer that shows colour at all shows these.
struct TerminalStyle: Sendable {
    let isEnabled: Bool

    func bold(_ text: String) -> String {
        paint(text, "1")
    }

    func red(_ text: String) -> String {
        paint(text, "1;31")
    }

    func yellow(_ text: String) -> String {
        paint(text, "1;33")
    }

    func cyan(_ text: String) -> String {
        paint(text, "1;36")
    }

    /// The severity's colour: error red, warning yellow, note cyan.
    func severity(_ severity: Severity, _ text: String) -> String {
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
