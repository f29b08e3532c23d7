import Foundation
import GPSD
import LocationSupport
import SharedTestSupport
import Testing

@testable import LinuxCoreLocation

/// A gpsd report line as the client would deliver it.
func gpsdReport(_ json: String) throws -> GPSDEvent {
    switch try GPSDDecoder.decode(json) {
    case .tpv(let tpv): return .report(.tpv(tpv))
    case .attitude(let attitude): return .report(.attitude(attitude))
    case let other: throw GPSDDecodingError(className: "\(other)", reason: .notAnObject)
    }
}

/// The translator alone: TPV → CLLocation, ATT → CLHeading, outages → fixLost/failed.
///
/// Expected values are
/// written out (computed by hand from the JSON), never taken from the code under test.
@Suite struct GPSDProviderMappingTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)
    private var translator = GPSDEventTranslator(
        source: "test",
        sourceInformation: CLLocationSourceInformation(softwareSimulationState: false, andExternalAccessoryState: true))

    private mutating func location(_ json: String) throws -> CLLocation {
        guard case .locations(let locations)? = translator.translate(try gpsdReport(json), now: now),
            locations.count == 1
        else {
            throw GPSDDecodingError(className: "TPV", reason: .notAnObject)
        }
        return locations[0]
    }

    private mutating func kind(_ event: GPSDEvent) -> String {
        switch translator.translate(event, now: now) {
        case .locations(let fixes)?: "locations\(fixes.map(\.coordinate.latitude))"
        case .heading(let heading)?: "heading\(heading.trueHeading)"
        case .fixLost?: "lost"
        case .failed(let error)?: "failed(\(error.code))"
        case .finished?: "finished"
        case nil: "-"
        }
    }

    @Test mutating func aThreeDimensionalFixMapsEveryMemberAndRescalesTheErrors() throws {
        let location = try location(
            #"{"class":"TPV","mode":3,"time":"2026-11-30T06:36:06.250Z","lat":48.858370123,"lon":2.294481234,"altHAE":80.5,"altMSL":35.2,"alt":34.0,"#
                + #""eph":8.9,"epv":6.2,"speed":1.5,"eps":7.5,"track":270.25,"epd":3.92}"#)
        #expect(location.coordinate.latitude == 48.858370123 && location.coordinate.longitude == 2.294481234)
        #expect(location.altitude == 35.2)  // altMSL wins over the deprecated alt
        #expect(location.ellipsoidalAltitude == 80.5)
        // 95 % circle → 2D RMS: 8.9 / √(ln 20) = 5.142076…; 1D 95 % → 1σ: ÷ 1.96.
        #expect(abs(location.horizontalAccuracy - 5.142076) < 1e-6)
        #expect(abs(location.verticalAccuracy - 3.163265) < 1e-6)
        #expect(location.speed == 1.5 && abs(location.speedAccuracy - 3.826531) < 1e-6)
        #expect(location.course == 270.25 && location.courseAccuracy == 2)
        #expect(location.timestamp == Date(timeIntervalSince1970: 1_796_020_566.25))
        #expect(location.sourceInformation?.isProducedByAccessory == true)
        #expect(location.sourceInformation?.isSimulatedBySoftware == false)
    }

    @Test mutating func theHorizontalScaleIsTheCircularNormalOne() throws {
        // A circular normal error with σ = 1 m per axis: its 95 % circle has radius √(2 ln 20) = 2.4477468 m
        // and its 2D RMS error is √2 m.
        let location = try location(
            #"{"class":"TPV","time":"2027-01-15T08:00:00.000Z","mode":2,"lat":1,"lon":2,"eph":2.4477468306808166}"#)
        #expect(abs(location.horizontalAccuracy - 2.0.squareRoot()) < 1e-9)
    }

    @Test mutating func aTwoDimensionalFixHasNoAltitude() throws {
        let location = try location(
            #"{"class":"TPV","time":"2027-01-15T08:00:00.000Z","mode":2,"lat":52.5,"lon":13.4,"altMSL":62.6,"altHAE":104.7,"epv":29.67,"eph":17.67}"#
        )
        #expect(location.verticalAccuracy == -1 && location.altitude == 0 && location.ellipsoidalAltitude == 0)
        #expect(location.horizontalAccuracy > 0)
    }

    @Test mutating func missingMembersAreInvalidNotZero() throws {
        let location = try location(
            #"{"class":"TPV","time":"2027-01-15T08:00:00.000Z","mode":3,"lat":-33.85,"lon":151.21}"#)
        #expect(location.verticalAccuracy == -1 && location.altitude == 0)
        #expect(location.speed == -1 && location.speedAccuracy == -1)
        #expect(location.course == -1 && location.courseAccuracy == -1)
        #expect(location.timestamp == now)  // the report's time
        // No eph, epx or epy: the NMEA provider's nominal 5 m, so that the fix is not discarded as invalid.
        #expect(location.horizontalAccuracy == 5)
        // Values present, their estimates absent: the value is kept, its accuracy is −1.
        let moving = try self.location(
            #"{"class":"TPV","time":"2027-01-15T08:00:00.000Z","mode":3,"lat":1,"lon":2,"altMSL":10,"speed":0,"track":0}"#
        )
        #expect(moving.altitude == 10 && moving.verticalAccuracy == -1 && moving.ellipsoidalAltitude == 10)
        #expect(moving.speed == 0 && moving.speedAccuracy == -1 && moving.course == 0 && moving.courseAccuracy == -1)
    }

    /// Issue 32: `"eph":0` gave accuracy 0, a perfect fix.
    @Test mutating func zeroErrorEstimatesCountAsMissing() throws {
        let zero = try location(
            #"{"class":"TPV","time":"2027-01-15T08:00:00.000Z","mode":3,"lat":1,"lon":2,"altMSL":10,"speed":1,"track":90,"eph":0,"epv":0,"eps":0,"epd":0}"#
        )
        #expect(zero.horizontalAccuracy == 5, "the nominal 5 m, as without eph")
        #expect(zero.verticalAccuracy == -1 && zero.speedAccuracy == -1 && zero.courseAccuracy == -1)
        let fallback = try location(
            #"{"class":"TPV","time":"2027-01-15T08:00:00.000Z","mode":2,"lat":1,"lon":2,"eph":0,"epx":3.92,"epy":5.88}"#
        )
        #expect(abs(fallback.horizontalAccuracy - (3.92 * 3.92 + 5.88 * 5.88).squareRoot() / 1.96) < 1e-9)
    }

    @Test mutating func fallbacksForAltitudeAndHorizontalError() throws {
        // Pre-3.20 gpsd: only `alt`; geoidSep gives the ellipsoidal height; epx/epy instead of eph.
        let old = try location(
            #"{"class":"TPV","time":"2027-01-15T08:00:00.000Z","mode":3,"lat":1,"lon":2,"alt":62.4,"geoidSep":42.1,"epx":3.92,"epy":5.88,"epv":9.8}"#
        )
        #expect(
            old.altitude == 62.4 && abs(old.ellipsoidalAltitude - 104.5) < 1e-9 && abs(old.verticalAccuracy - 5) < 1e-9)
        // √(2² + 3²) m from σx = 3.92 / 1.96 and σy = 5.88 / 1.96.
        #expect(abs(old.horizontalAccuracy - 13.0.squareRoot()) < 1e-9)
        let heightOnly = try location(
            #"{"class":"TPV","time":"2027-01-15T08:00:00.000Z","mode":3,"lat":1,"lon":2,"altHAE":104.7,"geoidSep":42.1,"track":360}"#
        )
        #expect(
            abs(heightOnly.altitude - 62.6) < 1e-9 && heightOnly.ellipsoidalAltitude == 104.7 && heightOnly.course == 0)
    }

    @Test mutating func noFixIsReportedOncePerOutage() throws {
        let noFix = try gpsdReport(#"{"class":"TPV","mode":1,"time":"2026-11-30T06:36:06Z"}"#)
        let unknown = try gpsdReport(#"{"class":"TPV","mode":0}"#)
        let fix = try gpsdReport(#"{"class":"TPV","time":"2027-01-15T08:00:00.000Z","mode":2,"lat":10,"lon":20}"#)
        let positionless = try gpsdReport(#"{"class":"TPV","mode":3}"#)
        let retry = GPSDEvent.disconnected(.closedByPeer, retryAfter: 0.25)
        let kinds = [noFix, unknown, noFix, fix, positionless, retry, noFix, retry, fix, fix, unknown].map { kind($0) }
        #expect(
            kinds == [
                "lost", "-", "-", "locations[10.0]", "-", "lost", "-", "-", "locations[10.0]", "locations[10.0]",
                "lost",
            ])
    }

    /// Issue 15's tester, item 27: a TPV with a fix but no time (gpsd sends them before the receiver's first date)
    /// is skipped and counted, never stamped with the clock's now: a replayed log's fixes would otherwise jump
    /// from today back to the log's year.
    @Test mutating func aFixWithoutATimeIsSkippedNotStampedNow() throws {
        let untimed = try gpsdReport(#"{"class":"TPV","mode":3,"lat":10,"lon":20}"#)
        let timed = try gpsdReport(#"{"class":"TPV","mode":3,"time":"2020-01-01T00:00:00.000Z","lat":10,"lon":20}"#)
        #expect([untimed, untimed, timed, untimed].map { kind($0) } == ["-", "-", "locations[10.0]", "-"])
        #expect(translator.skipped.counts.map(\.cause) == ["no time"])
        #expect(translator.skipped.total == 3)
    }

    @Test mutating func terminalDisconnectFailsWithNetworkError() {
        #expect(
            kind(.disconnected(.unsupportedProtocolVersion(major: 4, minor: 0), retryAfter: nil)) == "failed(network)")
        #expect(kind(.connected(.localDefault)) == "-")
        #expect(kind(.version(GPSDVersion(release: "3.22", protocolMajor: 3, protocolMinor: 14))) == "-")
    }

    @Test mutating func attitudeBecomesAHeading() throws {
        let event = translator.translate(
            try gpsdReport(
                #"{"class":"ATT","time":"2022-03-29T00:38:32.000Z","heading":244.28,"mag_st":"N","mheading":229.9}"#),
            now: now)
        guard case .heading(let heading)? = event else {
            Issue.record("expected a heading, got \(String(describing: event))")
            return
        }
        #expect(heading.trueHeading == 244.28 && heading.magneticHeading == 229.9 && heading.headingAccuracy == -1)
        #expect(heading.timestamp == Date(timeIntervalSince1970: 1_648_514_312))
        guard
            case .heading(let bare)? = translator.translate(try gpsdReport(#"{"class":"ATT","heading":360}"#), now: now)
        else {
            Issue.record("expected a heading")
            return
        }
        #expect(bare.trueHeading == 0 && bare.magneticHeading == -1 && bare.timestamp == now)
        #expect(kind(try gpsdReport(#"{"class":"ATT","pitch":1.5}"#)) == "-")  // no heading, nothing to report
    }

    /// Issue 16: a numeric `time` of 1e16 reached the GPX formatter and crashed `record`.
    ///
    /// A time before 1980 or more than a day ahead of the clock makes the report invalid: skipped, counted, one
    /// line per cause.
    @Test func reportsWithATimeOutOfRangeAreSkippedCountedAndAnnouncedOncePerCause() throws {
        let announced = Locked<[String]>([])
        var translator = GPSDEventTranslator(
            source: "gpsd://test",
            sourceInformation: CLLocationSourceInformation(
                softwareSimulationState: false, andExternalAccessoryState: true),
            announce: { line in announced.withLock { $0.append(line) } })
        func kind(_ json: String) throws -> String {
            switch translator.translate(try gpsdReport(json), now: now) {
            case .locations(let fixes)?: "located \(fixes[0].timestamp.timeIntervalSince1970)"
            case .heading(let heading)?: "heading \(heading.timestamp.timeIntervalSince1970)"
            case nil: "-"
            case let other?: "\(other)"
            }
        }
        let fix = #"{"class":"TPV","mode":2,"lat":1.5,"lon":2.5,"time":"#
        #expect(try kind(fix + "1e16}") == "-")
        #expect(try kind(fix + "1e16}") == "-")
        #expect(try kind(fix + #""2027-01-16T08:00:01Z"}"#) == "-")  // now + 1 day + 1 s
        #expect(try kind(fix + #""1979-12-31T23:59:59Z"}"#) == "-")
        #expect(try kind(#"{"class":"ATT","heading":10,"time":1e300}"#) == "-")
        #expect(try kind(fix + #""2027-01-16T08:00:00Z"}"#) == "located 1800086400.0")  // exactly one day ahead
        #expect(try kind(fix + "315532800}") == "located 315532800.0")  // 1980-01-01T00:00:00Z
        #expect(try kind(#"{"class":"TPV","mode":1,"time":1e16}"#) == "fixLost")  // no fix: nothing is stamped
        #expect(
            announced.withLock { $0 } == [
                "gpsd://test: fix skipped: time 1e+16 s since 1970 is more than a day ahead of the clock (further "
                    + "fixes skipped for this reason are counted, not shown)",
                "gpsd://test: fix skipped: time 1979-12-31T23:59:59Z is before 1980 (further fixes skipped for "
                    + "this reason are counted, not shown)",
            ])
        #expect(translator.skipped.total == 5)
        #expect(
            translator.skipped.summary
                == "gpsd://test: 5 fixes skipped: time more than a day ahead of the clock (4), time before 1980 (1)")
    }

    /// A TPV whose horizontal error is beyond 20,000 km is a skipped fix, counted and announced.
    ///
    /// `"eph":1e300` (or `epx`/`epy` whose root sum square overflows) made a fix of accuracy −1, which managers
    /// discard: it vanished without a word, even with `--verbose`, and out of the summary. A device whose fixes are
    /// all skipped is not followed for them.
    @Test func tpvsWithAHorizontalErrorBeyondTheLimitAreSkippedCountedAndAnnounced() throws {
        let announced = Locked<[String]>([])
        var translator = GPSDEventTranslator(
            source: "gpsd://test", sourceInformation: CLLocationSourceInformation(),
            announce: { line in announced.withLock { $0.append(line) } })
        func kind(_ members: String, device: String = "/dev/a") throws -> String {
            let json =
                #"{"class":"TPV","device":"\#(device)","mode":3,"time":"2027-01-15T08:00:00Z","lat":48.85,"lon":2.29,"#
                + members + "}"
            switch translator.translate(try gpsdReport(json), now: now) {
            case .locations(let fixes)?: return "located \(fixes[0].horizontalAccuracy)"
            case nil: return "-"
            case let other?: return "\(other)"
            }
        }
        #expect(try kind(#""eph":1e300"#) == "-")
        #expect(try kind(#""epx":1e308,"epy":1e308"#) == "-")
        #expect(try kind(#""eph":34620000"#) == "-")  // 20,002,099 m as 2D RMS: just beyond
        #expect(try kind(#""eph":1e300"#, device: "/dev/b") == "-")
        // Within the limit (√(ln 20) × 20,000 km = 34,616,367 m is the largest eph kept): 34,600,000 ÷ 1.7308 m.
        // The first device with a fix is /dev/b: /dev/a's skipped fixes did not choose it.
        #expect(try kind(#""eph":34600000"#, device: "/dev/b") == "located 19990543.40292995")
        #expect(
            announced.withLock { $0 } == [
                "gpsd://test: fix skipped: TPV horizontal error beyond 20000 km (\"eph\":1e+300) (further fixes "
                    + "skipped for this reason are counted, not shown)",
                "gpsd://test: following /dev/b, the first device with a fix; gpsd also serves /dev/a, whose reports "
                    + "are left out (choose a device with ?device=PATH)",
            ])
        #expect(translator.skipped.total == 4)
        #expect(translator.skipped.summary == "gpsd://test: 4 fixes skipped: TPV horizontal error beyond 20000 km")
    }

    /// Issue 16, finding 8: TPVs the client dropped for a bad member vanished without a count.
    @Test func tpvLinesTheClientSkippedAreCountedByCauseWithoutTheirValues() {
        let announced = Locked<[String]>([])
        var translator = GPSDEventTranslator(
            source: "gpsd://test", sourceInformation: CLLocationSourceInformation(),
            announce: { line in announced.withLock { $0.append(line) } })
        let lines = [
            #"{"class":"TPV","mode":3,"time":"2026-11-30T06:36:06Z","lat":148.85843,"lon":2.2945}"#,
            #"{"class":"TPV","mode":3,"time":"2026-11-30T06:36:07Z","lat":48.85843,"lon":[2.2945]}"#,
            #"{"class":"TPV","mode":3,"time":"2026-11-30T06:36:08Z","lat":48.85843,"lon":2.2945,"alt":48.85845x}"#,
            #"{"class":"TPV","mode":3,"time":"2026-11-30T06:36:09Z","lat":148.8,"lon":2.2945}"#,
            #"{"class":"SKY","hdop":"x"}"#,
            #"{"class":"TPV","mode":3,"time":"2026-02-30T06:36:09Z","lat":48.8,"lon":2.2945}"#,
        ]
        for (index, line) in lines.enumerated() {
            var error: GPSDDecodingError?
            do { _ = try GPSDDecoder.decode(line) } catch let decoding { error = decoding }
            guard let error else {
                Issue.record("decoded: \(line)")
                continue
            }
            let event = GPSDEvent.protocolError(
                GPSDProtocolError(source: "127.0.0.1:2947", line: index + 1, kind: .undecodable(error)))
            #expect(translator.translate(event, now: now) == nil)
        }
        #expect(translator.skipped.total == 5, "the SKY line is no fix")
        let lines2 = announced.withLock { $0 }
        #expect(lines2.count == 4)
        #expect(
            lines2.first
                == "gpsd://test: fix skipped: line 1: TPV field \"lat\" out of range (further fixes skipped for this "
                + "reason are counted, not shown)")
        #expect(!lines2.joined().contains("148.8") && !lines2.joined().contains("2.2945"), "\(lines2)")
        #expect(
            translator.skipped.summary
                == "gpsd://test: 5 fixes skipped: TPV field \"lat\" out of range (2), TPV field \"lon\" of the wrong "
                + "type (1), line that is not valid JSON (1), TPV field \"time\" with an invalid value (1)")
    }
}

/// `gpsd:` URIs and the probe list.
@Suite struct GPSDProviderFactoryTests {
    private func configuration(_ uri: String) throws -> GPSDClientConfiguration? {
        (try GPSDProviderFactory.make(LocationProviderURI(uri)) as? GPSDLocationProvider)?.configuration
    }

    @Test func endpointsFromURIs() throws {
        #expect(try configuration("gpsd://127.0.0.1:2947")?.endpoint == .tcp(host: "127.0.0.1", port: 2947))
        #expect(try configuration("gpsd://gps.local")?.endpoint == .tcp(host: "gps.local", port: 2947))
        #expect(try configuration("gpsd://")?.endpoint == .tcp(host: "127.0.0.1", port: 2947))
        #expect(try configuration("gpsd://[::1]:3000/")?.endpoint == .tcp(host: "::1", port: 3000))
        #expect(try configuration("gpsd://[::1]")?.endpoint == .tcp(host: "::1", port: 2947))
        #expect(try configuration("gpsd://:3000")?.endpoint == .tcp(host: "127.0.0.1", port: 3000))
        #expect(
            try configuration("gpsd://gps-box-2.local.:2948")?.endpoint == .tcp(host: "gps-box-2.local.", port: 2948))
        #expect(try configuration("gpsd://10.0.0.255.")?.endpoint == .tcp(host: "10.0.0.255.", port: 2947))
        #expect(try configuration("gpsd://3com.example")?.endpoint == .tcp(host: "3com.example", port: 2947))
        #expect(try configuration("gpsd://[fe80::1%eth0]")?.endpoint == .tcp(host: "fe80::1%eth0", port: 2947))
        #expect(try configuration("gpsd:///run/gpsd-relay.sock")?.endpoint == .unixSocket(path: "/run/gpsd-relay.sock"))
        let watched = try configuration("gpsd://10.0.0.2:2948?device=/dev/ttyUSB0")
        #expect(watched?.endpoint == .tcp(host: "10.0.0.2", port: 2948) && watched?.device == "/dev/ttyUSB0")
        let provider = try GPSDProviderFactory.make(LocationProviderURI("gpsd://127.0.0.1:2947"))
        #expect(provider.identifier == "gpsd://127.0.0.1:2947")
        #expect(provider.capabilities == [.location, .accuracy, .course, .altitude, .heading])
    }

    @Test(arguments: [
        ("gpsd://127.0.0.1:0", "port"), ("gpsd://127.0.0.1:99999", "port"), ("gpsd://host:abc", "port"),
        ("gpsd://[::1]:", "port"),
        ("gpsd://127.0.0.1?speed=2", "speed"), ("gpsd://127.0.0.1?device=", "device"), ("gpsd:127.0.0.1", "address"),
        ("gpsd://host/path", "address"),
        // Issue 16: "[::1" was accepted and its resolution retried for ever; a malformed host is a usage error.
        ("gpsd://[::1", "host"), ("gpsd://[::1]2947", "host"), ("gpsd://::1", "host"), ("gpsd://[127.0.0.1]", "host"),
        ("gpsd://gps box", "host"), ("gpsd://a..b", "host"), ("gpsd://user@host:2947", "host"), ("gpsd://[]", "host"),
        ("gpsd://[fe80::1%]:2947", "host"),
        // Issue 16, finding 15: names no resolver can ever answer were retried for ever.
        ("gpsd://-flag", "host"), ("gpsd://gps-.local", "host"), ("gpsd://a_b", "host"), ("gpsd://1.2.3.4.5", "host"),
        ("gpsd://256.1.1.1", "host"), ("gpsd://123", "host"), ("gpsd://10.0.0", "host"),
    ])
    func badURIsNameTheirParameter(uri: String, name: String) {
        #expect {
            try GPSDProviderFactory.make(LocationProviderURI(uri))
        } throws: { error in
            guard case LocationProviderError.invalidParameter(_, let reported, _) = error else { return false }
            return reported == name
        }
    }

    @Test func gpsdIsRegisteredAndProbedFirst() throws {
        #expect(LocationProviders.probeURIs.first == "gpsd://127.0.0.1:2947")
        #expect(try LocationProviders.provider(for: "gpsd://127.0.0.1:2947") is GPSDLocationProvider)
    }
}
