/// The options several commands take, each declared once; and those of every command (`--help`, `--verbose`) or of
/// none (`--version`), which `main.swift` reads.
extension ToolOption {
    /// `--provider URI`: every command that needs fixes.
    static let provider = ToolOption(
        name: "provider", placeholder: "URI", summary: "where fixes come from",
        details: "(default: CORELOCATION_PROVIDER, else the probe, else for watch alone the embedded sample track, "
            + "sample:, marked as such in the output), e.g. gpsd://127.0.0.1:2947, nmea:/dev/ttyACM0?baud=9600, "
            + "gpx:track.gpx?speed=10, nmea:log.nmea?speed=max, fixed:48.8584,2.2945",
        values: .providers)

    /// `--duration S`.
    static let duration = ToolOption(
        name: "duration", placeholder: "S", summary: "stop after S seconds", details: "(0: no limit)")

    /// `--format F`: the output format (``OutputFormat``).
    static let format = ToolOption(
        name: "format", placeholder: "F", summary: "the output format",
        details: ": text (default on a terminal), jsonl or json (JSON Lines, the default otherwise), csv, gpx, nmea "
            + "(GGA, RMC, GSA, GST sentences), corelocationcli (CoreLocationCLI's JSON object); a value with % is a "
            + "template, as --format-string",
        values: .words(OutputFormat.named.map(\.name)))

    /// `--format-string T`: a template (``FormatTemplate``).
    static let formatString = ToolOption(
        name: "format-string", placeholder: "T", summary: "a line per fix from a template",
        details: ": %latitude %longitude %altitude %h_accuracy %v_accuracy %speed %course %direction (the course) "
            + "%time, and from its reverse-geocoded placemark (CORELOCATION_GEOCODER, see Docs/CLI.md): %address "
            + "%name %isoCountryCode %country %postalCode %administrativeArea %subAdministrativeArea %locality "
            + "%subLocality %thoroughfare %subThoroughfare %region %timeZone %time_local")

    /// `--accuracy-filter M`: `watch` and `plot`.
    static let accuracyFilter = ToolOption(
        name: "accuracy-filter", placeholder: "M", summary: "drop fixes less accurate than M metres",
        details: "(updateAccuracyFilter; 0: none)")

    /// `--age-filter S`: `watch` and `plot --replay`.
    static let ageFilter = ToolOption(
        name: "age-filter", placeholder: "S", summary: "drop fixes older than S seconds",
        details: "(updateLocationAgeFilter; 0: none)")

    /// `-h`, `--help`: every command's help; ``Arguments`` accepts it everywhere.
    static let help = ToolOption(
        name: "help", short: "h", placeholder: nil, summary: "show this help, or a command's after its name")

    /// `--verbose`: every command; `main.swift` takes it out of the command line.
    static let verbose = ToolOption(
        name: "verbose", placeholder: nil, summary: "diagnostics show the raw text of the fields they reject",
        details: "(it can hold coordinates, so it is left out by default); every command takes it")

    /// `--version`: alone, instead of a command.
    static let version = ToolOption(name: "version", placeholder: nil, summary: "print the version and exit")

    /// The options every command takes.
    static let everyCommand: [ToolOption] = [.help, .verbose]
}
