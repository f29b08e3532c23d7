import LinuxCoreLocation

/// The command line split into a command, its positional arguments and its options, checked against what the
/// command accepts.
///
/// Options are `--name VALUE`, `--name=VALUE` or a bare `--flag`; a declared one-letter alias stands for its option
/// (`-h` is `--help`, `plot -o FILE` is `--output FILE`). Only the options a command declares repeatable
/// (`monitor --region`) may be given more than once; any other given twice is a usage error naming both values, since
/// which one would win is no choice the user made (issue 32). Numbers are decimal
/// (`LocationProviderURI.decimalNumber(_:)`: no hexadecimal floats, `inf` or `nan`).
struct Arguments {
    /// What a command accepts.
    struct Spec {
        var valueOptions: Set<String>
        var flags: Set<String> = []
        var positionals: ClosedRange<Int> = 0...0
        /// The value options that may be given more than once, each value counting.
        var repeatable: Set<String> = []
        /// The one-letter aliases: `-h` for `--help`.
        var aliases: [String: String] = [:]
        /// What to say of an option the command does not take although others do, by its name: why, and what to
        /// use instead (`heading --format-string`).
        var refusals: [String: String] = [:]
        /// What to say when a positional argument is missing: which, and the usage line.
        var missing = "missing argument"

        /// What every command says of the tool's own `--version` when it reaches it, after a command or `--help`.
        ///
        /// It was "unknown option", which an option the help lists is not.
        static let toolWideRefusals = ["version": versionGoesAlone]

        /// The tool's own flags, which take no value wherever they stand: `--version=1` and `--verbose=1` (`main.swift`
        /// takes a bare `--verbose` out first) say so, as a command's flag does (`--version=1` said that `--version`
        /// goes alone, a trial of the tool).
        static let toolWideFlags: Set<String> = ["version", "verbose"]

        /// What is said of `--version` given with anything else, wherever it stands.
        static let versionGoesAlone = "--version goes alone, before any command: corelocation --version"

        /// What a command with `options` and `positionals` accepts, `--help` and `-h` included, and what it says of
        /// the options it `refuses`.
        init(options: [ToolOption], positionals: ClosedRange<Int>, refusals: [String: String] = [:]) {
            let all = options + [.help]
            valueOptions = Set(all.filter { $0.placeholder != nil }.map(\.name))
            flags = Set(all.filter { $0.placeholder == nil }.map(\.name))
            self.positionals = positionals
            self.refusals = Self.toolWideRefusals.merging(refusals) { _, command in command }
            repeatable = Set(all.filter(\.repeatable).map(\.name))
            for option in all {
                if let short = option.short { aliases["-\(short)"] = option.flag }
            }
        }
    }

    /// A mistake on the command line; printed as one line with a hint to the command's help, exit status 64.
    struct UsageError: Error, CustomStringConvertible {
        let description: String
        /// The option the command does not know, without its dashes, when that is the mistake.
        var unknownOption: String?
        /// The positional argument the command does not take, when that is the mistake.
        var unexpectedArgument: String?
    }

    let positionals: [String]
    private let values: [String: [String]]
    private let presentFlags: Set<String>

    /// Parses `words` (the arguments after the command name) against `spec`.
    init(_ words: [String], spec: Spec) throws {
        var positionals: [String] = []
        var values: [String: [String]] = [:]
        var flags: Set<String> = []
        var index = 0
        while index < words.count {
            let word = spec.aliases[words[index]] ?? words[index]
            index += 1
            guard word.hasPrefix("--"), word.count > 2 else {
                positionals.append(word)
                continue
            }
            var name = String(word.dropFirst(2))
            var inline: String?
            if let equals = name.firstIndex(of: "=") {
                inline = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if spec.flags.contains(name) {
                guard inline == nil else { throw UsageError(description: "--\(name) takes no value") }
                flags.insert(name)  // a flag given twice says the same thing twice
            } else if spec.valueOptions.contains(name) {
                let value: String
                if let inline {
                    value = inline
                } else {
                    guard index < words.count else { throw UsageError(description: "--\(name) needs a value") }
                    value = words[index]
                    index += 1
                }
                if let first = values[name]?.first, !spec.repeatable.contains(name) {
                    throw UsageError(description: "--\(name) given twice (\"\(first)\" and \"\(value)\"); give it once")
                }
                values[name, default: []].append(value)
            } else if inline != nil, Spec.toolWideFlags.contains(name) {
                throw UsageError(description: "--\(name) takes no value")
            } else if let refusal = spec.refusals[name] {
                throw UsageError(description: refusal)
            } else {
                // The tool's own flags too: `--versio` had no suggestion (a trial of the tool).
                let known = spec.valueOptions.union(spec.flags).union(Spec.toolWideFlags)
                throw UsageError(
                    description: "unknown option --\(name)" + Suggestion.didYouMean(name, among: known, prefix: "--"),
                    unknownOption: name)
            }
        }
        if !flags.contains("help") && !spec.positionals.contains(positionals.count) {
            guard positionals.count > spec.positionals.upperBound else { throw UsageError(description: spec.missing) }
            let word = positionals[spec.positionals.upperBound]
            throw UsageError(description: "unexpected argument \"\(word)\"", unexpectedArgument: word)
        }
        self.positionals = positionals
        self.values = values
        presentFlags = flags
    }

    /// Whether a flag was given.
    func flag(_ name: String) -> Bool { presentFlags.contains(name) }

    /// The value of an option, or `nil`; the last of a repeatable one.
    func value(_ name: String) -> String? { values[name]?.last }

    /// Every value of a repeatable option.
    func all(_ name: String) -> [String] { values[name] ?? [] }

    /// A limit in `0...1e9` (`--duration`, `--max-age`) where 0 means "no limit", as 0 means "off" for every
    /// option of the tool (`--timeout 0`, `--heading-filter 0`, `--age-filter 0`, …); `nil` when absent or 0.
    func limit(_ name: String, unit: String) throws -> Double? {
        try number(name, in: 0...1e9, unit: unit).flatMap { $0 == 0 ? nil : $0 }
    }

    /// The option as a number in `range`, or `nil` when absent.
    func number(_ name: String, in range: ClosedRange<Double>, unit: String) throws -> Double? {
        guard let text = value(name) else { return nil }
        guard let number = LocationProviderURI.decimalNumber(text), range.contains(number) else {
            throw UsageError(
                description:
                    "--\(name) expects \(unit) in \(Self.bound(range.lowerBound))...\(Self.bound(range.upperBound)), "
                    + "found \"\(text)\"")
        }
        return number
    }

    /// The option as a whole number in `range` (`--count`), or `nil` when absent; `1.5` is refused.
    func whole(_ name: String, in range: ClosedRange<Int>, unit: String) throws -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError(
                description:
                    "--\(name) expects a whole number of \(unit) in \(range.lowerBound)...\(range.upperBound), "
                    + "found \"\(text)\"")
        }
        return number
    }

    /// A range bound as people write it: `0`, `180`, `1000000000`, `0.5`.
    private static func bound(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : Numbers.decimal(value, 6)
    }
}
