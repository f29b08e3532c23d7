import Foundation
import Testing

@testable import LinuxCoreLocation

/// One location per gpsd epoch (issue 31: through `gpsd://` some receivers' fixes arrived two or three times).
@Suite struct GPSDEpochMergerTests {
    /// A merger on a manual clock and what it delivered, as ``EventLog`` strings.
    private struct Run {
        let clock = ManualClock(start: Date(timeIntervalSince1970: 0))
        let log = EventLog()
        let merger: GPSDEpochMerger

        init() {
            merger = GPSDEpochMerger(clock: clock, handler: log.handler)
        }

        /// Passes a report of epoch `second` with the given completeness.
        func report(_ second: Int, latitude: Double, altitude: Bool = true, speed: Bool = true) {
            merger.receive(
                .locations([
                    CLLocation(
                        coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: 0),
                        altitude: altitude ? 10 : 0,
                        horizontalAccuracy: 5, verticalAccuracy: altitude ? 8 : -1, course: -1, speed: speed ? 1 : -1,
                        timestamp: Date(timeIntervalSince1970: Double(second)))
                ]))
        }
    }

    @Test func reportsOfOneTimeBecomeTheirMostCompleteFix() {
        let run = Run()
        run.report(1, latitude: 1.1, altitude: false, speed: false)  // after gpsd's GGA of a 2D start
        run.report(1, latitude: 1.2)  // a 3D report with speed
        run.report(1, latitude: 1.3, altitude: false)  // a later but poorer one
        #expect(run.log.all == [])
        run.report(2, latitude: 2.1)
        #expect(run.log.all == ["1.2@1.0"])
    }

    @Test func aLoneReportIsDeliveredAfterTheQuietGap() {
        let run = Run()
        run.report(1, latitude: 1)
        run.clock.advance(by: GPSDEpochMerger.quietGap - 0.001)
        #expect(run.log.all == [])
        run.clock.advance(by: 0.001)
        #expect(run.log.all == ["1.0@1.0"])
        // The quiet gap counts from the epoch's last report.
        run.report(2, latitude: 2)
        run.clock.advance(by: 0.2)
        run.report(2, latitude: 2.5)
        run.clock.advance(by: 0.2)
        #expect(run.log.all == ["1.0@1.0"])
        run.clock.advance(by: 0.05)
        #expect(run.log.all == ["1.0@1.0", "2.5@2.0"])
    }

    /// Once two epochs in a row had the same number of reports, an epoch is delivered at its last one, at once.
    @Test func theUsualNumberOfReportsCompletesAnEpochAtOnce() {
        let run = Run()
        for second in 1...3 {
            for part in 1...3 { run.report(second, latitude: Double(second) + Double(part) / 10) }
        }
        #expect(run.log.all == ["1.3@1.0", "2.3@2.0", "3.3@3.0"])
        run.report(4, latitude: 4)
        #expect(run.log.all.count == 3)
        // A gpsd sending one report per epoch is learned the same way: each fix at once.
        let single = Run()
        single.report(1, latitude: 1)
        single.report(2, latitude: 2)
        #expect(single.log.all == ["1.0@1.0"])
        for second in 3...5 { single.report(second, latitude: Double(second)) }
        #expect(single.log.all == ["1.0@1.0", "2.0@2.0", "3.0@3.0", "4.0@4.0", "5.0@5.0"])
    }

    /// A report of an epoch already delivered (the epoch had more reports than usual) is dropped, and the usual
    /// number forgotten.
    @Test func aLateReportOfADeliveredEpochIsDroppedAndTheNumberForgotten() {
        let run = Run()
        for second in 1...3 { run.report(second, latitude: Double(second)) }
        run.report(3, latitude: 3.5)
        run.report(4, latitude: 4)
        #expect(run.log.all == ["1.0@1.0", "2.0@2.0", "3.0@3.0"])
        run.clock.advance(by: GPSDEpochMerger.quietGap)
        #expect(run.log.all == ["1.0@1.0", "2.0@2.0", "3.0@3.0", "4.0@4.0"])
    }

    @Test func otherEventsComeAfterTheEpochTheyEnd() {
        let run = Run()
        run.report(1, latitude: 1)
        run.merger.receive(.fixLost)
        run.merger.receive(
            .heading(CLHeading(magneticHeading: 10, trueHeading: 12, headingAccuracy: -1, timestamp: .now)))
        #expect(run.log.all.prefix(2) == ["1.0@1.0", "lost"])
        #expect(run.log.all.count == 3)
    }

    @Test func nothingFollowsStop() {
        let run = Run()
        run.report(1, latitude: 1)
        run.merger.stop()
        run.clock.advance(by: 1)
        run.report(2, latitude: 2)
        run.merger.receive(.fixLost)
        #expect(run.log.all == [])
        #expect(run.clock.pendingCount == 0)
    }
}
