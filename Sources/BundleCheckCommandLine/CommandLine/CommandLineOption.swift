import BundleCheckFormats

/// One option of `bundlecheck`: how it is spelled, what it takes, how `--help` describes it
/// and where the parser stores it. `CommandLineOption.all` is the only list of options:
/// the parser, `--help` and the test of README.md's options table all read it.
package struct CommandLineOption: Sendable {
    /// What giving the option does.
    package enum Effect: Sendable {
        /// Answers at once (`--help`, `--version`); the arguments after it are not read.
        case answer(ParsedCommandLine)
        /// A switch that takes no value.
        case flag(@Sendable (inout GivenOptions) -> Void)
        /// Takes one value, shown as `placeholder`. With `choices`, the parser accepts only
        /// those; `store` then gets one of them.
        case value(placeholder: String, choices: [String]?, store: @Sendable (inout GivenOptions, String) throws(UsageError) -> Void)
    }

    /// The long name, which usage errors use whatever spelling was typed: `--format`.
    package let name: String
    /// `-f`: shown before the long name in `--help` and README.md.
    package let shortName: String?
    /// Spellings accepted but not shown (`--colour`).
    package let otherSpellings: [String]
    /// Whether it may be given more than once; other options given twice are usage errors.
    package let isRepeatable: Bool
    /// The description in `--help`, one string per line, wrapped by hand to the help's width.
    package let help: [String]
    package let effect: Effect

    /// The names `--help` and README.md show, short first: `-f`, `--format`.
    package var shownNames: [String] {
        (shortName.map { [$0] } ?? []) + [name]
    }

    /// Whether the command line spells this option `spelling`.
    package func isSpelled(_ spelling: String) -> Bool {
        spelling == name || spelling == shortName || otherSpellings.contains(spelling)
    }

    /// `<file>`, or nil for an option that takes no value.
    package var placeholder: String? {
        if case .value(let placeholder, _, _) = effect { placeholder } else { nil }
    }

    /// The values an enum option accepts; nil when it takes no value or any value.
    package var choices: [String]? {
        if case .value(_, let choices, _) = effect { choices } else { nil }
    }
}

extension CommandLineOption {
    /// An option with a free value (a path, an id, a date).
    static func value(
        _ name: String, short shortName: String? = nil, _ placeholder: String, repeatable: Bool = false,
        help: [String], store: @escaping @Sendable (inout GivenOptions, String) throws(UsageError) -> Void
    ) -> CommandLineOption {
        CommandLineOption(
            name: name, shortName: shortName, otherSpellings: [], isRepeatable: repeatable, help: help,
            effect: .value(placeholder: placeholder, choices: nil, store: store)
        )
    }

    /// An option whose value is one of `choices`, stored as written.
    static func choice(
        _ name: String, short shortName: String? = nil, otherSpellings: [String] = [], _ placeholder: String,
        choices: [String], help: [String], store: @escaping @Sendable (inout GivenOptions, String) -> Void
    ) -> CommandLineOption {
        CommandLineOption(
            name: name, shortName: shortName, otherSpellings: otherSpellings, isRepeatable: false, help: help,
            effect: .value(placeholder: placeholder, choices: choices, store: store)
        )
    }

    /// An option whose value is a case of `type`, named by its raw value.
    static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, otherSpellings: [String] = [], _ placeholder: String, of type: Choice.Type,
        help: [String], store: @escaping @Sendable (inout GivenOptions, Choice) -> Void
    ) -> CommandLineOption where Choice.RawValue == String {
        choice(name, otherSpellings: otherSpellings, placeholder, choices: Choice.choiceNames, help: help) { given, raw in
            // The parser has already refused anything but the raw values of the cases.
            if let choice = Choice(rawValue: raw) { store(&given, choice) }
        }
    }

    /// A switch without a value.
    static func flag(_ name: String, short shortName: String? = nil, help: [String], set: @escaping @Sendable (inout GivenOptions) -> Void) -> CommandLineOption
    {
        CommandLineOption(name: name, shortName: shortName, otherSpellings: [], isRepeatable: false, help: help, effect: .flag(set))
    }

    /// An option that answers by itself, whatever else the command line says.
    static func answer(_ name: String, short shortName: String? = nil, _ answer: ParsedCommandLine, help: [String]) -> CommandLineOption {
        CommandLineOption(name: name, shortName: shortName, otherSpellings: [], isRepeatable: false, help: help, effect: .answer(answer))
    }
}
