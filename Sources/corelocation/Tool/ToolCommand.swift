/// A `corelocation` command: what it accepts, its help text, and how it runs.
protocol ToolCommand {
    /// The options and positional arguments the command accepts.
    static var spec: Arguments.Spec { get }
    /// The text printed by `--help` and after a usage error.
    static var usage: String { get }
    /// Checks the arguments; throws ``Arguments/UsageError`` for a mistake.
    init(_ arguments: Arguments) throws
    /// Runs until the command ends the process.
    func run() -> Never
}
