import Foundation
import GPX
import LinuxCoreLocation
import SharedTestSupport
import Testing

@testable import corelocation

/// The byte-building encoders write exactly what the `String(format:)` encoders wrote before them
/// (``ReferenceEncoders``), in every format, for every fix and heading of every shared log and GPX file
/// (issue 17: output stays byte for byte what it was).
@Suite struct EncoderEquivalenceTests {
    static let template = try! FormatTemplate(
        "%latitude,%longitude,%altitude,%h_accuracy,%v_accuracy,%speed,%course,%time")

    /// What `encode` appends for a fix or heading, as text.
    static func text(_ encode: (inout OutputBuffer) -> Void) -> String {
        var buffer = OutputBuffer()
        encode(&buffer)
        return String(decoding: buffer.bytes, as: UTF8.self)
    }

    /// The new and the reference encoding of `event` in each format, as (format, new, reference).
    static func encodings(_ event: OutputEvent) -> [(format: String, new: String, reference: String)] {
        var encodings = [
            ("jsonl", text { JSONLine.encode(event, into: &$0) }, ReferenceEncoders.jsonLine(event)),
            ("text", text { TextLine.encode(event, into: &$0) }, ReferenceEncoders.textLine(event)),
        ]
        if case .location(let location) = event {
            let gpx = text { buffer in
                buffer.withBytes { bytes in try? GPXTrackText.appendTrackPoint(GPXPoint(location), to: &bytes) }
            }
            encodings.append(("gpx", gpx, ReferenceEncoders.gpxTrackPoint(location) ?? ""))
            encodings += [
                ("csv", text { EventWriter.encodeCSVRow(location, into: &$0) }, ReferenceEncoders.csvRow(location)),
                (
                    "format-string", text { template.render(location, into: &$0) },
                    ReferenceEncoders.templateLine(location)
                ),
            ]
        }
        return encodings
    }

    @Test(
        Integration.needs(.sharedData("gpsd-logs"), .sharedData("gpsd-suite"), .sharedData("gpx")),
        arguments: ["gpsd-logs", "gpsd-suite", "gpx"])
    func everyFixOfEverySharedFileEncodesAsBefore(_ folderName: String) async throws {
        guard let folder = SharedData.folder(folderName) else { return }
        var (files, events, mismatches) = (0, 0, 0)
        for file in try ReplayEvents.recordings(in: folder) {
            let outputs = try await ReplayEvents.of(file).flatMap { event -> [OutputEvent] in
                switch event {
                case .locations(let fixes): fixes.map(OutputEvent.location)
                case .heading(let heading): [.heading(heading)]
                default: []
                }
            }
            for output in outputs {
                for encoding in Self.encodings(output) where encoding.new != encoding.reference {
                    mismatches += 1
                    if mismatches <= 10 {
                        Issue.record(
                            "\(file.lastPathComponent), \(encoding.format):\n new: \(encoding.new) old: \(encoding.reference)"
                        )
                    }
                }
            }
            events += outputs.count
            files += 1
        }
        print(
            "\(folderName): \(events) fixes and headings of \(files) files compared in every format, \(mismatches) differ"
        )
        #expect(files >= 10 && events >= 300)
        #expect(mismatches == 0)
    }

    /// Values at the edges of the rules — negative zero, invalid −1, values that round to zero from below, not
    /// finite, beyond the exact range — encode as before in every format.
    @Test func edgeValuesEncodeAsBefore() {
        let values: [Double] = [
            0, -0.0, -1, -0.0001, 0.125, 2.5, 1e-300, -1e-12, 123_456_789.123_456_7, 1e20, -4.5e15, .nan, .infinity,
            -.infinity, 359.9995, 0.0005, 45.757_830_0, 170.600_000_000_000_02,
        ]
        var compared = 0
        for (index, value) in values.enumerated() {
            let other = values[(index + 7) % values.count]
            let location = CLLocation(
                coordinate: CLLocationCoordinate2D(latitude: value, longitude: other), altitude: value,
                horizontalAccuracy: other, verticalAccuracy: value, course: value, speed: other,
                timestamp: Date(timeIntervalSince1970: 1_700_000_000.0005 + Double(index)))
            let heading = CLHeading(
                magneticHeading: value, trueHeading: other, headingAccuracy: value, x: other, y: value, z: -0.0,
                timestamp: Date(timeIntervalSince1970: -86_400.25 * Double(index)))
            for event in [OutputEvent.location(location), .heading(heading)] {
                for encoding in Self.encodings(event) {
                    #expect(encoding.new == encoding.reference, "\(encoding.format) of \(value), \(other)")
                    compared += 1
                }
            }
        }
        #expect(compared == values.count * 7)
    }
}
