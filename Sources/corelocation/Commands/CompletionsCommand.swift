/// `corelocation completions SHELL`: the completion script of bash, zsh or fish (``ShellCompletion``), which
/// `Scripts/install.sh` installs where each shell looks for it.
struct CompletionsCommand: ToolCommand {
    static let name = "completions"
    static let asksForAuthorization = false
    static let summary = "print the completion script of bash, zsh or fish"
    static let operand: ToolOperand? = ToolOperand(
        placeholder: "SHELL", count: 1...1, values: .words(ShellCompletion.Shell.allCases.map(\.rawValue)))
    static let options: [ToolOption] = []
    static let details = """
        Prints the completion script of the shell: its commands, each command's options, and the values they take.
        Scripts/install.sh installs them; by hand, write it to share/bash-completion/completions/corelocation,
        share/zsh/site-functions/_corelocation or share/fish/vendor_completions.d/corelocation.fish, or in bash
        run `source <(corelocation completions bash)`.
        """

    private let shell: ShellCompletion.Shell

    init(_ arguments: Arguments) throws {
        let name = arguments.positionals[0]
        guard let shell = ShellCompletion.Shell(rawValue: name) else {
            throw Arguments.UsageError(description: "completions are for bash, zsh or fish, not \"\(name)\"")
        }
        self.shell = shell
    }

    func run() -> Never {
        Terminal.write(ShellCompletion.script(for: shell))
        Terminal.exit(.success)
    }
}
