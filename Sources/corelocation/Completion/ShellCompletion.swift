/// The completion scripts of `corelocation completions SHELL`, written from the commands' declarations
/// (``ToolCommands``, ``ToolOption``, ``ToolOperand``): the commands, each command's options, and the values they
/// take where they are known (words, file names, provider URIs).
enum ShellCompletion {
    /// A shell the tool writes completions for.
    enum Shell: String, CaseIterable, Sendable {
        case bash, zsh, fish
    }

    /// The script for `shell`.
    static func script(for shell: Shell) -> String {
        switch shell {
        case .bash: BashCompletion.script
        case .zsh: ZshCompletion.script
        case .fish: FishCompletion.script
        }
    }

    /// The script's first line: what wrote it.
    static func header(_ shell: Shell) -> String {
        "# \(shell) completion for corelocation \(version), written by `corelocation completions \(shell)`"
    }

    /// The options a command's completions offer: its own, then `--help` and `--verbose`.
    static func options(of command: any ToolCommand.Type) -> [ToolOption] {
        command.options + ToolOption.everyCommand
    }

    /// The beginnings of provider URIs offered for `--provider`, each once.
    static var providerStarts: [String] {
        var seen = Set<String>()
        return ProviderChoice.uriForms.map(\.completion).filter { seen.insert($0).inserted }
    }

    /// `text` inside single quotes for bash and zsh: `'it'\''s'`.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
