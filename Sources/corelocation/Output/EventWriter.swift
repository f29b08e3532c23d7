import GPX
import LinuxCoreLocation

/// Writes events to standard output in the chosen format.
///
/// Each event is encoded straight into ``StandardOutput``'s buffer. Events a format cannot hold (errors in CSV
/// or GPX) go to standard error as notes, so the output stays machine-readable.
///
/// When the fixes are the embedded sample's (``marksSample``), every format says so: JSON Lines
/// `"source":"sample"` (on fixes, region events and visits), a text line ending `(sample)`, a CSV `source` column,
/// a GPX track named as the sample's, an NMEA `TXT` sentence before each fix, a template line ending ` (sample)`, a
/// `corelocationcli` object's `source`.
///
/// Isolated to the main actor, where the tool writes its output: the commands and the callbacks of their managers.
@MainActor final class EventWriter {
    let format: OutputFormat
    /// Whether every fix written is marked as the embedded sample's.
    let marksSample: Bool
    private let output: StandardOutput
    /// Addresses for `%address` and CoreLocationCLI's object, looked up only for formats that show them.
    private lazy var addresses = AddressLookup()
    private var started = false
    /// How many events of each kind were written, in the order of ``nouns``: counted per event by index, not by
    /// noun (hashing the noun of every fix cost 0.8 % of a GPX replay's CPU).
    private var counts = [Int](repeating: 0, count: nouns.count)
    /// The kinds of events counted, by their noun in the summary, in the summary's order.
    nonisolated private static let nouns = ["fix", "heading", "region event", "visit"]

    init(format: OutputFormat, marksSample: Bool = false, output: StandardOutput = .shared) {
        self.format = format
        self.marksSample = marksSample
        self.output = output
    }

    /// Writes one event.
    func write(_ event: OutputEvent) {
        if let kind = Self.kind(of: event) { counts[kind] += 1 }
        if case .location = event { lastDeliveries = (Self.coarseNow(), lastDeliveries.last) }
        if case .heading = event { lastDeliveries = (Self.coarseNow(), lastDeliveries.last) }
        if !started {
            started = true
            if let header { output.write { $0.append(contentsOf: header) } }
            // A GPX document cut short by a failing write is closed after its last whole point.
            if format == .gpx { output.setClosing(GPXTrackText.trailer) }
        }
        let marksSample = self.marksSample
        switch (format, event) {
        case (.jsonLines, _): output.write { JSONLine.encode(event, marksSample: marksSample, into: &$0) }
        case (.text, _): output.write { TextLine.encode(event, marksSample: marksSample, into: &$0) }
        case (.csv, .location(let location)):
            output.write { Self.encodeCSVRow(location, marksSample: marksSample, into: &$0) }
        case (.gpx, .location(let location)): writeGPX(location)
        case (.nmea, .location(let location)):
            guard let sentences = NMEAOutput.sentences(for: location, marksSample: marksSample) else {
                return Terminal.note("skipped a fix NMEA cannot date (RMC writes 1980 to 2079): \(location.timestamp)")
            }
            output.write { $0.append(contentsOf: sentences) }
        case (.nmea, .heading(let heading)):
            guard let sentence = NMEAOutput.sentence(for: heading) else { return }
            output.write { $0.append(contentsOf: sentence) }
        case (.coreLocationCLI, .location(let location)):
            let placemark = addresses.placemark(for: location)
            output.write {
                CoreLocationCLIObject.encode(location, placemark: placemark, marksSample: marksSample, into: &$0)
            }
        case (.template(let template), .location(let location)):
            let placemark = template.needsPlacemark ? addresses.placemark(for: location) : nil
            output.write { template.render(location, placemark: placemark, marksSample: marksSample, into: &$0) }
        case (.csv, _), (.gpx, _), (.nmea, _), (.coreLocationCLI, _), (.template, _):
            Terminal.note(TextLine.text(of: event))
        }
    }

    /// How many fixes and headings were written — what shows that a provider delivers — and when the last two
    /// were (wall-clock time), for the waiting notice.
    var deliveries: (count: Int, last: Date?, previous: Date?) {
        (counts[0] + counts[1], lastDeliveries.last, lastDeliveries.previous)
    }
    private var lastDeliveries: (last: Date?, previous: Date?) = (nil, nil)

    /// The wall-clock time to the kernel's tick (a few milliseconds), for ``deliveries``: the waiting notice counts
    /// in seconds, and this costs a fraction of `Date()`, which every fix paid (0.7 % of an NMEA replay's CPU).
    nonisolated private static func coarseNow() -> Date {
        var time = timespec()
        guard clock_gettime(CLOCK_REALTIME_COARSE, &time) == 0 else { return Date() }
        return Date(timeIntervalSince1970: Double(time.tv_sec) + Double(time.tv_nsec) / 1e9)
    }

    /// Whether anything the summary counts was written: fixes, headings, region events or visits.
    var hasWritten: Bool { counts.contains { $0 > 0 } }

    /// What was written, for the summary at the end: `12 fixes`, `1 region event, 2 visits`, or when nothing was,
    /// `0` and what the command writes (`nothing`: `fix`, `region event`, `visit`).
    func summary(nothing: String = "fix") -> String {
        let kinds = Self.nouns.indices.filter { counts[$0] > 0 }
        guard !kinds.isEmpty else { return Self.count(0, nothing) }
        return kinds.map { Self.count(counts[$0], Self.nouns[$0]) }.joined(separator: ", ")
    }

    nonisolated private static func count(_ number: Int, _ noun: String) -> String {
        Numbers.count(number, noun, plural: noun == "fix" ? "fixes" : nil)
    }

    /// The index in ``nouns`` of the kind of `event`; `nil` for what is not counted.
    nonisolated private static func kind(of event: OutputEvent) -> Int? {
        switch event {
        case .location: return 0
        case .heading: return 1
        case .region: return 2
        case .visit: return 3
        case .error, .authorization: return nil
        }
    }

    /// Ends the output: closes the GPX document.
    ///
    /// Call once, before exiting.
    func finish() {
        if format == .gpx {
            let header = started ? "" : GPXTrackText.header(Self.gpxOptions(marksSample: marksSample))
            output.write { $0.append(contentsOf: header + GPXTrackText.trailer) }
        }
    }

    private var header: String? {
        switch format {
        case .csv:
            return LocationField.allCases.reduce("timestamp") { $0 + "," + $1.columnName }
                + (marksSample ? ",source\n" : "\n")
        case .gpx: return GPXTrackText.header(Self.gpxOptions(marksSample: marksSample))
        case .text, .jsonLines, .nmea, .coreLocationCLI, .template: return nil
        }
    }

    /// A GPX document's options (`--format gpx`, `record`): the creator, and for the sample a track name that says
    /// so.
    nonisolated static func gpxOptions(marksSample: Bool) -> GPXTrackWriterOptions {
        var options = GPXTrackWriterOptions(creator: "corelocation")
        if marksSample { options.name = "sample: the embedded sample track of corelocation, not a recorded position" }
        return options
    }

    /// A CSV row: the timestamp, then the JSON location members in the same order and precision, then with
    /// `marksSample` the `source` column, `sample`.
    nonisolated static func encodeCSVRow(
        _ location: CLLocation, marksSample: Bool = false, into row: inout OutputBuffer
    ) {
        row.appendTimestamp(location.timestamp)
        for field in LocationField.allCases { row.append(field, of: location, after: ",") }
        if marksSample { row.append(",sample") }
        row.append(UInt8(ascii: "\n"))
    }

    private func writeGPX(_ location: CLLocation) {
        let point = GPXPoint(location)
        var failure: (any Error)?
        output.write { buffer in
            do {
                try buffer.withBytes { try GPXTrackText.appendTrackPoint(point, to: &$0) }
            } catch {
                failure = error
            }
        }
        if let failure { Terminal.note("skipped a fix GPX cannot hold: \(failure)") }
    }
}
