/// The commands of `corelocation`, in the order the help lists them.
enum ToolCommands {
    /// What the tool is, in a line: the help's first line, the manual page's NAME.
    static let tagline = "location on Linux through Apple's CoreLocation API"

    /// What the tool does, for the manual page's description.
    static let about = """
        corelocation asks "where am I?", watches a receiver, records and draws tracks, and checks geofences \
        — through CLLocationManager, the blocks layer and one-shot requests, exactly as apps use them.
        """

    /// The manual page's examples: what each does, and the command line.
    static let examples: [(purpose: String, command: String)] = [
        ("Where you are; with nothing configured, the sample drive, marked as such", "corelocation"),
        ("Three fixes as JSON Lines", "corelocation --format jsonl --count 3"),
        ("What is configured, what the probe finds", "corelocation providers"),
        ("Live from gpsd", "corelocation --provider gpsd://127.0.0.1:2947"),
        ("A USB receiver", "corelocation --provider \"nmea:/dev/ttyACM0?baud=9600\""),
        (
            "A receiver log decoded as fast as it reads",
            "corelocation --provider \"nmea:log.nmea?speed=max\" --format jsonl"
        ),
        ("One fix within 15 m, or exit 2 after 10 s", "corelocation once --accuracy house --timeout 10"),
        ("A minute of the sample track recorded", "corelocation record walk.gpx --duration 60 --provider sample:"),
        ("The recording drawn", "corelocation plot walk.gpx -o walk.svg"),
        (
            "Entering and leaving 200 m around the Eiffel Tower",
            "corelocation monitor --region 48.8584,2.2945,200,tower"
        ),
        ("CoreLocationCLI's spelling", "corelocation -once -format \"%latitude %longitude\""),
        ("The bash completions, for this shell only", "source <(corelocation completions bash)"),
    ]

    /// Every command; `watch`, the first, is also the default.
    static var all: [any ToolCommand.Type] {
        [
            WatchCommand.self, OnceCommand.self, RecordCommand.self, HeadingCommand.self, MonitorCommand.self,
            VisitsCommand.self, ProvidersCommand.self, PlotCommand.self, HelpCommand.self, CompletionsCommand.self,
        ]
    }

    /// The command run when none is named.
    static var defaultCommand: any ToolCommand.Type { WatchCommand.self }

    /// The command called `name`, or `nil`.
    static func named(_ name: String) -> (any ToolCommand.Type)? { all.first { $0.name == name } }
}
