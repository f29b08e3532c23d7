/// `corelocation help [COMMAND]`: the list of commands, a command's help, or with `--man` the manual page in roff,
/// which `Scripts/install.sh` installs as `share/man/man1/corelocation.1`.
struct HelpCommand: ToolCommand {
    static let name = "help"
    static let asksForAuthorization = false
    static let summary = "show this help, a command's, or the manual page"
    static var operand: ToolOperand? {
        ToolOperand(placeholder: "COMMAND", count: 0...1, values: .words(ToolCommands.all.map { $0.name }))
    }
    static let options = [
        ToolOption(
            name: "man", placeholder: nil, summary: "write the manual page",
            details: "in roff, as share/man/man1/corelocation.1 holds it")
    ]
    static let details = "Prints the commands, a command's help, or the manual page."

    private let command: (any ToolCommand.Type)?
    private let writesManualPage: Bool

    init(_ arguments: Arguments) throws {
        command = try arguments.positionals.first.map { name in
            guard let command = ToolCommands.named(name) else {
                throw Arguments.UsageError(
                    description: "unknown command \"\(name)\""
                        + Suggestion.didYouMean(name, among: ToolCommands.all.map { $0.name }))
            }
            return command
        }
        writesManualPage = arguments.flag("man")
        if writesManualPage && command != nil {
            throw Arguments.UsageError(description: "--man writes the whole manual page; leave out the command")
        }
    }

    func run() -> Never {
        if writesManualPage {
            Terminal.write(ManualPage.text)
        } else {
            Terminal.write((command?.usage ?? HelpText.general()) + "\n")
        }
        Terminal.exit(.success)
    }
}
