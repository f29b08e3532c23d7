/// The bash completion script (``ShellCompletion``): self-contained, without bash-completion's helpers, so that
/// `source <(corelocation completions bash)` works too.
///
/// The words are read from `COMP_LINE` rather than `COMP_WORDS`, which bash splits at `:` and `=`
/// (`COMP_WORDBREAKS`); the replies are then cut back to the part of the word bash replaces.
enum BashCompletion {
    /// The script.
    static var script: String {
        let names = ToolCommands.all.map { $0.name }.joined(separator: " ")
        let fileSchemes = ProviderChoice.fileSchemes.map { "\($0):*" }.joined(separator: " | ")
        return """
            \(ShellCompletion.header(.bash))
            # Installed as share/bash-completion/completions/corelocation, or for one shell:
            # source <(corelocation completions bash)

            # COMPREPLY: the words of $1 that begin with $cur.
            _corelocation_words() {
                local IFS=$' \\t\\n'
                COMPREPLY=($(compgen -W "$1" -- "$cur"))
            }

            # COMPREPLY: the file names that begin with $1.
            _corelocation_files() {
                compopt -o filenames 2>/dev/null
                local IFS=$'\\n'
                COMPREPLY=($(compgen -f -- "$1"))
            }

            # COMPREPLY: the beginnings of provider URIs, or file names after a scheme that replays a file.
            _corelocation_provider() {
                case $cur in
                \(fileSchemes))
                    _corelocation_files "${cur#*:}"
                    COMPREPLY=("${COMPREPLY[@]/#/${cur%%:*}:}")
                    ;;
                *)
                    compopt -o nospace 2>/dev/null
                    _corelocation_words "\(ShellCompletion.providerStarts.joined(separator: " "))"
                    ;;
                esac
            }

            _corelocation() {
                local line=${COMP_LINE:0:COMP_POINT}
                local cur=${line##*[[:space:]]}
                local -a words
                read -ra words <<<"${line%"$cur"}"
                local prev=${words[${#words[@]}-1]} equals=
                if [[ $cur == --*=* ]]; then
                    prev=${cur%%=*}
                    equals=$prev=
                    cur=${cur#*=}
                fi
                local command=\(ToolCommands.defaultCommand.name)
                if [[ ${#words[@]} -gt 1 && " \(names) " == *" ${words[1]} "* ]]; then
                    command=${words[1]}
                fi
                COMPREPLY=()
                if [[ ${#words[@]} -eq 1 && $cur != -* && -z $equals ]]; then
                    _corelocation_words "\(names)"
                else
                    case $command in
            \(ToolCommands.all.map(branch).joined())
                    esac
                fi
                # Bash replaces only what follows the last ':' (and '=') of the word, when they break words.
                if [[ $cur == *:* && $COMP_WORDBREAKS == *:* ]]; then
                    local colon=${cur%"${cur##*:}"}
                    COMPREPLY=("${COMPREPLY[@]#"$colon"}")
                fi
                if [[ -n $equals && $COMP_WORDBREAKS != *=* ]]; then
                    COMPREPLY=("${COMPREPLY[@]/#/$equals}")
                fi
            }

            complete -F _corelocation corelocation

            """
    }

    /// The `case $command` branch of one command: the values of its options after them, else its options or
    /// operands.
    private static func branch(_ command: any ToolCommand.Type) -> String {
        let options = ShellCompletion.options(of: command)
        var optionWords = options.flatMap { option in (option.short.map { ["-\($0)"] } ?? []) + [option.flag] }
            .joined(separator: " ")
        if command == ToolCommands.defaultCommand {  // --version only in place of a command
            optionWords += "$([[ ${#words[@]} -eq 1 ]] && echo ' \(ToolOption.version.flag)')"
        }
        let values = options.filter { $0.placeholder != nil }.map { option in
            let names = ((option.short.map { ["-\($0)"] } ?? []) + [option.flag]).joined(separator: " | ")
            return "            \(names)) \(reply(option.values)) ;;\n"
        }.joined()
        return """
                    \(command.name))
                        case $prev in
            \(values)            *)
                            if [[ $cur == -* ]]; then
                                _corelocation_words "\(optionWords)"
                            else
                                \(command.operand.map { reply($0.values) } ?? ":")
                            fi
                            ;;
                        esac
                        ;;

            """
    }

    /// The command that fills `COMPREPLY` with `values` (`:`, none, when nothing is known of them).
    private static func reply(_ values: ToolOption.Values) -> String {
        switch values {
        case .any: ":"
        case .words(let words): "_corelocation_words \"\(words.joined(separator: " "))\""
        case .files: "_corelocation_files \"$cur\""
        case .providers: "_corelocation_provider"
        }
    }
}
