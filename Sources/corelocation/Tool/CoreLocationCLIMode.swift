/// CoreLocationCLI's command line, translated into this tool's: `-once`, `-follow`, `-json`, `-format FORMAT`,
/// `-verbose` (its first versions, after `NSUserDefaults`, which also take a value: `-once YES`), and `--json`,
/// `--watch`, `--format FORMAT`, `--verbose` with `-j`, `-w`, `-f`, `-v` (its current ones).
///
/// As CoreLocationCLI does, the mode prints one fix and exits unless watching (`--watch`, `-w`, `-follow`), in
/// the format given with `%` placeholders (`%latitude %longitude` by default), or with `--json` one
/// CoreLocationCLI JSON object per fix. One fix is `once --accuracy any` (the first valid fix at most 60 s old,
/// within 10 s); watching is `watch --no-sample`: a replacement for CoreLocationCLI reports where the machine is or
/// nothing, never the embedded sample. `-verbose` and `-v` are this tool's `--verbose` (diagnostics show the
/// raw text of the fields they reject; notices are always on standard error). Any other option of `once` or
/// `watch` (`--provider`, `--timeout`, …) may follow.
enum CoreLocationCLIMode {
    /// What `corelocation help` and the manual page say about the mode.
    static let help = """
        CoreLocationCLI's spellings work too: `corelocation -once -format "%latitude %longitude"`, `-json`, \
        `--json`, `--watch`, `--format "%latitude %longitude %direction %address"`: one fix and exit unless \
        watching, never the embedded sample. After a command, `--format "%…"` is that command's template \
        (`watch --format "%latitude"` keeps watching).
        """

    /// Every spelling the mode recognises.
    static var spellings: Set<String> { Set(booleans.keys).union(switches.keys).union(["-format", "-f", "--format"]) }

    /// Words that take a value in `NSUserDefaults` style (`-once YES`) when one follows.
    private static let booleans: [String: Flag] = [
        "-once": .once, "-follow": .watch, "-watch": .watch, "-json": .json, "-verbose": .verbose,
    ]
    /// Words that take no value.
    private static let switches: [String: Flag] = [
        "--watch": .watch, "-w": .watch, "--json": .json, "-j": .json, "--verbose": .verbose, "-v": .verbose,
    ]

    private enum Flag: Hashable { case once, watch, json, verbose }

    /// What a CoreLocationCLI command line asks for.
    struct Translation: Equatable {
        /// `once` or `watch`.
        var command: String
        /// The command's arguments.
        var words: [String]
        /// Whether it asked for verbose output (`-verbose`, `-v`).
        var verbose: Bool
        /// What selected the mode, as typed: `-json`, `--format "%h_accuracy"`, `--json --watch`.
        var selectedBy: String

        /// `CoreLocationCLI's one-shot mode` (``command`` `once`) or `CoreLocationCLI's watch mode`.
        var mode: String { CoreLocationCLIMode.name(watching: command != "once") }

        /// The usage error `error` of the translated command line, explained: what selected the mode and which
        /// options it takes (the command's, but the output options it sets itself), and for an option of `watch`
        /// in the one-shot mode how to watch; `nil` when `error` is not about an unknown option.
        func explaining(_ error: Arguments.UsageError) -> String? {
            guard let option = error.unknownOption, let command = ToolCommands.named(command) else { return nil }
            let set = ["format", "format-string", "no-sample"]
            let takes = command.options.map(\.name).filter { !set.contains($0) }.map { "--" + $0 }
            let list = takes.dropLast().joined(separator: ", ") + (takes.count > 1 ? " and " : "") + (takes.last ?? "")
            var text = "\(error) — \(selectedBy) selected \(mode), which takes \(list)"
            if command.name == "once", WatchCommand.options.contains(where: { $0.name == option }) {
                text += "; --\(option) is for watching: add --watch, or run corelocation watch"
            }
            return text
        }
    }

    /// The command name and its arguments for `words` (the command line after the program name, without this
    /// tool's `--verbose`), or `nil` when they hold none of CoreLocationCLI's spellings.
    ///
    /// `--format` with a `%` is CoreLocationCLI's too (its current spelling of `-format`): the tool's own `--format`
    /// with a template stays available after an explicit command (`watch --format "%latitude"`), which never comes
    /// here.
    ///
    /// - Throws: ``Arguments/UsageError`` for `-format` without a value, a template given twice or `--format` given
    ///   twice (as the commands refuse an option given twice, in their words), a JSON and a template together, one fix
    ///   and watching together (`-once YES -follow`, `-once NO -follow NO`) or one spelling given with both values
    ///   (`-json YES -json NO`), naming both as typed, or `--format-string` or another `--format` spelling beside the
    ///   output the mode sets, naming what selected the mode.
    static func translate(_ words: [String]) throws -> Translation? {
        // Each Boolean as first given: its value and its words as typed (`-once YES`).
        var given: [Flag: (value: Bool, typed: String)] = [:]
        var format: (value: String, typed: String)?
        var selectedBy: [String] = []
        var rest: [String] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            if let flag = booleans[word] ?? switches[word] {
                var value = true
                var typed = word
                if booleans[word] != nil, index < words.count, let stated = boolean(words[index]) {
                    value = stated
                    typed += " " + words[index]
                    index += 1
                }
                selectedBy.append(typed)
                if let first = given[flag], first.value != value {
                    throw Arguments.UsageError(
                        description: "\(first.typed) and \(typed) contradict each other; give one of them")
                }
                given[flag] = given[flag] ?? (value, typed)
            } else if word == "-format" || word == "-f"
                || (word == "--format" && index < words.count
                    && words[index].contains("%"))
            {
                guard index < words.count else { throw Arguments.UsageError(description: "\(word) needs a value") }
                let typed = "\(word) \"\(words[index])\""
                if let first = format {
                    throw Arguments.UsageError(
                        description: "the format given twice (\(first.typed) and \(typed)); give it once")
                }
                selectedBy.append(typed)
                format = (words[index], typed)
                index += 1
            } else {
                rest.append(word)
            }
        }
        guard !selectedBy.isEmpty else { return nil }
        try refuseFormatGivenTwice(words)
        let json = given[.json]?.value == true
        let verbose = given[.verbose]?.value == true
        if let jsonGiven = given[.json], jsonGiven.value, let format {
            throw Arguments.UsageError(
                description: "\(jsonGiven.typed) and \(format.typed) exclude each other; give one of them")
        }
        if let once = given[.once], let watch = given[.watch], once.value == watch.value {
            let asks = once.value ? "one fix and watching" : "neither one fix nor watching"
            throw Arguments.UsageError(
                description: "\(once.typed) and \(watch.typed) contradict each other (\(asks)); give one of them")
        }
        let watching = given[.watch]?.value ?? (given[.once]?.value == false)
        let mode = name(watching: watching)
        if let output = rest.first(where: { word in
            ["--format", "--format-string"].contains { word == $0 || word.hasPrefix($0 + "=") }
        }) {
            let own = json ? "its JSON object" : "a template (-format \"%…\")"
            throw Arguments.UsageError(
                description: "\(selectedBy.joined(separator: " ")) selected \(mode), which writes \(own): "
                    + "\(output.prefix { $0 != "=" }) does not go with it; leave it out, or name a command: "
                    + "corelocation \(watching ? "watch" : "once") \(output.prefix { $0 != "=" }) …")
        }
        var translated = rest
        translated +=
            json ? ["--format", "corelocationcli"] : ["--format-string", format?.value ?? "%latitude %longitude"]
        if watching {
            translated.append("--no-sample")
        } else if !rest.contains(where: { $0 == "--accuracy" || $0.hasPrefix("--accuracy=") }) {
            translated += ["--accuracy", "any"]
        }
        return Translation(
            command: watching ? "watch" : "once", words: translated, verbose: verbose,
            selectedBy: selectedBy.joined(separator: " "))
    }

    /// Refuses `--format` given twice in `words`, as a command refuses it, whether either is CoreLocationCLI's
    /// (`--format "%latitude"`) or this tool's (`--format jsonl`, `--format=csv`): the mode's own message said the
    /// second did not go with the mode that the first selected (a trial of the tool).
    private static func refuseFormatGivenTwice(_ words: [String]) throws {
        var values: [String] = []
        var index = 0
        while index < words.count {
            if words[index] == "--format", index + 1 < words.count {
                values.append(words[index + 1])
                index += 2
                continue
            }
            if words[index].hasPrefix("--format=") { values.append(String(words[index].dropFirst("--format=".count))) }
            index += 1
        }
        guard values.count > 1 else { return }
        throw Arguments.UsageError(
            description: "--format given twice (\"\(values[0])\" and \"\(values[1])\"); give it once")
    }

    /// `CoreLocationCLI's one-shot mode` or, `watching`, `CoreLocationCLI's watch mode`: how errors name the mode.
    static func name(watching: Bool) -> String {
        "CoreLocationCLI's " + (watching ? "watch" : "one-shot") + " mode"
    }

    /// `YES`, `NO`, `true`, `false`, `1`, `0` in any case, as `NSUserDefaults` reads a Boolean argument.
    private static func boolean(_ word: String) -> Bool? {
        switch word.lowercased() {
        case "yes", "true", "1": true
        case "no", "false", "0": false
        default: nil
        }
    }
}
