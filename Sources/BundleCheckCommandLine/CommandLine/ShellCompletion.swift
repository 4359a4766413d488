/// The shells `bundlecheck-generate completion <shell>` writes a completion script for. Each
/// script is rendered from `CommandLineOption.all`, never from a list of its own.
package enum ShellCompletion: String, CaseIterable, Sendable {
    case bash
    case zsh
    case fish

    /// The script for this shell, completing `options`.
    package func script(for options: [CommandLineOption] = CommandLineOption.all) -> String {
        switch self {
        case .bash: BashCompletion.script(for: options)
        case .zsh: ZshCompletion.script(for: options)
        case .fish: FishCompletion.script(for: options)
        }
    }

    /// The first lines of every script.
    static func banner(_ shell: ShellCompletion) -> String {
        """
        # \(shell.rawValue) completion for bundlecheck.
        # Generated from bundlecheck's option table by `bundlecheck-generate completion \(shell.rawValue)`; do not edit.
        """
    }

    /// The shell command that prints the rule ids, one a line, with the bundlecheck being completed
    /// (`command` is how the script names it): the first column of `--list-rules`, under its header.
    static func ruleIDsCommand(_ command: String) -> String {
        "\(command) --list-rules 2>/dev/null | tail -n +2 | cut -d ' ' -f 1"
    }

    /// `word` in single quotes, for any POSIX-like shell (fish and zsh read them the same way).
    static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
