import DBus
import Foundation
import GPSD
import GPX
import NMEA0183
import SharedTestSupport
import Testing

@testable import LinuxCoreLocation

/// The physical limits every provider applies (issue 16: gpsd's `"alt":1e308`, `"eph":1e308`, an `nSat` of 2³²
/// and a GPX `<hdop>1e308</hdop>` became valid fixes printed as 309-digit numbers, `inf` and `-nan`).
@Suite struct FixLimitsTests {
    private let time = Date(timeIntervalSince1970: 1_796_020_566)  // 2026-11-30T06:36:06Z

    private func location(
        altitude: Double = 10, horizontalAccuracy: Double = 5, verticalAccuracy: Double = 3, course: Double = 90,
        courseAccuracy: Double = 2, speed: Double = 1, speedAccuracy: Double = 0.5, latitude: Double = 45
    ) -> CLLocation {
        FixLimits.limited(
            CLLocation(
                coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: 4), altitude: altitude,
                ellipsoidalAltitude: altitude, horizontalAccuracy: horizontalAccuracy,
                verticalAccuracy: verticalAccuracy, course: course, courseAccuracy: courseAccuracy, speed: speed,
                speedAccuracy: speedAccuracy, timestamp: time))
    }

    @Test func valuesAtTheLimitsStayAndValuesBeyondThemAreMarkedInvalid() {
        #expect(location(altitude: 100_000).altitude == 100_000)
        #expect(location(altitude: -12_000).verticalAccuracy == 3)
        let high = location(altitude: 100_000.5)
        #expect(high.altitude == 0 && high.ellipsoidalAltitude == 0 && high.verticalAccuracy == -1)
        #expect(location(altitude: -12_000.5).verticalAccuracy == -1)
        #expect(location(verticalAccuracy: .infinity).verticalAccuracy == -1)
        #expect(location(horizontalAccuracy: 20_000_000).horizontalAccuracy == 20_000_000)
        #expect(location(horizontalAccuracy: 20_000_001).horizontalAccuracy == -1)
        #expect(location(horizontalAccuracy: .infinity).horizontalAccuracy == -1)
        #expect(location(horizontalAccuracy: -.infinity).horizontalAccuracy == -1)
        #expect(location(horizontalAccuracy: .nan).horizontalAccuracy == -1)
        #expect(location(latitude: .nan).horizontalAccuracy == -1)
        #expect(location(speed: 2_000).speed == 2_000)
        let fast = location(speed: 2_000.5)
        #expect(fast.speed == -1 && fast.speedAccuracy == -1)
        #expect(location(speedAccuracy: .nan).speed == -1)
        #expect(location(course: 360).course == 0)
        let wrong = location(course: 360.5)
        #expect(wrong.course == -1 && wrong.courseAccuracy == -1)
        #expect(location(courseAccuracy: 181).course == -1)
        // Untouched values keep the very object (no copy per fix).
        let plain = CLLocation(
            coordinate: CLLocationCoordinate2D(latitude: 1, longitude: 2), altitude: 0, horizontalAccuracy: 5,
            verticalAccuracy: -1, timestamp: time)
        #expect(FixLimits.limited(plain) === plain)
        #expect(FixLimits.satelliteCount(255) == 255 && FixLimits.satelliteCount(256) == nil)
        #expect(FixLimits.satelliteCount(-1) == nil && FixLimits.satelliteCount(4_294_967_296) == nil)
        #expect(FixLimits.dilution(99.99) == 99.99 && FixLimits.dilution(.infinity) == nil)
        #expect(FixLimits.dilution(.nan) == nil && FixLimits.dilution(-1) == nil)
    }

    /// An accuracy below a millimetre is no measurement: the nominal 5 m horizontally, unknown vertically (issue 32,
    /// a tester's `0.00001` HDOP, GPX `<hdop>1e-300</hdop>` and GeoClue `Accuracy 1e-300` passed `--accuracy 0.5`).
    @Test func accuraciesBelowAMillimetreAreUnknown() throws {
        for tiny in [0, .leastNonzeroMagnitude, 1e-300, 0.00005, 0.000999] {
            let fix = location(horizontalAccuracy: tiny, verticalAccuracy: tiny)
            #expect(fix.horizontalAccuracy == 5, "\(tiny)")
            #expect(fix.verticalAccuracy == -1 && fix.altitude == 10, "\(tiny)")
        }
        let finest = location(horizontalAccuracy: 0.001, verticalAccuracy: 0.001)
        #expect(finest.horizontalAccuracy == 0.001 && finest.verticalAccuracy == 0.001)
        let properties: [String: DBusValue] = [
            "Latitude": .double(48.8584), "Longitude": .double(2.2945), "Accuracy": .double(1e-300),
            "Timestamp": .structure([.uint64(1_796_020_566), .uint64(0)]),
        ]
        #expect(try GeoClueFix.location(from: properties, now: time).horizontalAccuracy == 5)
        #expect(
            GPXReplay.location(of: GPXPoint(latitude: 45, longitude: 4, hdop: 1e-300), timestamp: time)
                .horizontalAccuracy == 5)
    }

    @Test func gpsdAbsurdMembersBecomeInvalidMarkers() throws {
        var translator = GPSDEventTranslator(
            source: "test", sourceInformation: CLLocationSourceInformation()
        ) { _ in }
        func fix(_ members: String) throws -> CLLocation {
            // No trailing comma when `members` is empty: the decoder reads JSON as RFC 8259 writes it (issue 32).
            let json = #"{"class":"TPV","mode":3,"time":"2026-11-30T06:36:06Z","lat":48.8584,"lon":2.2945"#
            let line = json + (members.isEmpty ? "" : "," + members) + "}"
            guard case .locations(let fixes)? = translator.translate(try gpsdReport(line), now: time)
            else { throw GPSDDecodingError(className: "TPV", reason: .notAnObject) }
            return fixes[0]
        }
        let absurd = try fix(#""alt":1e308,"speed":1e308,"eph":9.8,"epv":2"#)
        #expect(absurd.altitude == 0 && absurd.verticalAccuracy == -1)
        #expect(absurd.speed == -1 && absurd.speedAccuracy == -1)
        #expect(absurd.horizontalAccuracy > 5)
        // An eph of 1e308, or √(epx² + epy²) overflowing to infinity, would make an invalid fix: it is skipped
        // (GPSDProviderMappingTests), not a valid fix of infinite accuracy.
        #expect(throws: GPSDDecodingError.self) { try fix(#""eph":1e308"#) }
        #expect(throws: GPSDDecodingError.self) { try fix(#""epx":1e308,"epy":1e308"#) }

        let sky = #"{"class":"SKY","nSat":4294967296,"uSat":7,"hdop":1e308,"vdop":1.5}"#
        guard case .sky(let report) = try GPSDDecoder.decode(sky) else { throw CancellationError() }
        #expect(translator.translate(.report(.sky(report)), now: time) == nil)
        let information = try #require(try fix("").sourceInformation as? GNSSSourceInformation)
        #expect(information.satellitesVisible == nil && information.satellitesUsed == 7)
        #expect(information.hdop == nil && information.vdop == 1.5)
    }

    @Test func gpxAbsurdValuesBecomeInvalidMarkers() {
        let point = GPXPoint(latitude: 45, longitude: 4, elevation: 1e308, hdop: 1e308, vdop: 1)
        let fix = GPXReplay.location(of: point, timestamp: time)
        #expect(fix.horizontalAccuracy == -1)
        #expect(fix.altitude == 0 && fix.verticalAccuracy == -1)
        let fast = GPXReplay.location(of: GPXPoint(latitude: 45, longitude: 4, speed: 1e308), timestamp: time)
        #expect(fast.speed == -1 && fast.horizontalAccuracy == 5)
    }

    @Test func nmeaAbsurdSpeedAndAltitudeBecomeInvalidMarkers() throws {
        var decoder = NMEADecoder()
        let log = [
            "GPGGA,063606,4807.038,N,01131.000,E,1,08,0.9,999999.9,M,46.9,M,,",
            "GPRMC,063606,A,4807.038,N,01131.000,E,9999999.0,84.4,301126,,",
        ].map(nmeaSentence).joined()
        let fixes = (decoder.feed(log) + decoder.finish()).compactMap { event -> NMEAFix? in
            if case .fix(let fix) = event { fix } else { nil }
        }
        let fix = try #require(fixes.first)
        let location = fix.location(at: time, sourceInformation: CLLocationSourceInformation())
        #expect(location.altitude == 0 && location.verticalAccuracy == -1)
        #expect(location.speed == -1)
        #expect(location.course == 84.4)
    }

    @Test func geoClueAbsurdAltitudeAndSpeedBecomeInvalidMarkers() throws {
        let properties: [String: DBusValue] = [
            "Latitude": .double(48.8584), "Longitude": .double(2.2945), "Accuracy": .double(30_000_000),
            "Altitude": .double(1e308), "Speed": .double(1e308), "Heading": .double(10),
            "Timestamp": .structure([.uint64(1_796_020_566), .uint64(0)]),
        ]
        let fix = try GeoClueFix.location(from: properties, now: time)
        #expect(fix.horizontalAccuracy == -1)
        #expect(fix.altitude == 0 && fix.verticalAccuracy == -1)
        #expect(fix.speed == -1 && fix.course == 10)
    }
}
