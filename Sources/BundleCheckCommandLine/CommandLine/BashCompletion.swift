/// The bash completion script (`complete -F _bundlecheck bundlecheck`). It needs no
/// bash-completion library: bash splits `--format=json` and `sarif=out.sarif` at `=`
/// (`COMP_WORDBREAKS`), so the function steps back over a lone `=` itself.
enum BashCompletion {
    static func script(for options: [CommandLineOption]) -> String {
        let listed = options.flatMap(\.shownNames).joined(separator: " ")
        var valueCases: [String] = []
        for option in options {
            guard let action = action(for: option.valueCompletion) else { continue }
            valueCases.append(
                """
                        \(option.allSpellings.joined(separator: "|")))
                            \(action)
                            return ;;
                """)
        }
        return """
            \(ShellCompletion.banner(.bash))

            _bundlecheck() {
                local cur=${COMP_WORDS[COMP_CWORD]} option= equals=
                COMPREPLY=()
                # The word before the one completed, skipping the `=` of `--option=value`.
                if [[ $cur == = ]]; then
                    cur= equals=$COMP_CWORD
                elif (( COMP_CWORD > 1 )) && [[ ${COMP_WORDS[COMP_CWORD-1]} == = ]]; then
                    equals=$((COMP_CWORD - 1))
                fi
                if [[ -n $equals ]]; then
                    option=${COMP_WORDS[equals-1]}
                    # `--report sarif=<file>`: what follows the format is a path.
                    if [[ $option != -* ]] && (( equals > 1 )) && [[ ${COMP_WORDS[equals-2]} == --report ]]; then
                        compopt -o filenames 2>/dev/null
                        COMPREPLY=($(compgen -f -- "$cur"))
                        return
                    fi
                elif (( COMP_CWORD > 0 )); then
                    option=${COMP_WORDS[COMP_CWORD-1]}
                fi
                case $option in
            \(valueCases.joined(separator: "\n"))
                esac
                if [[ $cur == -* ]]; then
                    COMPREPLY=($(compgen -W \(ShellCompletion.quoted(listed)) -- "$cur"))
                    return
                fi
                compopt -o filenames 2>/dev/null
                COMPREPLY=($(compgen -f -- "$cur"))
                # The subcommand, only as the first word.
                if (( COMP_CWORD == 1 )); then
                    COMPREPLY+=($(compgen -W "\(BundleCheckCommand.subcommands.map(\.name).joined(separator: " "))" -- "$cur"))
                fi
            }
            complete -F _bundlecheck bundlecheck

            """
    }

    /// The lines that fill `COMPREPLY` after `option`; nil when the next word is not its value.
    static func action(for completion: OptionValueCompletion) -> String? {
        switch completion {
        case .none:
            return nil
        case .choices(let choices):
            return #"COMPREPLY=($(compgen -W \#(ShellCompletion.quoted(choices.joined(separator: " "))) -- "$cur"))"#
        case .file:
            return #"compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur"))"#
        case .directory:
            return #"compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- "$cur"))"#
        case .ruleID:
            return #"COMPREPLY=($(compgen -W "$(\#(ShellCompletion.ruleIDsCommand(#""${COMP_WORDS[0]}""#)))" -- "$cur"))"#
        case .reportRequest(let formats):
            // The format and its `=` first; the path once the `=` is typed (handled above).
            let requests = formats.map { $0 + "=" }.joined(separator: " ")
            return #"compopt -o nospace 2>/dev/null; COMPREPLY=($(compgen -W \#(ShellCompletion.quoted(requests)) -- "$cur"))"#
        case .typed:
            return ":"
        }
    }
}
