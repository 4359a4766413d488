/// The fish completions: one `complete -c bundlecheck` line per spelling of each option.
enum FishCompletion {
    static func script(for options: [CommandLineOption]) -> String {
        let lines = options.flatMap(lines(for:))
        return """
            \(ShellCompletion.banner(.fish))

            # The rule ids of the bundlecheck being completed, for --explain.
            function __bundlecheck_rule_ids
                set -l command (commandline -opc)[1]
                \(ShellCompletion.ruleIDsCommand("$command"))
            end

            # --report <fmt>=<file>: a format and its `=`, then a path.
            function __bundlecheck_report_requests
                set -l token (commandline -ct)
                if string match -q -- '*=*' $token
                    set -l parts (string split -m 1 = -- $token)
                    for path in (__fish_complete_path $parts[2])
                        echo $parts[1]=$path
                    end
                else
                    printf '%s=\\n' $argv
                end
            end

            \(lines.joined(separator: "\n"))
            \(BundleCheckCommand.subcommands.map { "complete -c bundlecheck -n 'test (count (commandline -opc)) -eq 1' -a \($0.name) -d \(ShellCompletion.quoted($0.summary))" }.joined(separator: "\n"))

            """
    }

    static func lines(for option: CommandLineOption) -> [String] {
        var names: [String] = []
        if let short = option.shortName { names.append("-s " + short.dropFirst()) }
        names += ([option.name] + option.otherSpellings).map { "-l " + $0.dropFirst(2) }
        let description = "-d " + ShellCompletion.quoted(option.summary)
        let value =
            switch option.valueCompletion {
            case .none: ""
            case .choices(let choices): "-x -a " + ShellCompletion.quoted(choices.joined(separator: " "))
            case .file: "-r -F"
            case .directory: "-x -a '(__fish_complete_directories)'"
            case .ruleID: "-x -a '(__bundlecheck_rule_ids)'"
            case .reportRequest(let formats): "-x -a " + ShellCompletion.quoted("(__bundlecheck_report_requests " + formats.joined(separator: " ") + ")")
            case .typed: "-x"
            }
        return ["complete -c bundlecheck " + ([names.joined(separator: " "), value, description].filter { !$0.isEmpty }.joined(separator: " "))]
    }
}
