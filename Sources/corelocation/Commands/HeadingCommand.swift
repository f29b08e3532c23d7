import Foundation
import LinuxCoreLocation
import LocationBlocks

/// `corelocation heading`: streams measured headings through a heading update block.
final class HeadingCommand: ToolCommand {
    static let name = "heading"
    static let summary = "stream measured headings"
    static let options = CommandContext.options(
        [
            ToolOption(
                name: "heading-filter", placeholder: "D", summary: "deliver a heading only after turning D degrees",
                details: "(default 1; 0 for every heading)"),
            ToolOption(name: "count", placeholder: "N", summary: "stop after N headings"),
        ], writing: .headings)
    static let refusals = OutputContent.headings.refusals
    static let details = """
        Streams headings from a provider that measures them (NMEA HDT/HDG/THS, gpsd ATT); exits with status 3 if
        the provider cannot.
        """

    private let context: CommandContext
    private let headingFilter: CLLocationDegrees
    private let count: Int?

    init(_ arguments: Arguments) throws {
        headingFilter = try arguments.number("heading-filter", in: 0...180, unit: "degrees") ?? 1
        count = try arguments.whole("count", in: 1...1_000_000_000_000, unit: "headings")
        context = try CommandContext(arguments, writing: .headings)
    }

    func run() -> Never {
        let session = context.session
        let manager: CLLocationManager = CLLocationManager.update(configuration: context.configuration)
        manager.updateAuthorizationDescription = .whenInUse
        let printer = EventPrinter(session: session, events: [.errors])
        manager.delegate = printer
        manager.headingFilter = headingFilter == 0 ? kCLHeadingFilterNone : headingFilter
        manager.requestWhenInUseAuthorization()
        var written = 0
        let count = self.count
        manager.startUpdatingHeading { _, heading, _, stop in
            // A manager made here, on the main queue, calls its blocks there (see EventPrinter.onMain).
            EventPrinter.onMain {
                guard let heading else { return }
                session.writer.write(.heading(heading))
                written += 1
                if let count, written >= count {
                    stop?.pointee = true
                    session.finish(.success, summarizing: "reached --count")
                }
            }
        }
        session.onFinish { withExtendedLifetime(printer) { manager.stopUpdatingHeading() } }
        context.run()
    }
}
