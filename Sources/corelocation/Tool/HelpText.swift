/// The `--help` texts, written from the commands' declarations (``ToolCommand``, ``ToolOption``).
///
/// A command's help is its usage line, its details, an `options:` list — each option's label, then its help
/// wrapped in a column — and its notes. Lines are at most ``width`` characters long.
enum HelpText {
    /// The longest line.
    static let width = 116
    /// Where the help of an option begins; a longer label puts it on the next line.
    private static let column = 26

    /// `usage: corelocation plot FILE.gpx|FILE.nmea -o FILE.svg [options]`, without `usage: `.
    static func synopsis(_ command: any ToolCommand.Type) -> String {
        let name = command.name == ToolCommands.defaultCommand.name ? "[\(command.name)]" : command.name
        let required = command.options.filter(\.required).map { option in
            option.usage + (option.repeatable ? " [\(option.flag) …]" : "")
        }
        return
            (["corelocation", name] + (command.operand.map { [$0.usage] } ?? []) + required
            + (command.options.contains { !$0.required } ? ["[options]"] : [])).joined(separator: " ")
    }

    /// The help of a command.
    static func command(_ command: any ToolCommand.Type) -> String {
        var text = "usage: " + synopsis(command) + "\n\n" + command.details + "\n"
        if !command.options.isEmpty { text += "\noptions:\n" + list(command.options) }
        if !command.notes.isEmpty { text += "\n" + command.notes + "\n" }
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }

    /// `corelocation help`: the commands, the options of every command, the general notes and the environment.
    static func general() -> String {
        let commands = ToolCommands.all.map { command in
            "  " + command.name.padding(toLength: 13, withPad: " ", startingAt: 0) + command.summary + "\n"
        }
        let environment = ToolEnvironment.all.map { "\($0.name) (\($0.summary))" }.joined(separator: ", ")
        return "corelocation \(version) — \(ToolCommands.tagline)\n\n"
            + "usage: corelocation [command] [options]\n\n"
            + "commands:\n" + commands.joined() + "\n"
            + "Run `corelocation help COMMAND` or `corelocation COMMAND --help` for a command's options.\n\n"
            + "options:\n" + list(ToolOption.everyCommand + [.version]) + "\n"
            + wrap(CoreLocationCLIMode.help, width: width).joined(separator: "\n") + "\n\n"
            + wrap("Environment: \(environment).", width: width).joined(separator: "\n")
    }

    /// The options as a two-column list, two spaces in.
    static func list(_ options: [ToolOption]) -> String {
        options.map { option in
            let label = "  " + option.label
            let lines = wrap(option.help, width: width - column)
            let indent = String(repeating: " ", count: column)
            let first =
                label.count + 2 <= column
                ? label.padding(toLength: column, withPad: " ", startingAt: 0) + lines[0]
                : label + "\n" + indent + lines[0]
            return ([first] + lines.dropFirst().map { indent + $0 }).joined(separator: "\n") + "\n"
        }.joined()
    }

    /// `text` in lines of at most `width` characters, broken at spaces (a longer word stands alone).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return lines + [line]
    }
}
