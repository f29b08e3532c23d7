import Foundation

/// The manual page `corelocation.1` (`corelocation help --man`), in roff with the man(7) macros, written from the
/// declarations `--help` is written from: the commands (``ToolCommands``), their options (``ToolOption``), the
/// environment (``ToolEnvironment``) and the exit statuses (``ExitStatus``).
///
/// An option one command takes is described under that command (COMMANDS); one that several share, once, under
/// OPTIONS, with the commands that take it.
enum ManualPage {
    /// The whole page.
    static var text: String {
        var page = ""
        func line(_ text: String) { page += text + "\n" }
        func section(_ name: String) { line(".SH \"\(name)\"") }
        func paragraphs(_ text: String) {
            for paragraph in text.components(separatedBy: "\n\n") {
                line(".PP")
                line(escape(paragraph.replacingOccurrences(of: "\n", with: " ")))
            }
        }
        func item(_ tag: String, _ body: String) {
            line(".TP")
            line(tag)
            line(escape(body))
        }

        line(".TH CORELOCATION 1 \"\" \"corelocation \(version)\" \"User Commands\"")
        line(".nh")  // options, variables and URIs are not hyphenated
        line(".ad l")
        section("NAME")
        line("corelocation \\- " + escape(ToolCommands.tagline))

        section("SYNOPSIS")
        for (index, command) in ToolCommands.all.enumerated() {
            if index > 0 { line(".br") }
            line(synopsis(command))
        }
        line(".br")
        line("\\fBcorelocation \\-\\-version\\fR")

        section("DESCRIPTION")
        paragraphs(ToolCommands.about)
        paragraphs(ProviderChoice.help)
        for form in ProviderChoice.uriForms { item("\\fB\(escape(form.example))\\fR", form.source) }
        paragraphs(CoreLocationCLIMode.help)
        line(".PP")
        line(
            "Its spellings: "
                + CoreLocationCLIMode.spellings.sorted().map { "\\fB\(escape($0))\\fR" }.joined(separator: ", ")
                + ".")

        let shared = Set(
            ToolCommands.all.flatMap { $0.options }.filter { option in
                ToolCommands.all.filter { $0.options.contains(option) }.count > 1
            })
        section("COMMANDS")
        for command in ToolCommands.all {
            line(".SS \(command.name)")
            line(synopsis(command))
            paragraphs(command.details)
            for option in command.options where !shared.contains(option) { item(label(option), option.help) }
            let common = command.options.filter { shared.contains($0) }
            if !common.isEmpty {
                line(".PP")
                line("Also " + common.map { "\\fB\(escape($0.flag))\\fR" }.joined(separator: ", ") + " (see OPTIONS).")
            }
            if !command.notes.isEmpty { paragraphs(command.notes) }
        }

        section("OPTIONS")
        var described = Set<ToolOption>()
        for option in ToolCommands.all.flatMap({ $0.options }) where shared.contains(option) {
            guard described.insert(option).inserted else { continue }
            let takers = ToolCommands.all.filter { $0.options.contains(option) }.map { $0.name }
            item(label(option), option.help)
            line(".br")
            line("Commands: " + takers.joined(separator: ", ") + ".")
        }
        for option in ToolOption.everyCommand + [.version] { item(label(option), option.help) }

        section("ENVIRONMENT")
        for variable in ToolEnvironment.all { item("\\fB\(escape(variable.name))\\fR", variable.details) }

        section("EXIT STATUS")
        for status in ExitStatus.allCases { item("\\fB\(status.rawValue)\\fR", status.meaning) }

        section("FILES")
        for pattern in ProvidersCommand.serialDevicePatterns {
            item(
                "\\fI/dev/\(escape(pattern))*\\fR",
                "A USB receiver, which `providers` lists and `nmea:/dev/\(pattern)0?baud=9600` reads; reading it "
                    + "needs the group that owns it (dialout on Debian and Ubuntu).")
        }

        section("EXAMPLES")
        for example in ToolCommands.examples {
            line(".PP")
            line(escape(example.purpose) + ":")
            line(".RS")
            line(".nf")
            line("\\fB\(escape(example.command))\\fR")
            line(".fi")
            line(".RE")
        }

        section("SEE ALSO")
        line(
            "\\fBgpsd\\fR(8), \\fBgpspipe\\fR(1), \\fBcgps\\fR(1); Docs/CLI.md and Docs/Troubleshooting.md in the source."
        )
        return page
    }

    /// A command's usage line: the tool's and the command's names and the options in bold, placeholders in italics.
    private static func synopsis(_ command: any ToolCommand.Type) -> String {
        HelpText.synopsis(command).split(separator: " ").map { word in
            let core = word.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
            let style =
                core == "…" ? "" : core.hasPrefix("-") || core == "corelocation" || core == command.name ? "B" : "I"
            let styled = style.isEmpty ? escape(core) : "\\f\(style)\(escape(core))\\fR"
            return word.replacingOccurrences(of: core, with: styled)
        }.joined(separator: " ")
    }

    /// `\fB\-o\fR, \fB\-\-output\fR \fIFILE.svg\fR`.
    private static func label(_ option: ToolOption) -> String {
        ((option.short.map { ["-\($0)"] } ?? []) + [option.flag]).map { "\\fB\(escape($0))\\fR" }
            .joined(separator: ", ") + (option.placeholder.map { " \\fI\(escape($0))\\fR" } ?? "")
    }

    /// `text` as roff text: a backslash as `\e`, a hyphen as `\-` (a minus sign, as options are typed), characters
    /// outside ASCII as `\[uXXXX]`, `\&` before a leading dot or quote, which would start a request, and what the
    /// help quotes between backquotes in bold.
    static func escape(_ text: String) -> String {
        var escaped = ""
        var quoting = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "`":
                escaped += quoting ? "\\fR" : "\\fB"
                quoting.toggle()
            case "\\": escaped += "\\e"
            case "-": escaped += "\\-"
            case _ where scalar.isASCII: escaped.unicodeScalars.append(scalar)
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                escaped += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }
        }
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }
}
