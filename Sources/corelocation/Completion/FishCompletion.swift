/// The fish completion script (``ShellCompletion``): `complete` lines conditioned on the command being completed,
/// installed as `share/fish/vendor_completions.d/corelocation.fish`.
enum FishCompletion {
    /// The script.
    static var script: String {
        let names = ToolCommands.all.map { $0.name }.joined(separator: " ")
        let fileSchemes = ProviderChoice.fileSchemes.map { quoted("\($0):*") }.joined(separator: " ")
        var lines = [
            "complete -c corelocation -f",
            "complete -c corelocation -n __corelocation_needs_command -l \(ToolOption.version.name) -d "
                + quoted(ToolOption.version.summary),
        ]
        for command in ToolCommands.all {
            lines.append(
                "complete -c corelocation -n __corelocation_needs_command -a \(command.name) -d "
                    + quoted(command.summary))
        }
        for command in ToolCommands.all {
            let condition = "-n " + quoted("__corelocation_using \(command.name)")
            lines += ShellCompletion.options(of: command).map { option in
                "complete -c corelocation \(condition) "
                    + (option.short.map { "-s \($0) " } ?? "") + "-l \(option.name) "
                    + (option.placeholder == nil ? "" : arguments(option.values) + " ")
                    + "-d " + quoted(option.summary)
            }
            if let operand = command.operand {
                lines.append(
                    "complete -c corelocation -n "
                        + quoted("__corelocation_using \(command.name); and not __corelocation_needs_command") + " "
                        + arguments(operand.values))
            }
        }
        return """
            \(ShellCompletion.header(.fish))

            # The command being completed: the first word when it names one, else the default.
            function __corelocation_command
                set -l words (commandline -opc)
                if set -q words[2]; and contains -- $words[2] \(names)
                    echo $words[2]
                else
                    echo \(ToolCommands.defaultCommand.name)
                end
            end

            function __corelocation_using -a name
                test (__corelocation_command) = $name
            end

            function __corelocation_needs_command
                test (count (commandline -opc)) -eq 1
            end

            # The beginnings of provider URIs, or file names after a scheme that replays a file.
            function __corelocation_provider
                set -l token (string replace -r -- '^--[^=]*=' '' (commandline -ct))
                switch $token
                    case \(fileSchemes)
                        set -l scheme (string split -m 1 : -- $token)[1]
                        for path in (__fish_complete_path (string replace -r -- '^[^:]*:' '' $token))
                            echo $scheme:$path
                        end
                    case '*'
                        printf '%s\\n' \(ShellCompletion.providerStarts.joined(separator: " "))
                end
            end

            \(lines.joined(separator: "\n"))

            """
    }

    /// The `complete` arguments for a value or an operand: `-x` for nothing known, `-x -a 'a b'` for words, `-r -F`
    /// for file names.
    private static func arguments(_ values: ToolOption.Values) -> String {
        switch values {
        case .any: "-x"
        case .words(let words): "-x -a " + quoted(words.joined(separator: " "))
        case .files: "-r -F"
        case .providers: "-x -a '(__corelocation_provider)'"
        }
    }

    /// `text` inside single quotes for fish, whose backslash escapes a quote or a backslash there.
    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
