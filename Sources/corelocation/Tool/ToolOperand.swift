/// The positional arguments of a command (`record FILE.gpx`, `help [COMMAND]`), declared once for the parser, the
/// help, the manual page and the completions, as ``ToolOption`` declares an option.
struct ToolOperand: Sendable {
    /// How the help names it: `FILE.gpx`, `COMMAND`.
    let placeholder: String
    /// How many the command takes: `1...1`, or `0...1` for an optional one.
    let count: ClosedRange<Int>
    /// What it can be, for the completions.
    let values: ToolOption.Values

    /// How the usage line writes it: `FILE.gpx`, or `[COMMAND]` when it may be left out.
    var usage: String { count.lowerBound == 0 ? "[\(placeholder)]" : placeholder }
}
