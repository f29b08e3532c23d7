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

@MainActor func runCommand<Command>(
    _ spec: Arguments.Spec, usage: String, make: (Arguments) throws -> Command, run: (Command) -> Never
) -> Never {
    do {
        let arguments = try Arguments(words, spec: spec)
        if arguments.flag("help") {
            print(usage)
            exit(0)
        }
        run(try make(arguments))
    } catch let error as Arguments.UsageError {
        Terminal.note("error: \(error)")
        FileHandle.standardError.write(Data((usage + "\n").utf8))
        exit(ExitStatus.usage.rawValue)
    } catch {
        Terminal.exit(.usage, "\(error)")
    }
}

switch commandName {
case "watch":
    runCommand(WatchCommand.spec, usage: WatchCommand.usage, make: WatchCommand.init, run: { $0.run() })
case "once":
    runCommand(OnceCommand.spec, usage: OnceCommand.usage, make: OnceCommand.init, run: { $0.run() })
case "record":
    runCommand(RecordCommand.spec, usage: RecordCommand.usage, make: RecordCommand.init, run: { $0.run() })
case "heading":
    runCommand(HeadingCommand.spec, usage: HeadingCommand.usage, make: HeadingCommand.init, run: { $0.run() })
case "monitor":
    runCommand(MonitorCommand.spec, usage: MonitorCommand.usage, make: MonitorCommand.init, run: { $0.run() })
case "visits":
    runCommand(VisitsCommand.spec, usage: VisitsCommand.usage, make: VisitsCommand.init, run: { $0.run() })
case "plot":
    runCommand(PlotCommand.spec, usage: PlotCommand.usage, make: PlotCommand.init, run: { $0.run() })
case "providers":
    runCommand(ProvidersCommand.spec, usage: ProvidersCommand.usage, make: ProvidersCommand.init, run: { $0.run() })
default:
    Terminal.note("error: unknown command \"\(commandName)\"")
    FileHandle.standardError.write(Data((generalUsage + "\n").utf8))
    exit(ExitStatus.usage.rawValue)
}
