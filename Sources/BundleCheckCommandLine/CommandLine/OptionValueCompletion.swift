import BundleCheckReports

/// What a shell offers after an option, read from the option table (its choices and its
/// placeholder), so the completions follow every option `CommandLineOption.all` gains.
package enum OptionValueCompletion: Equatable, Sendable {
    /// A switch, or an option that answers by itself: no value follows.
    case none
    /// One of the option's choices.
    case choices([String])
    /// A path to a file, read or written.
    case file
    /// A folder.
    case directory
    /// A rule id or Apple code: the ids come from `bundlecheck --list-rules` at completion time,
    /// so rules added by a configuration or a rule pack are offered too.
    case ruleID
    /// `<fmt>=<file>`: one of `formats`, an equals sign, then a path.
    case reportRequest(formats: [String])
    /// A value typed by hand (a date, a count): nothing to offer.
    case typed

    /// Nil for a placeholder not known here; a test requires every option of the table to have
    /// one, so a new kind of value is noticed rather than silently completed as nothing.
    package init?(_ option: CommandLineOption) {
        if let choices = option.choices {
            self = .choices(choices)
            return
        }
        switch option.placeholder {
        case nil: self = .none
        case "<file>": self = .file
        case "<dir>": self = .directory
        case "<id>": self = .ruleID
        case "<fmt>=<file>": self = .reportRequest(formats: ReportFormat.allCases.map(\.rawValue))
        case "<date>", "<n>": self = .typed
        default: return nil
        }
    }
}

extension CommandLineOption {
    /// How shells complete this option's value (typed by hand when the placeholder is unknown).
    package var valueCompletion: OptionValueCompletion {
        OptionValueCompletion(self) ?? .typed
    }

    /// Every spelling the parser accepts: the shown names, then the hidden ones (`--colour`).
    package var allSpellings: [String] {
        shownNames + otherSpellings
    }

    /// The help's first clause, for the one-line descriptions of zsh and fish: the text up to the
    /// first ". ", ": " or "; " outside parentheses, without a final full stop.
    /// `--format`'s "Report format: text, json, …" gives "Report format".
    package var summary: String {
        let text = help.joined(separator: " ")
        var depth = 0
        var end = text.endIndex
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character == "(" { depth += 1 }
            if character == ")" { depth = max(0, depth - 1) }
            if depth == 0, [".", ":", ";"].contains(character), next == text.endIndex || text[next] == " " {
                end = index
                break
            }
            index = next
        }
        return String(text[..<end])
    }
}
