import Foundation
import NMEA0183
import Testing

@testable import LinuxCoreLocation

/// The locations of a log, read through ``NMEAReplaySource``.
private func locations(_ text: String) throws -> [CLLocation] {
    let path = temporaryLog(text)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let source = try NMEAReplaySource(path: path)
    var locations: [CLLocation] = []
    while let item = try source.next() {
        if case .locations(let fixes) = item.event { locations += fixes }
    }
    return locations
}

/// A GGA at 48° N (HDOP 1.0, so 5 m accuracy) and the RMC giving its date, without speed or course.
private func epoch(_ time: String, latitude: String, longitude: String = "01131.0000") -> String {
    nmeaSentence("GPGGA,\(time),\(latitude),N,\(longitude),E,1,08,1.0,545.4,M,46.9,M,,")
        + nmeaSentence("GPRMC,\(time),A,\(latitude),N,\(longitude),E,,,230324,,")
}

/// Speed and course derived from consecutive fixes when the receiver sent none (gpsd's rule, ``NMEADerivedMotion``).
@Suite struct NMEAProviderMotionTests {
    @Test func speedAndCourseComeFromTheDistanceBetweenFixes() throws {
        // 0.01′ of latitude north each second: about 18.5 m/s due north.
        let log =
            epoch("120000", latitude: "4800.0000") + epoch("120001", latitude: "4800.0100")
            + epoch("120002", latitude: "4800.0200")
        let fixes = try locations(log)
        #expect(fixes.map(\.speed).first == -1)  // no previous fix
        for (previous, fix) in zip(fixes, fixes.dropFirst()) {
            let distance = fix.distance(from: previous)
            #expect(abs(fix.speed - distance) < 1e-9)  // over 1 s
            #expect(abs(distance - 18.53) < 0.01)  // one minute of latitude at 48° is 1853.2 m
            #expect(fix.course < 1e-6 || fix.course > 360 - 1e-6)  // due north
            #expect(abs(fix.speedAccuracy - (50.0).squareRoot()) < 1e-9)  // √(5² + 5²) / 1 s
            #expect(abs(fix.courseAccuracy - atan((50.0).squareRoot() / distance) * 180 / .pi) < 1e-9)
        }
    }

    @Test func theReceiversOwnSpeedWins() throws {
        let log =
            epoch("120000", latitude: "4800.0000")
            + nmeaSentence("GPRMC,120001,A,4800.0100,N,01131.0000,E,10.0,90.0,230324,,")
        let fix = try #require(try locations(log).last)
        #expect(abs(fix.speed - 10 * 1852 / 3600) < 1e-9 && fix.course == 90)
        #expect(fix.speedAccuracy == -1 && fix.courseAccuracy == -1)
    }

    @Test func aCourseIsDerivedWhenOnlyTheSpeedWasSent() throws {
        let log =
            epoch("120000", latitude: "4800.0000", longitude: "01131.0000")
            + nmeaSentence("GPRMC,120001,A,4800.0000,N,01131.0500,E,20.0,,230324,,")
        let fix = try #require(try locations(log).last)
        #expect(abs(fix.speed - 20 * 1852 / 3600) < 1e-9 && fix.speedAccuracy == -1)
        #expect(abs(fix.course - 90) < 0.01 && fix.courseAccuracy > 0)  // due east
    }

    @Test func standingStillGivesASpeedButNoCourse() throws {
        // 1 cm apart: far less than the 7 m of combined uncertainty, so the direction is noise.
        let fixes = try locations(epoch("120000", latitude: "4800.0000") + epoch("120001", latitude: "4800.00001"))
        #expect(fixes.last.map { $0.speed >= 0 && $0.speed < 0.02 } == true)
        #expect(fixes.last?.course == -1 && fixes.last?.courseAccuracy == -1)
    }

    @Test func fixesMoreThanTenSecondsApartDeriveNothing() throws {
        let fixes = try locations(epoch("120000", latitude: "4800.0000") + epoch("120011", latitude: "4800.0100"))
        #expect(fixes.last?.speed == -1 && fixes.last?.course == -1)
        let within = try locations(epoch("120000", latitude: "4800.0000") + epoch("120010", latitude: "4800.0100"))
        #expect(within.last.map { abs($0.speed - 1.853) < 0.001 } == true)
    }

    @Test func aNoFixEpochBreaksTheChain() throws {
        let log =
            epoch("120000", latitude: "4800.0000") + nmeaSentence("GPRMC,120001,V,,,,,,,230324,,")
            + epoch("120002", latitude: "4800.0200")
        #expect(try locations(log).last?.speed == -1)
    }

    @Test func derivationAgreesWithGpsdOnARealLog() throws {
        // mr-350p.log sends GGA/GSA/ZDA only; gpsd's TPV for 05:11:35 says speed 0.311.
        let log =
            "# Date: 2012-07-04\r\n" + nmeaSentence("GPZDA,051134.000,04,07,2012,,")
            + nmeaSentence("GPGGA,051134.000,4744.6980,N,12206.7275,W,1,05,1.9,135.4,M,-17.1,M,18.8,0000")
            + nmeaSentence("GPZDA,051135.000,04,07,2012,,")
            + nmeaSentence("GPGGA,051135.000,4744.6981,N,12206.7273,W,1,05,1.9,134.7,M,-17.1,M,18.8,0000")
        let fix = try #require(try locations(log).last)
        #expect(abs(fix.speed - 0.311) < 0.0005)
    }
}
