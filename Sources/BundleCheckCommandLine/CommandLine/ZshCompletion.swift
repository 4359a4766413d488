/// The zsh completion function (`#compdef bundlecheck`), one `_arguments` spec per option.
enum ZshCompletion {
    static func script(for options: [CommandLineOption]) -> String {
        let specs = options.flatMap(specs(for:)).map { "    " + $0 + " \\" }
        return """
            #compdef bundlecheck
            \(ShellCompletion.banner(.zsh))

            # The rule ids of the bundlecheck being completed, for --explain.
            _bundlecheck_rule_ids() {
                local -a ids
                ids=(${(f)"$(\(ShellCompletion.ruleIDsCommand("${~words[1]}")))"})
                _wanted rule-ids expl 'rule id' compadd -a ids
            }

            # --report <fmt>=<file>: a format and its `=`, then a path.
            _bundlecheck_report_requests() {
                if compset -P '*='; then
                    _files
                else
                    _wanted formats expl 'report format' compadd -S = -- "$@"
                fi
            }

            # The first word: the subcommand (which the parser reads nowhere else) or a package.
            _bundlecheck_first_word() {
                if (( CURRENT == 2 )); then
                    local -a subcommands
                    subcommands=(\(BundleCheckCommand.subcommands.map { ShellCompletion.quoted($0.name + ":" + $0.summary.replacingOccurrences(of: ":", with: "\\:")) }.joined(separator: " ")))
                    _describe -t subcommands subcommand subcommands
                fi
                _files
            }

            _arguments -s -S \\
            \(specs.joined(separator: "\n"))
                '1:package:_bundlecheck_first_word' \\
                '*:package:_files'

            """
    }

    /// `'(-f --format)'{-f,--format=}'[Report format]:format:(text json)'`: zsh's brace expansion
    /// gives one spec per spelling; a non-repeatable option excludes its other spellings.
    static func specs(for option: CommandLineOption) -> [String] {
        let description = "[" + escaped(option.summary) + "]"
        var value = ""
        if let placeholder = option.placeholder {
            let message = escaped(placeholder.filter { $0 != "<" && $0 != ">" })
            value = ":" + message + ":" + action(for: option.valueCompletion)
        }
        let takesValue = option.placeholder != nil
        return option.allSpellings.map { spelling in
            let exclusion: String
            switch option.effect {
            case .answer: exclusion = "'(- *)'"
            case _ where option.isRepeatable: exclusion = "'*'"
            default: exclusion = ShellCompletion.quoted("(" + option.allSpellings.joined(separator: " ") + ")")
            }
            // `--name=` takes `--name value` and `--name=value`; short options take the next word.
            let name = takesValue && spelling.hasPrefix("--") ? spelling + "=" : spelling
            return exclusion + ShellCompletion.quoted(name + description + value)
        }
    }

    static func action(for completion: OptionValueCompletion) -> String {
        switch completion {
        case .none, .typed: " "
        case .choices(let choices): "(" + choices.map(escaped).joined(separator: " ") + ")"
        case .file: "_files"
        case .directory: "_files -/"
        case .ruleID: "_bundlecheck_rule_ids"
        case .reportRequest(let formats): "_bundlecheck_report_requests " + formats.joined(separator: " ")
        }
    }

    /// `_arguments` reads `[`, `]` and `:` in a description or message as syntax.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if "[]:\\".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
