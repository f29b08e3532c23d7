import Foundation
import Testing

@testable import LinuxCoreLocation

private let origin = CLLocationCoordinate2D(latitude: 45, longitude: 6)

@Suite struct SignificantChangeTests {
    @Test func filterNeedsBothDistanceAndInterval() {
        var filter = SignificantChangeFilter()
        let start = Date(timeIntervalSince1970: 0)
        func accept(_ metres: Double, at seconds: TimeInterval) -> Bool {
            filter.accept(
                fix(metres, from: origin), at: start + seconds, minimumDistance: 500, minimumInterval: 300)
        }
        #expect(accept(0, at: 0))  // the first fix
        #expect(!accept(499, at: 400))  // far enough in time, not in distance
        #expect(!accept(800, at: 299))  // far enough, too soon after the last delivery (at 0)
        #expect(accept(501, at: 300))
        #expect(!accept(1000, at: 500))  // 499 m from 501
        #expect(accept(1002, at: 600))
    }

    @Test func driveDeliversOnlyAfter500MetresAnd5Minutes() {
        // Offsets in seconds and distances in metres along a road heading north.
        let drive: [(TimeInterval, Double)] = [
            (10, 0), (100, 499), (200, 600), (309, 600), (310, 600), (700, 1099), (710, 1100.5),
        ]
        let fixes = drive.map { fix($0.1, from: origin, accuracy: 100) }
        let harness = ManagerHarness(zip(drive, fixes).map { .init(at: $0.0.0, .locations([$0.1])) })
        let manager = harness.makeManager { manager in
            manager.distanceFilter = 10_000  // ignored by this service
            manager.desiredAccuracy = kCLLocationAccuracyBest  // 100 m fixes still count
            manager.startMonitoringSignificantLocationChanges()
        }
        harness.advance(by: 800)
        let expected = [0, 4, 6].map { DelegateEvent.locations([fixes[$0].coordinate.latitude]) }
        #expect(harness.delegate.serviceEvents == expected)
        harness.on(manager) { $0.stopMonitoringSignificantLocationChanges() }
        #expect(!harness.provider.isRunning)
    }

    @Test func linuxSettingsChangeTheFigures() {
        let fixes = [0, 50, 150, 160].map { fix(Double($0), from: origin) }
        let harness = ManagerHarness(track(fixes, every: 1))
        let manager = harness.makeManager { manager in
            manager.significantChangeDistance = 100
            manager.significantChangeInterval = 0
            manager.startMonitoringSignificantLocationChanges()
        }
        harness.advance(by: 4)
        let expected = [0, 2].map { DelegateEvent.locations([fixes[$0].coordinate.latitude]) }
        #expect(harness.delegate.serviceEvents == expected)
        #expect(harness.thread.sync { manager.value.significantChangeDistance } == 100)
    }

    @Test func defaultsAreApplesFigures() {
        let harness = ManagerHarness([])
        let manager = harness.makeManager()
        #expect(harness.thread.sync { manager.value.significantChangeDistance } == 500)
        #expect(harness.thread.sync { manager.value.significantChangeInterval } == 300)
    }

    @Test func withStandardUpdatesEachFixIsDeliveredOnce() {
        let fixes = [0, 100, 700].map { fix(Double($0), from: origin) }
        let harness = ManagerHarness(track(fixes, every: 400))
        let manager = harness.makeManager { manager in
            manager.startUpdatingLocation()
            manager.startMonitoringSignificantLocationChanges()
        }
        harness.advance(by: 1200)
        // Standard updates take all three; the significant-change service accepts the first and the third.
        let expected = fixes.map { DelegateEvent.locations([$0.coordinate.latitude]) }
        #expect(harness.delegate.serviceEvents == expected)
        // With standard updates stopped, the significant-change service goes on from its own last fix (700 m).
        harness.on(manager) { $0.stopUpdatingLocation() }
        #expect(harness.provider.isRunning)
    }
}
