/// How events are written on standard output: `--format text|jsonl|json|csv|gpx`, or a template given with
/// `--format-string`, or with `--format` when its value contains a `%` (as CoreLocationCLI's `--format`).
enum OutputFormat: Equatable {
    case text, jsonLines, csv, gpx
    /// NMEA 0183 sentences (``NMEAOutput``).
    case nmea
    /// CoreLocationCLI's JSON object, one per line (``CoreLocationCLIObject``).
    case coreLocationCLI
    case template(FormatTemplate)

    /// The names `--format` accepts, for the error message.
    static let names = "text, jsonl (or json), csv, gpx, nmea, corelocationcli, or a template with %placeholders"

    /// The formats by name, for the parser and the completions.
    static let named: [(name: String, format: OutputFormat)] = [
        ("text", .text), ("jsonl", .jsonLines), ("json", .jsonLines), ("csv", .csv), ("gpx", .gpx), ("nmea", .nmea),
        ("corelocationcli", .coreLocationCLI),
    ]

    /// The format asked for on the command line; text on a terminal and JSON Lines otherwise by default.
    init(arguments: Arguments, outputIsTerminal: Bool) throws {
        let format = arguments.value("format")
        if let template = arguments.value("format-string") {
            guard format == nil else {
                throw Arguments.UsageError(description: "--format and --format-string exclude each other")
            }
            self = .template(try FormatTemplate(template))
            return
        }
        if let named = Self.named.first(where: { $0.name == format }) {
            self = named.format
            return
        }
        switch format {
        case nil: self = outputIsTerminal ? .text : .jsonLines
        case let template? where template.contains("%"): self = .template(try FormatTemplate(template))
        case let other?:
            throw Arguments.UsageError(description: "--format expects \(Self.names), found \"\(other)\"")
        }
    }
}
