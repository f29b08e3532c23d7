/// One option of `corelocation`, declared once: ``Arguments`` parses it, and `--help`, the manual page
/// (``ManualPage``) and the shell completions (``ShellCompletion``) are written from it, so that they cannot
/// disagree.
///
/// An option takes a value (`--provider URI`) when it has a ``placeholder``, and is a flag (`--replay`)
/// otherwise. An option that several commands share is one value (``provider``, ``format``, …), listed by each of
/// them.
struct ToolOption: Hashable, Sendable {
    /// What a value of the option, or an operand, can be, for the completions.
    enum Values: Hashable, Sendable {
        /// Anything: a number, a template, a coordinate; nothing is offered.
        case any
        /// One of these words.
        case words([String])
        /// A file name.
        case files
        /// A provider URI: its schemes, and file names after `gpx:` and `nmea:`.
        case providers
    }

    /// The name without its dashes: `provider` for `--provider`.
    let name: String
    /// The one-letter alias, if any: `o` for `-o`.
    var short: Character?
    /// The value's placeholder in the help (`URI`, `S`); `nil` for a flag.
    let placeholder: String?
    /// What the option does, in a few words; the completions show it alone.
    let summary: String
    /// What follows the summary in `--help` and in the manual page: defaults, ranges, examples; may be empty.
    var details = ""
    /// What a value can be.
    var values = Values.any
    /// Whether the option may be given more than once, each value counting (`monitor --region`).
    var repeatable = false
    /// Whether the command needs it (`plot -o`, `monitor --region`); it is then written in the usage line.
    var required = false

    /// `--name`.
    var flag: String { "--" + name }

    /// The whole help text: the summary, then the details after a space unless they begin with a colon, comma or
    /// semicolon.
    var help: String {
        guard let first = details.first else { return summary }
        return summary + (":,;".contains(first) ? "" : " ") + details
    }

    /// `--name PLACEHOLDER`, `-o, --output FILE`, `--replay`: how `--help` names the option.
    var label: String {
        (short.map { "-\($0), " } ?? "") + flag + (placeholder.map { " " + $0 } ?? "")
    }

    /// How the usage line writes the option: `-o FILE.svg`, `--region LAT,LON[,ID]`.
    var usage: String {
        (short.map { "-\($0)" } ?? flag) + (placeholder.map { " " + $0 } ?? "")
    }
}
