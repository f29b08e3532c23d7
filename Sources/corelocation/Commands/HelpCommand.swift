/// `corelocation help [COMMAND]`: the list of commands, or a command's help.
struct HelpCommand: ToolCommand {
    static let name = "help"
    static let summary = "show this help, or a command's"
    static var operand: ToolOperand? {
        ToolOperand(placeholder: "COMMAND", count: 0...1, values: .words(ToolCommands.all.map { $0.name }))
    }
    static let options: [ToolOption] = []
    static let details = "Prints the commands, or a command's help."

    private let command: (any ToolCommand.Type)?

    init(_ arguments: Arguments) throws {
        command = try arguments.positionals.first.map { name in
            guard let command = ToolCommands.named(name) else {
                throw Arguments.UsageError(description: "unknown command \"\(name)\"")
            }
            return command
        }
    }

    func run() -> Never {
        Terminal.write((command?.usage ?? HelpText.general()) + "\n")
        Terminal.exit(.success)
    }
}
