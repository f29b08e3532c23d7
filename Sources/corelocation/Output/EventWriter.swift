import GPX
import LinuxCoreLocation

/// Writes events to standard output in the chosen format.
///
/// Events a format cannot hold (errors in CSV or GPX)
/// go to standard error as notes, so the output stays machine-readable.
final class EventWriter {
    let format: OutputFormat
    private var started = false

    init(format: OutputFormat) {
        self.format = format
    }

    /// Writes one event.
    func write(_ event: OutputEvent) {
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
        [
            Timestamps.iso8601(location.timestamp), Numbers.coordinate(location.coordinate.latitude),
            Numbers.coordinate(location.coordinate.longitude), Numbers.plain(location.altitude),
            Numbers.plain(location.ellipsoidalAltitude), Numbers.plain(location.horizontalAccuracy),
            Numbers.plain(location.verticalAccuracy), Numbers.plain(location.speed),
            Numbers.plain(location.speedAccuracy), Numbers.plain(location.course),
            Numbers.plain(location.courseAccuracy),
        ].joined(separator: ",") + "\n"
    }

    private func writeGPX(_ location: CLLocation) {
        do {
            Terminal.write(try GPXTrackText.trackPoint(GPXPoint(location)))
        } catch {
            Terminal.note("skipped a fix GPX cannot hold: \(error)")
        }
    }
}
