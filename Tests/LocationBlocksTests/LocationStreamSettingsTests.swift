import Foundation
import LinuxCoreLocation
import SharedTestSupport
import Testing

@testable import LocationBlocks

/// MMPReactiveCoreLocation's chained settings: `distanceFilter`, `desiredAccuracy`, `activityType`,
/// `pauseLocationUpdatesAutomatically` / `pauseLocationUpdatesManually`, `headingFilter`.
@Suite(.timeLimit(.minutes(3))) struct LocationStreamSettingsTests {
    typealias Settings = (
        distanceFilter: CLLocationDistance, desiredAccuracy: CLLocationAccuracy, activityType: CLActivityType,
        pauses: Bool
    )

    static func settings(of manager: CLLocationManager) -> Settings {
        (
            manager.distanceFilter, manager.desiredAccuracy, manager.activityType,
            manager.pausesLocationUpdatesAutomatically
        )
    }

    @Test func theSettingsStartAtMMPsDefaultsAndReachBothManagers() {
        let harness = BlocksHarness([])
        let streams = harness.makeStreams()
        let managers = [UncheckedBox(streams.updates), UncheckedBox(streams.significant)]
        // MMP's defaults: pauses automatically, no distance filter, best accuracy, activity "other".
        #expect(streams.distanceFilter == kCLDistanceFilterNone)
        #expect(streams.desiredAccuracy == kCLLocationAccuracyBest)
        #expect(streams.activityType == .other)
        #expect(streams.pausesLocationUpdatesAutomatically)
        for manager in managers {
            #expect(
                harness.on(manager, Self.settings) == (kCLDistanceFilterNone, kCLLocationAccuracyBest, .other, true))
        }
        streams.distanceFilter = 250
        streams.desiredAccuracy = kCLLocationAccuracyBestForNavigation
        streams.activityType = .fitness
        streams.pausesLocationUpdatesAutomatically = false  // MMP's pauseLocationUpdatesManually
        for manager in managers {
            #expect(harness.on(manager, Self.settings) == (250, kCLLocationAccuracyBestForNavigation, .fitness, false))
        }
        #expect(streams.distanceFilter == 250 && streams.activityType == .fitness)
        #expect(streams.desiredAccuracy == kCLLocationAccuracyBestForNavigation)
        #expect(!streams.pausesLocationUpdatesAutomatically)
    }

    /// A fix every 100 s at one spot for 700 s, then one 2.2 km away at 800 s; the offsets delivered.
    ///
    /// With MMP's defaults updates pause after 300 s of standing still ("other") and resume with the move; for
    /// fitness after 600 s; paused manually, every fix comes; a 1 km distance filter lets only the move through.
    @Test(arguments: [
        (kCLDistanceFilterNone, CLActivityType.other, true, [0.0, 100, 200, 800]),
        (kCLDistanceFilterNone, .fitness, true, [0, 100, 200, 300, 400, 500, 800]),
        (kCLDistanceFilterNone, .other, false, [0, 100, 200, 300, 400, 500, 600, 700, 800]),
        (1000, .other, false, [0, 800]),
    ]) func theSettingsShapeTheLocations(
        distanceFilter: CLLocationDistance, activityType: CLActivityType, pauses: Bool, expected: [TimeInterval]
    ) async {
        let standing = stride(from: 0.0, through: 700, by: 100).map { at in
            ScriptedLocationProvider.Step(at: at, .locations([fix(1, at: at)]))
        }
        let harness = BlocksHarness(standing + [.init(at: 800, .locations([fix(1.02, at: 800)]))])
        let streams = harness.makeStreams()
        if distanceFilter != kCLDistanceFilterNone { streams.distanceFilter = distanceFilter }
        if activityType != .other { streams.activityType = activityType }
        if !pauses { streams.pausesLocationUpdatesAutomatically = false }
        var iterator = streams.locations().makeAsyncIterator()
        harness.advance(by: 800)
        var offsets: [TimeInterval] = []
        for _ in expected {
            if let fix = await iterator.next() { offsets.append(fix.timestamp.timeIntervalSince(clockStart)) }
        }
        #expect(offsets == expected)
    }

    /// MMP's `headingFilter:`, on headings of 0°, 5°, 12° and 14°, one a second.
    ///
    /// Its default, 1° (Core Location's too), lets every one through; a 10° filter only those 10° or more from the
    /// last one delivered.
    @Test(arguments: [(nil, [0.0, 5, 12, 14]), (10, [0, 12])] as [(CLLocationDegrees?, [CLLocationDirection])])
    func theHeadingFilterShapesTheHeadings(filter: CLLocationDegrees?, expected: [CLLocationDirection]) async {
        let degrees: [CLLocationDirection] = [0, 5, 12, 14]
        let harness = BlocksHarness(
            degrees.enumerated().map { .init(at: TimeInterval($0.offset), .heading(heading($0.element))) },
            capabilities: [.location, .heading])
        let streams = harness.makeStreams()
        #expect(streams.headingFilter == 1)
        if let filter { streams.headingFilter = filter }
        #expect(harness.on(UncheckedBox(streams.updates)) { $0.headingFilter } == (filter ?? 1))
        var iterator = streams.headings().makeAsyncIterator()
        harness.advance(by: 3)
        var delivered: [CLLocationDirection] = []
        for _ in expected {
            if let heading = await iterator.next() { delivered.append(heading.trueHeading) }
        }
        #expect(delivered == expected)
    }
}
