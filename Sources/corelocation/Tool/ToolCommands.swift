/// The commands of `corelocation`, in the order the help lists them.
enum ToolCommands {
    /// What the tool is, in a line: the help's first line, the manual page's NAME.
    static let tagline = "location on Linux through Apple's CoreLocation API"

    /// Every command; `watch`, the first, is also the default.
    static var all: [any ToolCommand.Type] {
        [
            WatchCommand.self, OnceCommand.self, RecordCommand.self, HeadingCommand.self, MonitorCommand.self,
            VisitsCommand.self, ProvidersCommand.self, PlotCommand.self, HelpCommand.self,
        ]
    }

    /// The command run when none is named.
    static var defaultCommand: any ToolCommand.Type { WatchCommand.self }

    /// The command called `name`, or `nil`.
    static func named(_ name: String) -> (any ToolCommand.Type)? { all.first { $0.name == name } }
}
