/// A `corelocation` command: its name, what it accepts, the text that explains it, and how it runs.
///
/// The parser's ``spec`` and the `--help` text (``usage``) are made from ``options`` and ``operand``, as are the
/// manual page and the completions: each option is declared once.
protocol ToolCommand {
    /// The name on the command line: `watch`.
    static var name: String { get }
    /// What it does, in a line: the command list of `corelocation help`, the manual page, the completions.
    static var summary: String { get }
    /// Its positional arguments, if it takes any.
    static var operand: ToolOperand? { get }
    /// The options it accepts besides `--help` and `--verbose`, in the order its help lists them.
    static var options: [ToolOption] { get }
    /// The paragraphs of its help between the usage line and the options.
    static var details: String { get }
    /// The paragraphs of its help after the options (`once`'s exit statuses); empty for most.
    static var notes: String { get }
    /// What the parser says of an option that other commands take but this one refuses, by the option's name
    /// (``Arguments/Spec/refusals``); empty for most.
    static var refusals: [String: String] { get }
    /// Whether it asks for location authorization, so that `CORELOCATION_AUTHORIZATION` is read, and a value that
    /// names no status refused, before it runs; `true` for most, `false` for those that use no location (`plot`).
    static var asksForAuthorization: Bool { get }
    /// Checks the arguments; throws ``Arguments/UsageError`` for a mistake. On the main actor, as ``run()``.
    @MainActor init(_ arguments: Arguments) throws
    /// Runs until the command ends the process, on the main actor (main.swift's top-level code), whose queue then
    /// serves the managers' callbacks under `dispatchMain()`.
    @MainActor func run() -> Never
}

extension ToolCommand {
    static var operand: ToolOperand? { nil }
    static var notes: String { "" }
    static var refusals: [String: String] { [:] }
    static var asksForAuthorization: Bool { true }

    /// What the parser accepts: ``options``, `--help`, and ``operand``; and what it says of ``refusals`` and of a
    /// missing operand (`missing FILE.gpx; usage: corelocation record FILE.gpx [options]`).
    static var spec: Arguments.Spec {
        var spec = Arguments.Spec(options: options, positionals: operand?.count ?? 0...0, refusals: refusals)
        if let operand { spec.missing = "missing \(operand.placeholder); usage: \(HelpText.synopsis(self))" }
        return spec
    }

    /// The text printed by `--help` and `corelocation help NAME`.
    static var usage: String { HelpText.command(self) }
}
