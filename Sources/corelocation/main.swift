import Foundation
import LinuxCoreLocation

/// The version printed by `--version`.
let version = "0.1.0"

/// Ends a command line mistake: one error line, one line saying where help is, status 64.
func usageError(_ message: String, help: String) -> Never {
    Terminal.note("error: \(message)")
    Terminal.note("see `\(help)`")
    exit(ExitStatus.usage.rawValue)
}

Terminal.prepare()
SampleProvider.register()
var words = Array(CommandLine.arguments.dropFirst())
if words.contains("--verbose") {
    words.removeAll { $0 == "--verbose" }  // given twice, it says the same thing twice
    LocationProviders.diagnosticsIncludeFieldValues = true
}
if words.first == "--version" {
    // Alone, as after a command or after `--help` (`Arguments.Spec.versionGoesAlone`): `--version --help` printed the
    // version where `--help --version` was an error.
    if words.count > 1 { usageError(Arguments.Spec.versionGoesAlone, help: "corelocation help") }
    Terminal.write("corelocation \(version)\n")
    Terminal.exit(.success)
}
/// Runs `command` with `words`, translated from CoreLocationCLI's command line when `translation` is given: a
/// usage error then says what selected that mode, and points to `corelocation help`, which describes the mode (the
/// command's help says nothing of `-once`).
@MainActor func runCommand(
    _ command: any ToolCommand.Type, _ words: [String], translation: CoreLocationCLIMode.Translation? = nil
) -> Never {
    let help =
        command == HelpCommand.self || translation != nil ? "corelocation help" : "corelocation \(command.name) --help"
    do {
        let arguments = try Arguments(words, spec: command.spec)
        if arguments.flag("help") {
            Terminal.write(command.usage + "\n")
            Terminal.exit(.success)
        }
        let instance = try command.init(arguments)
        if command.asksForAuthorization { requireKnownAuthorization() }
        instance.run()
    } catch let error as Arguments.UsageError {
        if let explained = translation?.explaining(error) { usageError(explained, help: help) }
        // `corelocation --provider X once`: the options went to the default command, the command came after them.
        if let word = error.unexpectedArgument, command != HelpCommand.self, ToolCommands.named(word) != nil {
            usageError(
                "\(error); the command comes first: corelocation \(word) [options]",
                help: "corelocation \(word) --help")
        }
        usageError("\(error)", help: help)
    } catch {
        usageError("\(error)", help: help)
    }
}

/// Ends with a usage error when `CORELOCATION_AUTHORIZATION` names no status.
///
/// Only a command that asks for location reads it, so a typo there does not stop `plot` or `providers`; and it is
/// read after the command line and its values, whose mistakes are said first (`watch --version` and `once --accuracy
/// bogus` said the variable's typo, trials of the tool) and whose `--help` needs no authorization (`watch --help`
/// failed on a typo, a new user's trial), but before the command starts.
func requireKnownAuthorization() {
    guard let value = ProcessInfo.processInfo.environment["CORELOCATION_AUTHORIZATION"], !value.isEmpty,
        LocationAuthorization.status(named: value) == nil
    else { return }
    usageError(
        "CORELOCATION_AUTHORIZATION=\(value) names no authorization status; expected "
            + LocationAuthorization.statusNames.joined(separator: ", ") + ", or unset it",
        help: "corelocation help")
}

// Help before anything else is checked: it works whatever the environment holds.
if words.first == "--help" || words.first == "-h" || words.first == HelpCommand.name {
    runCommand(HelpCommand.self, Array(words.dropFirst()))
}
var translation: CoreLocationCLIMode.Translation?
var commandName =
    words.first.map { $0.hasPrefix("-") ? ToolCommands.defaultCommand.name : $0 }
    ?? ToolCommands.defaultCommand.name
if words.first == commandName {
    words.removeFirst()
} else {
    do {
        if let translated = try CoreLocationCLIMode.translate(words) {
            (commandName, words, translation) = (translated.command, translated.words, translated)
            if translated.verbose { LocationProviders.diagnosticsIncludeFieldValues = true }
        }
    } catch {
        usageError("\(error)", help: "corelocation help")
    }
}

guard let command = ToolCommands.named(commandName) else {
    usageError(
        "unknown command \"\(commandName)\""
            + Suggestion.didYouMean(commandName, among: ToolCommands.all.map { $0.name }),
        help: "corelocation help")
}
runCommand(command, words, translation: translation)
