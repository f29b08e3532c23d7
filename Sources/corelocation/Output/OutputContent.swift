/// What a command writes on standard output, which decides the formats that can hold it: fixes go in every format,
/// headings, region events and visits only in some (CSV, GPX, templates and CoreLocationCLI's object hold fixes
/// only), and a command refuses the others rather than write an empty document.
struct OutputContent: Sendable {
    /// What one event is called: `fix`, `heading`, `region event`, `visit`.
    let noun: String
    /// The names `--format` takes, or `nil` for every format and templates (fixes).
    let formats: [String]?
    /// How `--help` lists ``formats``, after `--format F`'s summary.
    let formatDetails: String

    /// Fixes: `watch`, `once`.
    static let fixes = OutputContent(noun: "fix", formats: nil, formatDetails: ToolOption.format.details)
    /// Headings (`heading`): text, JSON Lines, and NMEA's HDT or HDG sentences.
    static let headings = OutputContent(
        noun: "heading", formats: ["text", "jsonl", "json", "nmea"],
        formatDetails: ": text (default on a terminal), jsonl or json (JSON Lines, the default otherwise), nmea (HDT "
            + "or HDG sentences); csv, gpx, corelocationcli and templates hold fixes only")
    /// Region events (`monitor`): text and JSON Lines.
    static let regionEvents = OutputContent(
        noun: "region event", formats: ["text", "jsonl", "json"], formatDetails: textOrJSONLines)
    /// Visits (`visits`): text and JSON Lines.
    static let visits = OutputContent(
        noun: "visit", formats: ["text", "jsonl", "json"], formatDetails: textOrJSONLines)

    private static let textOrJSONLines =
        ": text (default on a terminal), jsonl or json (JSON Lines, the default otherwise); csv, gpx, nmea, "
        + "corelocationcli and templates hold fixes only"

    /// The plural of ``noun``: `fixes`, `headings`.
    var plural: String { noun == "fix" ? "fixes" : noun + "s" }

    /// The options that write this content: `--format` (with ``formatDetails``), and for fixes `--format-string`.
    var options: [ToolOption] {
        guard let formats else { return [.format, .formatString] }
        var format = ToolOption.format
        format.details = formatDetails
        format.values = .words(formats)
        return [format]
    }

    /// What the parser says of an option that this content's commands do not take: `--format-string`, which writes
    /// fixes only.
    var refusals: [String: String] {
        formats == nil ? [:] : ["format-string": refusal(of: "--format-string")]
    }

    /// Checks that `format`, asked for with `given` (`--format csv`), can hold this content.
    ///
    /// - Throws: ``Arguments/UsageError`` naming what was given and the formats that hold it.
    func check(_ format: OutputFormat, given: String) throws {
        guard let formats,
            !formats.compactMap({ name in OutputFormat.named.first { $0.name == name }?.format }).contains(format)
        else { return }
        throw Arguments.UsageError(description: refusal(of: given))
    }

    /// Checks `--format`'s value, before it is parsed, against the formats that hold this content: a word that names
    /// no format is refused with those formats (`heading --format xml`), not with every format of the tool.
    ///
    /// - Throws: ``Arguments/UsageError``, such as `--format expects text, jsonl (or json) or nmea for headings, found
    ///   "xml"`, or the refusal of a template.
    func checkName(_ value: String?) throws {
        guard formats != nil, let value, !OutputFormat.named.contains(where: { $0.name == value }) else { return }
        if value.contains("%") { throw Arguments.UsageError(description: refusal(of: "--format \"\(value)\"")) }
        throw Arguments.UsageError(description: "--format expects \(formatList) for \(plural), found \"\(value)\"")
    }

    /// `--format csv cannot hold headings; for headings use --format text, jsonl (or json) or nmea`.
    private func refusal(of given: String) -> String {
        "\(given) cannot hold \(plural); for \(plural) use --format \(formatList)"
    }

    /// The formats that hold this content, as messages list them: `text, jsonl (or json) or nmea`.
    private var formatList: String {
        let names = (formats ?? []).filter { $0 != "json" }.map { $0 == "jsonl" ? "jsonl (or json)" : $0 }
        return names.dropLast().joined(separator: ", ") + (names.count > 1 ? " or " : "") + (names.last ?? "")
    }
}
