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

    Run `corelocation COMMAND --help` for a command's options. Environment: CORELOCATION_PROVIDER (a provider
    URI), CORELOCATION_AUTHORIZATION (the initial authorization status).
    """

var words = Array(CommandLine.arguments.dropFirst())
if words.first == "--version" {
    print("corelocation \(version)")
    exit(0)
}
if words.first == "--help" || words.first == "-h" || words.first == "help" {
    print(generalUsage)
    exit(0)
}
let commandName = words.first.map { $0.hasPrefix("-") ? "watch" : $0 } ?? "watch"
if words.first == commandName { words.removeFirst() }

@MainActor func runCommand(_ command: any ToolCommand.Type) -> Never {
    do {
        let arguments = try Arguments(words, spec: command.spec)
        if arguments.flag("help") {
            print(command.usage)
            exit(0)
        }
        try command.init(arguments).run()
    } catch let error as Arguments.UsageError {
        Terminal.note("error: \(error)")
        FileHandle.standardError.write(Data((command.usage + "\n").utf8))
        exit(ExitStatus.usage.rawValue)
    } catch {
        Terminal.exit(.usage, "\(error)")
    }
}

/// The commands by name; `watch` is also the default.
let commands: [String: any ToolCommand.Type] = [
    "watch": WatchCommand.self, "once": OnceCommand.self, "record": RecordCommand.self,
    "heading": HeadingCommand.self, "monitor": MonitorCommand.self, "visits": VisitsCommand.self,
    "plot": PlotCommand.self, "providers": ProvidersCommand.self,
]

guard let command = commands[commandName] else {
    Terminal.note("error: unknown command \"\(commandName)\"")
    FileHandle.standardError.write(Data((generalUsage + "\n").utf8))
    exit(ExitStatus.usage.rawValue)
}
runCommand(command)
