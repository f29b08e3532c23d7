import Foundation
import Testing

@testable import LinuxCoreLocation

private let gate = CLLocationCoordinate2D(latitude: 35.6586, longitude: 139.7454)

/// A condition Linux cannot monitor.
private struct BeaconLikeCondition: CLCondition {}

/// Async tests wait on sequences: a lost event must fail the test in minutes, not hang the run.
///
/// Three minutes, not one: on a two-core machine the blocking integration tests can hold both cooperative
/// threads for a minute, and an awaiting test resumes only when one is free.
@Suite(.timeLimit(.minutes(3))) struct MonitorTests {
    @Test func eventsFollowTheWalkWithHysteresis() async throws {
        let walk: [Double] = [300, 95, 105, 80, 104, 97, 112, 300]
        let harness = ManagerHarness(track(walk.map { fix($0, from: gate, azimuth: 30, accuracy: 10) }))
        let queue = DispatchQueue(label: "MonitorTests")
        let monitor = CLMonitor("gates", configuration: harness.configuration(queue: queue))
        await monitor.add(CLMonitor.CircularGeographicCondition(center: gate, radius: 100), identifier: "gate")
        #expect(harness.provider.isRunning)
        let start = harness.clock.now
        harness.clock.advance(by: 60 * Double(walk.count))
        queue.sync {}  // every fix has been decided
        var iterator = await monitor.events.makeAsyncIterator()
        var events: [CLMonitor.Event] = []
        for _ in 0..<3 { events.append(try #require(try await iterator.next())) }
        #expect(events.map(\.state) == [.unsatisfied, .satisfied, .unsatisfied])
        #expect(events.allSatisfy { $0.identifier == "gate" && $0.refinement == nil })
        #expect(events[0].date >= start)
        let record = try #require(await monitor.record(for: "gate"))
        #expect(record.lastEvent.state == .unsatisfied)
        #expect((record.condition as? CLMonitor.CircularGeographicCondition)?.radius == 100)
        #expect(await monitor.identifiers == ["gate"])
        await monitor.remove("gate")
        #expect(await monitor.identifiers.isEmpty)
        #expect(await monitor.record(for: "gate") == nil)
        #expect(!harness.provider.isRunning)
    }

    @Test func assumedStateSuppressesTheFirstEvent() async throws {
        let harness = ManagerHarness(track([fix(500, from: gate), fix(0, from: gate)]))
        let queue = DispatchQueue(label: "MonitorTests")
        let monitor = CLMonitor("assume", configuration: harness.configuration(queue: queue))
        let condition = CLMonitor.CircularGeographicCondition(center: gate, radius: 100)
        await monitor.add(condition, identifier: "gate", assuming: .unsatisfied)
        #expect(await monitor.record(for: "gate")?.lastEvent.state == .unsatisfied)
        harness.clock.advance(by: 120)
        queue.sync {}
        var iterator = await monitor.events.makeAsyncIterator()
        let first = try #require(try await iterator.next())
        #expect(first.state == .satisfied)
    }

    /// A condition added while the monitor already runs updates is decided from the last fix, as iOS reports
    /// the state of a new condition: a provider that reports only changes sends no other fix while the device
    /// stands still.
    @Test func conditionAddedWhileUpdatingIsDecidedFromTheLastFix() async throws {
        let harness = ManagerHarness(track([fix(500, from: gate)]))
        let queue = DispatchQueue(label: "MonitorTests")
        let monitor = CLMonitor("late", configuration: harness.configuration(queue: queue))
        let near = CLMonitor.CircularGeographicCondition(center: gate, radius: 100)
        await monitor.add(near, identifier: "gate", assuming: .unsatisfied)
        harness.clock.advance(by: 120)
        queue.sync {}  // the only fix, 500 m out, has been decided: no event, as assumed
        let wide = CLMonitor.CircularGeographicCondition(center: gate, radius: 1000)
        await monitor.add(wide, identifier: "district")
        queue.sync {}
        try #require(await monitor.record(for: "district")?.lastEvent.state == .satisfied)
        var iterator = await monitor.events.makeAsyncIterator()
        let event = try #require(try await iterator.next())
        #expect(event.identifier == "district" && event.state == .satisfied)
        #expect(await monitor.record(for: "gate")?.lastEvent.state == .unsatisfied)
    }

    @Test func unsupportedConditionIsUnmonitored() async throws {
        let harness = ManagerHarness([])
        let monitor = CLMonitor("beacons", configuration: harness.configuration())
        await monitor.add(BeaconLikeCondition(), identifier: "beacon")
        var iterator = await monitor.events.makeAsyncIterator()
        #expect(try await iterator.next()?.state == .unmonitored)
        #expect(await monitor.record(for: "beacon")?.lastEvent.state == .unmonitored)
        #expect(!harness.provider.isRunning)
    }

    @Test func sameIdentifierReplacesTheCondition() async throws {
        let harness = ManagerHarness([])
        let monitor = CLMonitor("replace", configuration: harness.configuration())
        await monitor.add(CLMonitor.CircularGeographicCondition(center: gate, radius: 100), identifier: "a")
        await monitor.add(CLMonitor.CircularGeographicCondition(center: gate, radius: 250), identifier: "a")
        #expect(await monitor.identifiers == ["a"])
        let condition = await monitor.record(for: "a")?.condition as? CLMonitor.CircularGeographicCondition
        #expect(condition?.radius == 250)
    }

    /// Ported code names the state by its Objective-C type, `CLMonitoringState`, which Apple's
    /// `add(_:identifier:assuming:)` takes (`CLMonitor.Event.State` is the same type).
    @Test func monitoringStateIsTheEventState() async throws {
        let harness = ManagerHarness([])
        let monitor = CLMonitor("states", configuration: harness.configuration())
        let assumed: CLMonitoringState = .satisfied
        let condition = CLMonitor.CircularGeographicCondition(center: gate, radius: 100)
        await monitor.add(condition, identifier: "a", assuming: assumed)
        let state: CLMonitoringState = try #require(await monitor.record(for: "a")).lastEvent.state
        #expect(state == .satisfied)
        #expect([CLMonitoringState.unknown, .satisfied, .unsatisfied, .unmonitored].map(\.rawValue) == [0, 1, 2, 3])
    }

    @Test func circularConditionRoundTripsThroughJSON() throws {
        let condition = CLMonitor.CircularGeographicCondition(center: gate, radius: 42.5)
        let decoded = try JSONDecoder().decode(
            CLMonitor.CircularGeographicCondition.self, from: JSONEncoder().encode(condition))
        #expect(decoded.center.latitude == gate.latitude && decoded.center.longitude == gate.longitude)
        #expect(decoded.radius == 42.5)
    }
}
