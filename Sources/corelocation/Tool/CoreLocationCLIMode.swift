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

    private enum Flag { case once, watch, json, verbose }

    /// What a CoreLocationCLI command line asks for.
    struct Translation: Equatable {
        /// `once` or `watch`.
        var command: String
        /// The command's arguments.
        var words: [String]
        /// Whether it asked for verbose output (`-verbose`, `-v`).
        var verbose: Bool
    }

    /// The command name and its arguments for `words` (the command line after the program name, without this
    /// tool's `--verbose`), or `nil` when they hold none of CoreLocationCLI's spellings.
    ///
    /// `--format` with a `%` is CoreLocationCLI's too (its current spelling of `-format`): the tool's own `--format`
    /// with a template stays available after an explicit command (`watch --format "%latitude"`), which never comes
    /// here.
    ///
    /// - Throws: ``Arguments/UsageError`` for `-format` without a value, or a JSON and a template together.
    static func translate(_ words: [String]) throws -> Translation? {
        var once: Bool?
        var watch = false
        var json = false
        var verbose = false
        var format: String?
        var recognised = false
        var rest: [String] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            if let flag = booleans[word] ?? switches[word] {
                recognised = true
                var value = true
                if booleans[word] != nil, index < words.count, let given = boolean(words[index]) {
                    value = given
                    index += 1
                }
                switch flag {
                case .once: once = value
                case .watch: watch = value
                case .json: json = value
                case .verbose: verbose = value
                }
            } else if word == "-format" || word == "-f"
                || (word == "--format" && index < words.count
                    && words[index].contains("%"))
            {
                guard index < words.count else { throw Arguments.UsageError(description: "\(word) needs a value") }
                recognised = true
                format = words[index]
                index += 1
            } else {
                rest.append(word)
            }
        }
        guard recognised else { return nil }
        if json && format != nil {
            throw Arguments.UsageError(description: "--json and --format exclude each other")
        }
        let watching = watch || once == false
        var translated = rest
        translated += json ? ["--format", "corelocationcli"] : ["--format-string", format ?? "%latitude %longitude"]
        if watching {
            translated.append("--no-sample")
        } else if !rest.contains(where: { $0 == "--accuracy" || $0.hasPrefix("--accuracy=") }) {
            translated += ["--accuracy", "any"]
        }
        return Translation(command: watching ? "watch" : "once", words: translated, verbose: verbose)
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
