/// The zsh completion script (``ShellCompletion``), for `_arguments`: installed as
/// `share/zsh/site-functions/_corelocation`, which `compinit` finds through `fpath`.
enum ZshCompletion {
    /// The script.
    static var script: String {
        let fileSchemes = ProviderChoice.fileSchemes.joined(separator: "|")
        let commands = ToolCommands.all.map { "        " + quoted("\(escaped($0.name)):\($0.summary)") + "\n" }
        return """
            #compdef corelocation
            \(ShellCompletion.header(.zsh))

            _corelocation_provider() {
                if compset -P '(\(fileSchemes)):'; then
                    _files
                else
                    local -a starts=(\(ShellCompletion.providerStarts.joined(separator: " ")))
                    compadd -S '' -a starts
                fi
            }

            _corelocation() {
                local -a commands=(
            \(commands.joined())    )
                local -a names=(\(ToolCommands.all.map { $0.name }.joined(separator: " ")))
                if (( CURRENT == 2 )) && [[ $PREFIX != -* ]]; then
                    _describe -t commands 'corelocation command' commands
                    return
                fi
                local command=\(ToolCommands.defaultCommand.name)
                local -a first=()
                if (( ${names[(Ie)$words[2]]} )); then
                    command=$words[2]
                    shift words
                    (( CURRENT-- ))
                elif (( CURRENT == 2 )); then
                    first=(\(quoted("(- *)\(ToolOption.version.flag)[\(escaped(ToolOption.version.summary))]")))
                fi
                case $command in
            \(ToolCommands.all.map(branch).joined())    esac
            }

            _corelocation "$@"

            """
    }

    /// The `case $command` branch of one command: `_arguments` with its options and operand.
    private static func branch(_ command: any ToolCommand.Type) -> String {
        var specs = ShellCompletion.options(of: command).map(spec)
        if let operand = command.operand {
            let position = operand.count.lowerBound == 0 ? "1::" : "1:"
            specs.append(quoted(position + escaped(operand.placeholder) + ":" + action(operand.values)))
        }
        return "    (\(command.name))\n        _arguments -s -S : \"${first[@]}\" \\\n"
            + specs.map { "            " + $0 }.joined(separator: " \\\n") + "\n        ;;\n"
    }

    /// The `_arguments` specification of an option: `'--format=[the output format]:F:(text jsonl …)'`;
    /// `'(- *)'{-h,--help}'[…]'` excludes everything else.
    private static func spec(_ option: ToolOption) -> String {
        let names = (option.short.map { ["-\($0)"] } ?? []) + [option.flag + (option.placeholder == nil ? "" : "=")]
        let exclusion =
            option == .help
            ? "(- *)" : option.short.map { "(-\($0) \(option.flag))" } ?? ""
        let repeated = option.repeatable ? "*" : ""
        let argument = option.placeholder.map { ":" + escaped($0) + ":" + action(option.values) } ?? ""
        let description = "[" + escaped(option.summary) + "]" + argument
        if names.count == 1 { return quoted(exclusion + repeated + names[0] + description) }
        return quoted(exclusion) + repeated + "{" + names.joined(separator: ",") + "}" + quoted(description)
    }

    /// What `_arguments` offers for `values`: `( )` for nothing, `(a b)` for words, `_files`, the provider function.
    private static func action(_ values: ToolOption.Values) -> String {
        switch values {
        case .any: "( )"
        case .words(let words): "(" + words.joined(separator: " ") + ")"
        case .files: "_files"
        case .providers: "_corelocation_provider"
        }
    }

    /// `text` with the characters `_arguments` and `_describe` read specially (`[ ] : \`) escaped.
    private static func escaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if "[]:\\".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    private static func quoted(_ text: String) -> String { ShellCompletion.quoted(text) }
}
