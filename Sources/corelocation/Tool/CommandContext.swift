import Foundation
import LinuxCoreLocation
import LocationBlocks

/// The options every fix-consuming command shares — `--provider`, `--duration`, `--format`,
/// `--format-string` — resolved into a session and a provider.
struct CommandContext {
    /// The options of a command built on the context: `--provider`, then the command's `own`, then `--duration`
    /// and the options of the formats that hold what it writes (``OutputContent/options``).
    static func options(_ own: [ToolOption], writing content: OutputContent = .fixes) -> [ToolOption] {
        [.provider] + own + [.duration] + content.options
    }

    let session: Session
    let provider: any LocationProvider
    /// How refusals name the provider (``ProviderChoice/Resolved``).
    let providerName: String
    let duration: TimeInterval?

    /// Reads the shared options.
    ///
    /// - Parameters:
    ///   - arguments: The command line.
    ///   - fallsBackToSample: Whether the embedded sample stands in when no provider is configured or found
    ///     (`watch` only; see ``ProviderChoice``).
    ///   - content: What the command writes, which `--format` must be able to hold.
    /// - Throws: ``Arguments/UsageError`` for a bad option value, a format that cannot hold `content`, `--provider`
    ///   or `CORELOCATION_PROVIDER`.
    @MainActor init(_ arguments: Arguments, fallsBackToSample: Bool = false, writing content: OutputContent = .fixes)
        throws
    {
        try content.checkName(arguments.value("format"))
        let format = try OutputFormat(arguments: arguments, outputIsTerminal: Terminal.outputIsTerminal)
        let given = arguments.value("format") ?? ""
        try content.check(format, given: "--format " + (given.contains("%") ? "\"\(given)\"" : given))
        try AddressLookup.requireUsableService(for: format)
        duration = try arguments.limit("duration", unit: "seconds")
        (provider, providerName) = try ProviderChoice.resolve(
            arguments.value("provider"), fallsBackToSample: fallsBackToSample)
        session = Session(
            writer: EventWriter(format: format, marksSample: provider is SampleProvider), noun: content.noun)
    }

    /// A configuration for the chosen provider and the process's authorization.
    var configuration: LocationManagerConfiguration { LocationManagerConfiguration(provider: provider) }

    /// Starts the session (Ctrl-C, `--duration`) and the waiting notice, and serves callbacks until the
    /// command finishes.
    ///
    /// - Parameters:
    ///   - seesDeliveries: Whether the command writes the fixes or headings it receives, so that their absence
    ///     can be reported (see ``WaitingNotice``).
    ///   - filterStatistics: What the command's update filters dropped so far (its manager's
    ///     `updateFilterStatistics`), for the waiting notice; `nil` for a command without update filters.
    @MainActor func run(
        seesDeliveries: Bool = true,
        filterStatistics: (@MainActor () -> LocationUpdateFilterStatistics)? = nil
    ) -> Never {
        session.start(duration: duration)
        let (session, identifier) = (session, provider.identifier)
        session.endingSummary = { ending in
            session.summary(
                of: identifier, ending: ending,
                filterStatistics: filterStatistics?() ?? LocationUpdateFilterStatistics())
        }
        let writer = session.writer
        let deliveries: WaitingNotice.Deliveries? = seesDeliveries ? { @MainActor in writer.deliveries } : nil
        WaitingNotice(
            provider: provider, deliveries: deliveries, noun: session.noun, filterStatistics: filterStatistics
        )
        .start()
        dispatchMain()
    }
}
