import Foundation
import LinuxCoreLocation

/// The version printed by `--version`.
let version = "0.1.0"

let generalUsage = """
    corelocation \(version) — location on Linux through Apple's CoreLocation API

    usage: corelocation [command] [options]

    commands:
      watch        stream fixes (the default command)
      once         one fix meeting an accuracy, with a timeout
      record       record fixes to a GPX file
      heading      stream measured headings
      monitor      report entering and leaving circular regions
      visits       report visits (stays in one place)
      providers    show the configured provider and what the probe finds
      plot         draw a GPX or NMEA track as SVG

    Run `corelocation help COMMAND` or `corelocation COMMAND --help` for a command's options.
    Every command also takes --verbose: diagnostics show the raw text of the fields they reject (it can hold
    coordinates, so it is left out by default).

    CoreLocationCLI's spellings work too: `corelocation -once -format "%latitude %longitude"`, `-json`,
    `--json`, `--watch`, `--format "%latitude %longitude %direction %address"`: one fix and exit unless
    watching, never the embedded sample. After a command, `--format "%…"` is that command's template
    (`watch --format "%latitude"` keeps watching).
    Environment: CORELOCATION_PROVIDER (a provider URI), CORELOCATION_AUTHORIZATION (the initial authorization
    status).
    """

/// The commands by name; `watch` is also the default.
let commands: [String: any ToolCommand.Type] = [
    "watch": WatchCommand.self, "once": OnceCommand.self, "record": RecordCommand.self,
    "heading": HeadingCommand.self, "monitor": MonitorCommand.self, "visits": VisitsCommand.self,
    "plot": PlotCommand.self, "providers": ProvidersCommand.self,
]

/// Ends a command line mistake: one error line, one line saying where help is, status 64.
func usageError(_ message: String, help: String) -> Never {
    Terminal.note("error: \(message)")
    Terminal.note("see `\(help)`")
    exit(ExitStatus.usage.rawValue)
}

Terminal.prepare()
SampleProvider.register()
var words = Array(CommandLine.arguments.dropFirst())
if let verbose = words.firstIndex(of: "--verbose") {
    words.remove(at: verbose)
    LocationProviders.diagnosticsIncludeFieldValues = true
}
if words.first == "--version" {
    Terminal.write("corelocation \(version)\n")
    Terminal.exit(.success)
}
if words.first == "--help" || words.first == "-h" || words.first == "help" {
    if words.count > 1, let command = commands[words[1]] {
        Terminal.write(command.usage + "\n")
    } else if words.count > 1 {
        usageError("unknown command \"\(words[1])\"", help: "corelocation help")
    } else {
        Terminal.write(generalUsage + "\n")
    }
    Terminal.exit(.success)
}
if let value = ProcessInfo.processInfo.environment["CORELOCATION_AUTHORIZATION"], !value.isEmpty,
    LocationAuthorization.status(named: value) == nil
{
    usageError(
        "CORELOCATION_AUTHORIZATION=\(value) names no authorization status; expected "
            + LocationAuthorization.statusNames.joined(separator: ", ") + ", or unset it",
        help: "corelocation help")
}
var commandName = words.first.map { $0.hasPrefix("-") ? "watch" : $0 } ?? "watch"
if words.first == commandName {
    words.removeFirst()
} else {
    do {
        if let translated = try CoreLocationCLIMode.translate(words) {
            (commandName, words) = (translated.command, translated.words)
            if translated.verbose { LocationProviders.diagnosticsIncludeFieldValues = true }
        }
    } catch {
        usageError("\(error)", help: "corelocation help")
    }
}

@MainActor func runCommand(_ command: any ToolCommand.Type, named name: String) -> Never {
    do {
        let arguments = try Arguments(words, spec: command.spec)
        if arguments.flag("help") {
            Terminal.write(command.usage + "\n")
            Terminal.exit(.success)
        }
        try command.init(arguments).run()
    } catch {
        usageError("\(error)", help: "corelocation \(name) --help")
    }
}

guard let command = commands[commandName] else {
    usageError("unknown command \"\(commandName)\"", help: "corelocation help")
}
runCommand(command, named: commandName)
