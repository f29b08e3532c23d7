import Foundation
import Glibc
import LocationSupport
import SharedTestSupport
import Testing

/// `once` says what it saw when no fix met its level (issue 31): a receiver whose fixes are dated years off (an
/// old log, gpsfake, the GPS week-rollover bug) is named as such, not only "no fix met the block level".
@Suite struct OnceStaleFixTests {
    /// A fix fresh when it came but older than the age limit at the timeout is not said to come from a receiver with
    /// a wrong date (a trial of the tool: a fixed location's fix, ±50 m against the room level, was).
    @Test func aFixThatAgedWhileTheRequestWaitedIsNotCalledStale() async throws {
        let run = try await Tool.run([
            "once", "--provider", "fixed:1,2,50", "--accuracy", "room", "--max-age", "1", "--timeout", "1.5",
        ])
        #expect(run.status == 2)
        #expect(
            run.error
                == "corelocation: error: no fix met the room level (≤5.0 m, ≤1.0 s old) within 1.5 s; printed the most "
                + "accurate one seen\n")
    }

    /// A live NMEA feed on loopback whose epochs are dated 2020-01-01; each connection (the availability probe's,
    /// then the provider's) gets them and stays open.
    @Test func fixesYearsOldAreNamedWithTheirAge() async throws {
        let listener = try LoopbackListener()
        let text = (0..<3).map { second in
            let time = String(format: "1200%02d", second)
            return Self.sentence("GPGGA,\(time),4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,")
                + Self.sentence("GPRMC,\(time),A,4807.038,N,01131.000,E,0.0,0.0,010120,,")
        }.joined()
        let accepted = Locked<[Int32]>([])
        let server = Thread {
            while true {
                let connection = accept(listener.descriptor, nil, nil)
                guard connection >= 0 else { return }
                accepted.withLock { $0.append(connection) }
                _ = text.utf8CString.withUnsafeBufferPointer {
                    send(connection, $0.baseAddress, $0.count - 1, Int32(MSG_NOSIGNAL))  // the tool may have gone
                }
            }
        }
        server.start()
        defer {
            shutdown(listener.descriptor, Int32(SHUT_RDWR))
            close(listener.descriptor)
            for connection in accepted.withLock({ $0 }) { close(connection) }
        }
        let run = try await Tool.run([
            "once", "--timeout", "1", "--provider", "nmea+tcp://127.0.0.1:\(listener.port)",
        ])
        #expect(run.status == 2)
        #expect(
            run.error.contains(
                "no fix met the block level (≤100.0 m, ≤60.0 s old) within 1.0 s; 3 fixes came, the newest"))
        #expect(
            run.error.contains("years old — check the receiver's date, or --max-age; printed the most accurate one"))
    }

    /// A trial of the tool: with `--max-age`, the message dropped the level's name (`no fix met ≤15.0 m, ≤120.0 s
    /// old`, of `--accuracy house`); the level keeps its name with the age given.
    @Test func aLevelWithItsAgeGivenKeepsItsName() async throws {
        // Two epochs at HDOP 50: fixes far less accurate than the house level's 15 m.
        let epochs = (0..<2).map { second in
            Self.sentence("GPRMC,12000\(second),A,4807.038,N,01131.000,E,0.0,0.0,230394,,")
                + Self.sentence("GPGGA,12000\(second),4807.038,N,01131.000,E,1,04,50.0,545.4,M,46.9,M,,")
        }
        let log = try TemporaryFile(epochs.joined(), suffix: ".nmea")
        let uri = "nmea:\(log.url.path)?speed=max"
        let run = try await Tool.run(["once", "--provider", uri, "--accuracy", "house", "--max-age", "120"])
        #expect(run.status == 2)
        #expect(
            run.error
                == "corelocation: error: \(uri) finished before a fix met the house level (≤15.0 m, ≤120.0 s old); "
                + "printed the most accurate one seen\n", "\(run.error)")
    }

    /// The error line of a request that failed after fixes which missed the level says the printed fix is only the
    /// best of them.
    ///
    /// A trial of the tool: a replay that failed so printed the best fix and then only the error, so the fix read
    /// as one that met the level. The GPX document is cut short after its fourth point, whose fix comes too.
    @Test func aFailureAfterFixesThatMissedTheLevelSaysSo() async throws {
        let points = (0..<4).map { second in
            "<trkpt lat=\"48.\(second)\" lon=\"11.5\"><time>2020-01-01T00:00:0\(second)Z</time></trkpt>\n"
        }
        let document =
            "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"t\" xmlns=\"http://www.topografix.com/GPX/1/1\">"
            + "<trk><trkseg>\n" + points.joined()
        let file = try TemporaryFile(document, suffix: ".gpx")
        let uri = "gpx:\(file.url.path)?speed=max"
        let run = try await Tool.run(["once", "--provider", uri, "--accuracy", "1", "--format", "csv"])
        #expect(run.status == 65)
        #expect(run.output.split(separator: "\n").count == 2, "\(run.output)")  // the header and the fix printed
        #expect(run.output.contains("48.3"), "\(run.output)")
        #expect(
            run.error.hasSuffix(
                "; before it, 4 fixes came and none met ≤1.0 m, ≤60.0 s old; printed the most accurate one\n"),
            "\(run.error)")
        #expect(run.error.hasPrefix("corelocation: error: invalid input from \(uri): line 7:"), "\(run.error)")
    }

    private static func sentence(_ body: String) -> String {
        "$\(body)*\(String(format: "%02X", body.utf8.reduce(UInt8(0), ^)))\r\n"
    }
}
