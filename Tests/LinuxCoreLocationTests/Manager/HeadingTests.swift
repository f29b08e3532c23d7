import Foundation
import Testing

@testable import LinuxCoreLocation

private func headings(_ degrees: [Double]) -> [ScriptedLocationProvider.Step] {
    degrees.enumerated().map {
        .init(
            at: Double($0.offset + 1),
            .heading(
                CLHeading(
                    magneticHeading: $0.element, trueHeading: $0.element, headingAccuracy: 2,
                    timestamp: Date(timeIntervalSince1970: 0))))
    }
}

/// Plays `degrees` as headings to a manager set up by `setUp`, returning the delivered true headings.
private func delivered(_ degrees: [Double], _ setUp: @escaping (CLLocationManager) -> Void) -> [DelegateEvent] {
    let harness = ManagerHarness(headings(degrees), capabilities: [.location, .heading])
    let manager = harness.makeManager { manager in
        setUp(manager)
        manager.startUpdatingHeading()
    }
    harness.advance(by: Double(degrees.count))
    _ = manager
    return harness.delegate.serviceEvents
}

@Suite struct HeadingTests {
    /// A provider failure reaches a manager that uses the provider for headings only: it was dropped unless
    /// location updates ran (found translating INTULocationManager's "support becomes unavailable" test).
    @Test func aHeadingOnlyManagerHearsTheProvidersFailure() {
        var steps = headings([90])
        steps.append(.init(at: 2, .failed(CLError(.network))))
        let harness = ManagerHarness(steps, capabilities: [.location, .heading])
        let manager = harness.makeManager { $0.startUpdatingHeading() }
        harness.advance(by: 2)
        _ = manager
        #expect(harness.delegate.serviceEvents == [.heading(90), .error(.network)])
    }

    @Test func angularDistanceIsTheSmallerAngle() {
        #expect(LocationManagerEngine.angularDistance(0, 359) == 1)
        #expect(LocationManagerEngine.angularDistance(10, 190) == 180)
        #expect(LocationManagerEngine.angularDistance(350, 10) == 20)
        #expect(LocationManagerEngine.angularDistance(720, 0) == 0)
    }

    @Test func filterThresholdIsInclusive() {
        let events = delivered([0, 4.999, 5, 9.5, 10, 355]) { $0.headingFilter = 5 }
        #expect(events == [.heading(0), .heading(5), .heading(10), .heading(355)])
    }

    @Test func defaultFilterIsOneDegree() {
        let events = delivered([100, 100.5, 101, 101.9, 102]) { _ in }
        #expect(events == [.heading(100), .heading(101), .heading(102)])
    }

    @Test func noFilterDeliversEveryHeading() {
        let events = delivered([10, 10, 10.5]) { $0.headingFilter = kCLHeadingFilterNone }
        #expect(events == [.heading(10), .heading(10), .heading(10.5)])
    }

    @Test func orientationIsStoredAndLeavesHeadingsUnchanged() {
        var orientation = CLDeviceOrientation.unknown
        let events = delivered([90, 180]) { manager in
            manager.headingOrientation = .landscapeLeft
            orientation = manager.headingOrientation
        }
        #expect(orientation == .landscapeLeft)
        #expect(events == [.heading(90), .heading(180)])
    }

    /// A compass that knows magnetic north only is filtered on its magnetic heading.
    ///
    /// Such a compass (NMEA HDM, or HDG without a variation) reports `trueHeading` −1. The filter compared the
    /// invalid true headings, which never differ, and delivered the first heading and nothing after it.
    @Test func aMagneticOnlyCompassIsFilteredOnItsMagneticHeading() {
        let steps = [10.0, 10.5, 20, 30].enumerated().map { step -> ScriptedLocationProvider.Step in
            .init(
                at: Double(step.offset + 1),
                .heading(
                    CLHeading(
                        magneticHeading: step.element, trueHeading: -1, headingAccuracy: 2,
                        timestamp: Date(timeIntervalSince1970: 0))))
        }
        let harness = ManagerHarness(steps, capabilities: [.location, .heading])
        let compass = MagneticHeadings()
        let manager = harness.makeManager { manager in
            manager.delegate = compass
            manager.startUpdatingHeading()
        }
        harness.advance(by: 4)
        _ = manager
        #expect(compass.received == [10, 20, 30])
    }

    @Test func headingChangeUsesTrueThenMagneticThenDelivers() {
        func heading(_ magnetic: Double, _ trueHeading: Double) -> CLHeading {
            CLHeading(magneticHeading: magnetic, trueHeading: trueHeading, headingAccuracy: 2, timestamp: Date())
        }
        #expect(LocationManagerEngine.headingChange(from: heading(100, 10), to: heading(300, 12)) == 2)
        #expect(LocationManagerEngine.headingChange(from: heading(100, -1), to: heading(103, 12)) == 3)
        #expect(LocationManagerEngine.headingChange(from: heading(-1, 10), to: heading(100, -1)) == .infinity)
    }

    /// A start after a stop delivers its first heading whatever the filter.
    ///
    /// Apple's `startUpdatingHeading()` page: calling `stopUpdatingHeading()` in between causes a new initial event
    /// the next time the service starts. The filter measured from the last heading before the stop, and dropped 10.5.
    @Test func aStartAfterAStopDeliversItsFirstHeading() {
        let harness = ManagerHarness(headings([10, 10.5, 10.7]), capabilities: [.location, .heading])
        let manager = harness.makeManager {
            $0.startUpdatingLocation()  // keeps the provider, and its script, running across the heading's restart
            $0.startUpdatingHeading()
        }
        harness.advance(by: 1)
        harness.on(manager) {
            $0.stopUpdatingHeading()
            $0.startUpdatingHeading()
        }
        harness.advance(by: 2)
        #expect(harness.delegate.serviceEvents == [.heading(10), .heading(10.5)])
        #expect(harness.thread.sync { manager.value.heading?.trueHeading } == 10.5)
        #expect(harness.provider.startCount == 1)
    }

    @Test func noHeadingAfterStop() {
        let harness = ManagerHarness(headings([10, 50, 90]), capabilities: [.location, .heading])
        let manager = harness.makeManager { $0.startUpdatingHeading() }
        harness.advance(by: 1)
        harness.on(manager) { $0.stopUpdatingHeading() }
        harness.advance(by: 5)
        #expect(harness.delegate.serviceEvents == [.heading(10)])
        #expect(!harness.provider.isRunning)
    }
}

/// Records the magnetic headings delivered.
private final class MagneticHeadings: NSObject, CLLocationManagerDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var headings: [CLLocationDirection] = []
    var received: [CLLocationDirection] { lock.withLock { headings } }

    func locationManager(_ manager: CLLocationManager, didUpdateHeading newHeading: CLHeading) {
        lock.withLock { headings.append(newHeading.magneticHeading) }
    }
}
