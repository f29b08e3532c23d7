import GPX
import LinuxCoreLocation

/// Writes events to standard output in the chosen format.
///
/// Events a format cannot hold (errors in CSV or GPX)
/// go to standard error as notes, so the output stays machine-readable.
final class EventWriter {
    let format: OutputFormat
    private var started = false
    /// How many events of each kind were written, by their name in the summary (`fixes`, `headings`, …).
    private var counts: [String: Int] = [:]

    init(format: OutputFormat) {
        self.format = format
    }

    /// Writes one event.
    func write(_ event: OutputEvent) {
        if let kind = Self.kind(of: event) { counts[kind, default: 0] += 1 }
        if !started {
            started = true
            if let header = header { Terminal.write(header) }
        }
        switch (format, event) {
        case (.jsonLines, _): Terminal.write(JSONLine.encode(event) + "\n")
        case (.text, _): Terminal.write(TextLine.encode(event) + "\n")
        case (.csv, .location(let location)): Terminal.write(Self.csvRow(location))
        case (.gpx, .location(let location)): writeGPX(location)
        case (.template(let template), .location(let location)): Terminal.write(template.render(location))
        case (.csv, _), (.gpx, _), (.template, _): Terminal.note(TextLine.encode(event))
        }
    }

    /// How many fixes and headings were written: what shows that a provider delivers.
    var deliveries: Int { counts["fixes", default: 0] + counts["headings", default: 0] }

    /// What was written, for the summary at the end: `12 fixes`, `3 region events, 2 visits`, or `0 fixes`.
    var summary: String {
        let kinds = ["fixes", "headings", "region events", "visits"].filter { counts[$0, default: 0] > 0 }
        guard !kinds.isEmpty else { return "0 fixes" }
        return kinds.map { "\(counts[$0, default: 0]) \($0)" }.joined(separator: ", ")
    }

    private static func kind(of event: OutputEvent) -> String? {
        switch event {
        case .location: return "fixes"
        case .heading: return "headings"
        case .region: return "region events"
        case .visit: return "visits"
        case .error, .authorization: return nil
        }
    }

    /// Ends the output: closes the GPX document.
    ///
    /// Call once, before exiting.
    func finish() {
        if format == .gpx {
            if !started { Terminal.write(GPXTrackText.header(Self.gpxOptions)) }
            Terminal.write(GPXTrackText.trailer)
        }
    }

    private var header: String? {
        switch format {
        case .csv:
            return "timestamp,latitude,longitude,altitude,ellipsoidal_altitude,horizontal_accuracy,vertical_accuracy,"
                + "speed,speed_accuracy,course,course_accuracy\n"
        case .gpx: return GPXTrackText.header(Self.gpxOptions)
        case .text, .jsonLines, .template: return nil
        }
    }

    private static let gpxOptions = GPXTrackWriterOptions(creator: "corelocation")

    private static func csvRow(_ location: CLLocation) -> String {
        ([Timestamps.iso8601(location.timestamp)] + Numbers.location(location).map(\.value)).joined(separator: ",")
            + "\n"
    }

    private func writeGPX(_ location: CLLocation) {
        do {
            Terminal.write(try GPXTrackText.trackPoint(GPXPoint(location)))
        } catch {
            Terminal.note("skipped a fix GPX cannot hold: \(error)")
        }
    }
}
