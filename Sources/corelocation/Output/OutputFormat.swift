/// How events are written on standard output: `--format text|jsonl|csv|gpx` or `--format-string`.
enum OutputFormat: Equatable {
    case text, jsonLines, csv, gpx
    case template(FormatTemplate)

    /// The format asked for on the command line; text on a terminal and JSON Lines otherwise by default.
    init(arguments: Arguments, outputIsTerminal: Bool) throws {
        if let template = arguments.value("format-string") {
            guard arguments.value("format") == nil else {
                throw Arguments.UsageError(description: "--format and --format-string exclude each other")
            }
            self = .template(try FormatTemplate(template))
            return
        }
        switch arguments.value("format") {
        case nil: self = outputIsTerminal ? .text : .jsonLines
        case "text": self = .text
        case "jsonl", "json": self = .jsonLines
        case "csv": self = .csv
        case "gpx": self = .gpx
        case let other?:
            throw Arguments.UsageError(description: "--format expects text, jsonl, csv or gpx, found \"\(other)\"")
        }
    }
}
