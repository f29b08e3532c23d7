import GPX
import LinuxCoreLocation

/// Writes events to standard output in the chosen format.
///
/// Each event is encoded straight into ``StandardOutput``'s buffer. Events a format cannot hold (errors in CSV
/// or GPX) go to standard error as notes, so the output stays machine-readable.
final class EventWriter {
    let format: OutputFormat
    private let output: StandardOutput
    private var started = false
    /// How many events of each kind were written, by their name in the summary (`fixes`, `headings`, …).
    private var counts: [String: Int] = [:]

    init(format: OutputFormat, output: StandardOutput = .shared) {
        self.format = format
        self.output = output
    }

    /// Writes one event.
    func write(_ event: OutputEvent) {
        if let kind = Self.kind(of: event) { counts[kind, default: 0] += 1 }
        if !started {
            started = true
            if let header { output.write { $0.append(contentsOf: header) } }
        }
        switch (format, event) {
        case (.jsonLines, _): output.write { JSONLine.encode(event, into: &$0) }
        case (.text, _): output.write { TextLine.encode(event, into: &$0) }
        case (.csv, .location(let location)): output.write { Self.encodeCSVRow(location, into: &$0) }
        case (.gpx, .location(let location)): writeGPX(location)
        case (.template(let template), .location(let location)): output.write { template.render(location, into: &$0) }
        case (.csv, _), (.gpx, _), (.template, _): Terminal.note(TextLine.text(of: event))
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
            let header = started ? "" : GPXTrackText.header(Self.gpxOptions)
            output.write { $0.append(contentsOf: header + GPXTrackText.trailer) }
        }
    }

    private var header: String? {
        switch format {
        case .csv:
            return LocationField.allCases.reduce("timestamp") { $0 + "," + $1.columnName } + "\n"
        case .gpx: return GPXTrackText.header(Self.gpxOptions)
        case .text, .jsonLines, .template: return nil
        }
    }

    private static let gpxOptions = GPXTrackWriterOptions(creator: "corelocation")

    /// A CSV row: the timestamp, then the JSON location members in the same order and precision.
    static func encodeCSVRow(_ location: CLLocation, into row: inout OutputBuffer) {
        row.appendTimestamp(location.timestamp)
        for field in LocationField.allCases {
            row.append(UInt8(ascii: ","))
            row.append(field, of: location)
        }
        row.append(UInt8(ascii: "\n"))
    }

    private func writeGPX(_ location: CLLocation) {
        do {
            let point = try GPXTrackText.trackPoint(GPXPoint(location))
            output.write { $0.append(contentsOf: point) }
        } catch {
            Terminal.note("skipped a fix GPX cannot hold: \(error)")
        }
    }
}
