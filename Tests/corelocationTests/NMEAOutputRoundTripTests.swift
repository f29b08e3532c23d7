import Foundation
import LinuxCoreLocation
import NMEA0183
import SharedTestSupport
import Testing

@testable import corelocation

/// `--format nmea` decodes back to the fixes it was written from, through our own decoder and through gpsd's
/// `gpsdecode`, for every fix of every shared receiver log and GPX file (issue 28).
@Suite struct NMEAOutputRoundTripTests {
    /// The largest differences seen between the fixes written and those read back.
    struct Deltas: CustomStringConvertible {
        var position = 0.0, altitude = 0.0, speed = 0.0, course = 0.0, horizontal = 0.0, vertical = 0.0

        mutating func note(_ keyPath: WritableKeyPath<Deltas, Double>, _ written: Double, _ read: Double?) -> Bool {
            guard let read else { return false }
            self[keyPath: keyPath] = max(self[keyPath: keyPath], abs(written - read))
            return true
        }

        var description: String {
            "position \(position)°, altitude \(altitude) m, speed \(speed) m/s, course \(course)°, "
                + "accuracy \(horizontal) m horizontal, \(vertical) m vertical"
        }

        /// Within the precision the sentences are written with (10⁻⁶ minute, millimetres, 0.001 knot, 0.01°).
        var areWithinWritingPrecision: Bool {
            position <= 1e-8 && altitude <= 5.1e-4 && speed <= 2.6e-4 && course <= 5.1e-3 && horizontal <= 1e-3
                && vertical <= 5.1e-4
        }
    }

    /// The fixes of a recording that NMEA can date, each with the sentences written of it, one epoch per fix:
    /// of fixes with the same millisecond only the first is kept (a decoder reads one time as one epoch).
    static func written(_ file: URL) async throws -> (fixes: [CLLocation], text: String) {
        var fixes: [CLLocation] = []
        var text = ""
        var lastMillisecond: Int64?
        for case .locations(let locations) in try await ReplayEvents.of(file) {
            for location in locations {
                let millisecond = Int64((location.timestamp.timeIntervalSince1970 * 1000).rounded())
                guard millisecond != lastMillisecond,
                    let sentences = NMEAOutput.sentences(for: location, marksSample: false)
                else { continue }
                lastMillisecond = millisecond
                fixes.append(location)
                text += sentences
            }
        }
        return (fixes, text)
    }

    @Test(
        Integration.needs(.sharedData("gpsd-logs"), .sharedData("gpsd-suite"), .sharedData("gpx")),
        arguments: ["gpsd-logs", "gpsd-suite", "gpx"])
    func everyFixDecodesBackThroughOurDecoder(_ folderName: String) async throws {
        guard let folder = SharedData.folder(folderName) else { return }
        var (files, written, read, mismatched) = (0, 0, 0, 0)
        var deltas = Deltas()
        for file in try ReplayEvents.recordings(in: folder) {
            let (fixes, text) = try await Self.written(file)
            // A decoder that knows the time: it repairs GPS week rollovers relative to the fixes' own dates, so a
            // fix of 2006 stays in 2006 (with today as the reference it would move forward by 1024 weeks, as the
            // receiver's own sentences would).
            var options = NMEADecoderOptions()
            if let first = fixes.first { options.rolloverReferenceDate = first.timestamp }
            var decoder = NMEADecoder(options: options)
            let decoded = (decoder.feed(text) + decoder.finish()).compactMap { event -> NMEAFix? in
                if case .fix(let fix) = event { fix } else { nil }
            }
            files += 1
            written += fixes.count
            read += decoded.count
            guard decoded.count == fixes.count else {
                Issue.record("\(file.lastPathComponent): \(fixes.count) fixes written, \(decoded.count) read back")
                continue
            }
            for (fix, back) in zip(fixes, decoded) where !Self.agree(fix, back, &deltas) {
                mismatched += 1
                if mismatched <= 5 { Issue.record("\(file.lastPathComponent): \(fix) read back as \(back)") }
            }
        }
        print(
            "\(folderName): \(written) fixes of \(files) files written as NMEA, \(read) read back; largest "
                + "differences: \(deltas)")
        #expect(files >= 10 && written >= 300 && read == written && mismatched == 0)
        #expect(deltas.areWithinWritingPrecision, "\(deltas)")
    }

    /// A fix half a millisecond past a whole one reads back as the millisecond it was written as.
    @Test func aFixOnTheHalfMillisecondAgreesWithItsSentences() throws {
        for fraction in [0.0005, 0.00049999, 0.00050001, 0.9995] {
            let fix = CLLocation(
                coordinate: CLLocationCoordinate2D(latitude: 47.61881, longitude: -122.33706), altitude: 25.28,
                horizontalAccuracy: 5, verticalAccuracy: -1,
                timestamp: Date(timeIntervalSince1970: 1_796_030_324 + fraction))
            let text = try #require(NMEAOutput.sentences(for: fix, marksSample: false))
            var decoder = NMEADecoder()
            let decoded = (decoder.feed(text) + decoder.finish()).compactMap { event -> NMEAFix? in
                if case .fix(let fix) = event { fix } else { nil }
            }
            var deltas = Deltas()
            #expect(decoded.count == 1 && Self.agree(fix, decoded[0], &deltas), "\(fraction): \(text)")
        }
    }

    /// Whether `back` holds `fix`'s values: time to the millisecond, and every value the fix has.
    static func agree(_ fix: CLLocation, _ back: NMEAFix, _ deltas: inout Deltas) -> Bool {
        // The same millisecond, compared as whole milliseconds: a fix of a replay dated from the clock (an untimed
        // GPX file) can lie a hair from half a millisecond, where comparing seconds within 5e-4 failed on the
        // last bit of the difference (issue 30's helper saw 5 fixes of `strava_route_example.gpx` fail so).
        func millisecond(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }
        guard let time = back.timestamp, millisecond(time) == millisecond(fix.timestamp) else { return false }
        var agrees =
            deltas.note(\.position, fix.coordinate.latitude, back.latitude)
            && deltas.note(\.position, fix.coordinate.longitude, back.longitude)
        // An accuracy of 0 is unknown (no real fix is exact): the encoder leaves it out.
        if fix.horizontalAccuracy > 0 {
            agrees = agrees && deltas.note(\.horizontal, fix.horizontalAccuracy, back.horizontalAccuracy)
        }
        if fix.verticalAccuracy >= 0 { agrees = agrees && deltas.note(\.altitude, fix.altitude, back.altitudeMSL) }
        if fix.verticalAccuracy > 0 {
            agrees = agrees && deltas.note(\.vertical, fix.verticalAccuracy, back.verticalAccuracy)
        }
        if fix.speed >= 0 { agrees = agrees && deltas.note(\.speed, fix.speed, back.speed) }
        if fix.course >= 0, let course = back.course {
            _ = deltas.note(\.course, 0, min(abs(fix.course - course), 360 - abs(fix.course - course)))
        } else if fix.course >= 0 {
            agrees = false
        }
        if let receiver = fix.sourceInformation as? GNSSSourceInformation, let mode = receiver.fixMode {
            agrees = agrees && (mode == .threeDimensional) == (back.mode == .threeDimensional)
        }
        return agrees
    }

    /// gpsd's own decoder reads the same fixes.
    ///
    /// Every one but each file's first, which gpsd does not report (it reports an epoch once it has seen the
    /// receiver's cycle). Times are compared within a GPS week era: gpsd 3.22
    /// moves dates before 2017 forward by 1024 weeks.
    @Test(Integration.needs(.sharedData("gpsd-logs"), .program("gpsdecode", package: "gpsd-clients")))
    func everyFixDecodesBackThroughGpsdecode() async throws {
        guard let folder = SharedData.folder("gpsd-logs") else { return }
        guard let gpsdecode = Integration.executable("gpsdecode") else {
            return Integration.recordMissing(.program("gpsdecode", package: "gpsd-clients"))
        }
        var (files, written, reported, matched) = (0, 0, 0, 0)
        var deltas = Deltas()
        for file in try ReplayEvents.recordings(in: folder) {
            let (fixes, text) = try await Self.written(file)
            let reports = try await Self.tpvReports(of: text, gpsdecode: gpsdecode)
            // In order: a log's clock may repeat a time (humminbird-M37.log plays 19:41:11 twice).
            var next = fixes.startIndex
            files += 1
            written += fixes.count
            reported += reports.count
            for report in reports {
                guard
                    let index = fixes[next...].firstIndex(where: {
                        Self.millisecondInEra($0.timestamp) == report.millisecond
                    })
                else {
                    Issue.record("\(file.lastPathComponent): gpsdecode reported a fix at \(report.millisecond) ms")
                    continue
                }
                let fix = fixes[index]
                next = index + 1
                var one = Deltas()
                let complete =
                    one.note(\.position, fix.coordinate.latitude, report.latitude)
                    && one.note(\.position, fix.coordinate.longitude, report.longitude)
                    && (fix.verticalAccuracy < 0 || one.note(\.altitude, fix.altitude, report.altitude))
                    && (fix.speed < 0 || one.note(\.speed, fix.speed, report.speed))
                for keyPath in [\Deltas.position, \.altitude, \.speed] {
                    deltas[keyPath: keyPath] = max(deltas[keyPath: keyPath], one[keyPath: keyPath])
                }
                // gpsdecode prints 9 decimals of degrees, 4 of metres and 3 of m/s.
                if complete && one.position <= 1e-8 && one.altitude <= 1e-3 && one.speed <= 1e-3 {
                    matched += 1
                } else {
                    Issue.record("\(file.lastPathComponent): \(fix) vs \(report)")
                }
            }
            #expect(reports.count >= fixes.count - 1, "\(file.lastPathComponent)")
        }
        print(
            "gpsd-logs: \(written) fixes of \(files) files written as NMEA; gpsdecode reported \(reported), "
                + "\(matched) equal to what was written; largest differences: \(deltas)")
        #expect(files >= 10 && matched == reported && reported >= written - files)
        #expect(deltas.position <= 1e-8 && deltas.altitude <= 1e-3 && deltas.speed <= 1e-3, "\(deltas)")
    }

    /// One TPV report of gpsdecode with a position.
    struct TPV: CustomStringConvertible {
        var millisecond: Int64
        var latitude: Double?, longitude: Double?, altitude: Double?, speed: Double?
        var description: String {
            "TPV at \(millisecond) ms: \(latitude ?? .nan), \(longitude ?? .nan), \(altitude ?? .nan) m, \(speed ?? .nan) m/s"
        }
    }

    /// The millisecond of `date` within its GPS week-number era (1024 weeks), which a rollover repair keeps.
    static func millisecondInEra(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded()) % (1024 * 7 * 86_400_000)
    }

    /// The TPV reports with a position that `gpsdecode` makes of `text`.
    static func tpvReports(of text: String, gpsdecode: String) async throws -> [TPV] {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("roundtrip-\(UUID().uuidString).nmea")
        try Data(text.utf8).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: gpsdecode)
        process.standardInput = try FileHandle(forReadingFrom: input)
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = await offThePool { output.fileHandleForReading.readDataToEndOfFile() }
        process.waitUntilExit()
        let times = ISO8601DateFormatter()
        times.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        // gpsdecode ends its lines with CR LF, one Character in Swift.
        return String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).compactMap { line -> TPV? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                object["class"] as? String == "TPV", let time = (object["time"] as? String).flatMap(times.date(from:)),
                object["lat"] != nil
            else { return nil }
            return TPV(
                millisecond: millisecondInEra(time), latitude: object["lat"] as? Double,
                longitude: object["lon"] as? Double, altitude: object["altMSL"] as? Double,
                speed: object["speed"] as? Double)
        }
    }
}
