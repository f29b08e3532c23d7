import Foundation
import SharedTestSupport
import Testing

@testable import LinuxCoreLocation

private let cafe = CLLocationCoordinate2D(latitude: 52.52, longitude: 13.405)

@Suite struct VisitTests {
    @Test func twentyMinuteDwellGivesArrivalThenDeparture() throws {
        // Arrive by car, stay 20 minutes with fixes wandering up to 20 m around the café, then drive away.
        var fixes = [fix(5000, from: cafe), fix(2500, from: cafe)]
        fixes += (0...20).map { fix(Double($0 % 3) * 10, from: cafe, azimuth: Double($0) * 90, accuracy: 8) }
        fixes.append(fix(3000, from: cafe, azimuth: 180))
        let harness = ManagerHarness(track(fixes, every: 60))
        let start = harness.clock.now
        let manager = harness.makeManager { $0.startMonitoringVisits() }
        harness.advance(by: 60 * Double(fixes.count))
        // The dwell starts with the first fix at the café (t = 180 s) and is reported 600 s later; the
        // departure is the last fix there (t = 1380 s).
        let arrival = start + 180
        #expect(
            harness.delegate.serviceEvents == [
                .visit(arrival: arrival, departure: .distantFuture), .visit(arrival: arrival, departure: start + 1380),
            ])
        let visit = try #require(harness.delegate.visits.last)
        #expect(
            CLLocation(latitude: visit.coordinate.latitude, longitude: visit.coordinate.longitude)
                .distance(from: CLLocation(latitude: cafe.latitude, longitude: cafe.longitude)) < 5)
        #expect(visit.horizontalAccuracy == 8)
        harness.on(manager) { $0.stopMonitoringVisits() }
        #expect(!harness.provider.isRunning)
    }

    /// Visits are the app's, as regions are.
    ///
    /// Apple's `startMonitoringVisits()` page: enabling visit events for one location manager enables them for every
    /// other location manager of the app. Another manager of the app, made before the start or after it, heard no
    /// visit; a stop by any of them ends the service for all.
    @Test func visitsStartedByOneManagerReachEveryManagerOfTheApp() {
        var fixes = [fix(5000, from: cafe), fix(2500, from: cafe)]
        fixes += (0...20).map { fix(Double($0 % 3) * 10, from: cafe, azimuth: Double($0) * 90, accuracy: 8) }
        fixes.append(fix(3000, from: cafe, azimuth: 180))
        let harness = ManagerHarness(track(fixes, every: 60))
        let start = harness.clock.now
        func otherManager(_ setUp: @escaping (CLLocationManager) -> Void) -> UncheckedBox<CLLocationManager> {
            harness.thread.sync {
                let manager = CLLocationManager(configuration: harness.configuration())
                setUp(manager)
                return UncheckedBox(manager)
            }
        }
        let before = RecordingDelegate()
        let after = RecordingDelegate()
        let earlier = otherManager { $0.delegate = before }
        let starter = harness.makeManager { $0.startMonitoringVisits() }
        let later = otherManager { $0.delegate = after }
        harness.advance(by: 60 * Double(fixes.count))
        let arrival = start + 180
        let visits: [DelegateEvent] = [
            .visit(arrival: arrival, departure: .distantFuture), .visit(arrival: arrival, departure: start + 1380),
        ]
        #expect(harness.delegate.serviceEvents == visits)
        #expect(before.serviceEvents == visits)
        #expect(after.serviceEvents == visits)
        harness.on(later) { $0.stopMonitoringVisits() }
        #expect(!harness.provider.isRunning)
        _ = (earlier, starter)
    }

    @Test func shortStopIsNoVisit() {
        var detector = VisitDetector()
        let start = Date(timeIntervalSince1970: 0)
        for minute in 0..<10 {
            #expect(
                detector.update(with: fix(5, from: cafe, azimuth: Double(minute * 36)), at: start + Double(minute) * 60)
                    == nil)
        }
        #expect(detector.update(with: fix(1000, from: cafe), at: start + 599) == nil)
        // A new dwell began at 1000 m: 600 s there makes an arrival.
        #expect(detector.update(with: fix(1000, from: cafe), at: start + 1198) == nil)
        #expect(detector.update(with: fix(1000, from: cafe), at: start + 1199)?.arrivalDate == start + 599)
    }

    @Test func straddlingFixNeitherJoinsNorEnds() throws {
        var detector = VisitDetector()
        let start = Date(timeIntervalSince1970: 0)
        _ = detector.update(with: fix(0, from: cafe), at: start)
        let arrived = detector.update(with: fix(10, from: cafe), at: start + 600)
        let arrival = try #require(arrived)
        #expect(arrival.departureDate == .distantFuture)
        // 150 m away but 60 m uncertain: may still be at the café.
        #expect(detector.update(with: fix(150, from: cafe, accuracy: 60), at: start + 700) == nil)
        let left = detector.update(with: fix(150, from: cafe, accuracy: 10), at: start + 800)
        let departure = try #require(left)
        #expect(departure.arrivalDate == start && departure.departureDate == start + 600)
    }

    @Test func dwellCentreIsRightAcrossTheAntimeridian() throws {
        var detector = VisitDetector()
        let start = Date(timeIntervalSince1970: 0)
        let island = CLLocationCoordinate2D(latitude: -16.5, longitude: 180)
        _ = detector.update(with: fix(30, from: island, azimuth: 90), at: start)
        let arrived = detector.update(with: fix(30, from: island, azimuth: 270), at: start + 600)
        let visit = try #require(arrived)
        #expect(abs(abs(visit.coordinate.longitude) - 180) < 1e-6)
        #expect(abs(visit.coordinate.latitude + 16.5) < 1e-6)
    }
}
