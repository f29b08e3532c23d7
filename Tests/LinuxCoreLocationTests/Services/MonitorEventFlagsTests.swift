import Foundation
import Testing

@testable import LinuxCoreLocation

private let gate = CLLocationCoordinate2D(latitude: 35.6586, longitude: 139.7454)

/// A condition type Linux cannot decide.
private struct UndecidableCondition: CLCondition {}

/// The iOS 18 flags of `CLMonitor.Event`, set from what the engine knows (issue 20, finding 5).
@Suite(.timeLimit(.minutes(3))) struct MonitorEventFlagsTests {
    @Test func grantedEventsCarryNoObstacle() async throws {
        let harness = ManagerHarness(track([fix(500, from: gate)]))
        let queue = DispatchQueue(label: "MonitorEventFlagsTests")
        let monitor = CLMonitor("granted", configuration: harness.configuration(queue: queue))
        await monitor.add(CLMonitor.CircularGeographicCondition(center: gate, radius: 100), identifier: "gate")
        harness.clock.advance(by: 60)
        queue.sync {}
        var iterator = await monitor.events.makeAsyncIterator()
        let event = try #require(try await iterator.next())
        #expect(event.state == .unsatisfied)
        #expect(!event.authorizationDenied && !event.authorizationDeniedGlobally && !event.authorizationRestricted)
        #expect(!event.authorizationRequestInProgress && !event.accuracyLimited && !event.conditionUnsupported)
        #expect(!event.conditionLimitExceeded && !event.insufficientlyInUse && !event.serviceSessionRequired)
        #expect(event.persistenceUnavailable)
    }

    @Test func denialAndTheSwitchAreReportedForEveryRecord() async throws {
        let harness = ManagerHarness([])
        let queue = DispatchQueue(label: "MonitorEventFlagsTests")
        let monitor = CLMonitor("denied", configuration: harness.configuration(queue: queue))
        await monitor.add(
            CLMonitor.CircularGeographicCondition(center: gate, radius: 100), identifier: "gate",
            assuming: .satisfied)
        harness.authorization.setStatus(.denied)
        queue.sync {}
        harness.authorization.setStatus(.authorizedWhenInUse)
        queue.sync {}
        harness.authorization.locationServicesEnabled = false
        queue.sync {}
        var iterator = await monitor.events.makeAsyncIterator()
        let denied = try #require(try await iterator.next())
        #expect(denied.state == .satisfied && denied.authorizationDenied && !denied.authorizationDeniedGlobally)
        let granted = try #require(try await iterator.next())
        #expect(granted.state == .satisfied && !granted.authorizationDenied && !granted.authorizationDeniedGlobally)
        let off = try #require(try await iterator.next())
        #expect(off.state == .satisfied && off.authorizationDeniedGlobally && !off.authorizationDenied)
        #expect(await monitor.record(for: "gate")?.lastEvent.authorizationDeniedGlobally == true)
    }

    @Test func reducedAccuracyAndUnsupportedConditions() async throws {
        let harness = ManagerHarness([])
        let authorization = LocationAuthorization(status: .authorizedWhenInUse, accuracy: .reducedAccuracy)
        let configuration = LocationManagerConfiguration(provider: harness.provider, authorization: authorization)
        let monitor = CLMonitor("reduced", configuration: configuration)
        await monitor.add(UndecidableCondition(), identifier: "odd")
        var iterator = await monitor.events.makeAsyncIterator()
        let event = try #require(try await iterator.next())
        #expect(event.state == .unmonitored && event.conditionUnsupported && event.accuracyLimited)
        await monitor.add(CLMonitor.BeaconIdentityCondition(uuid: UUID()), identifier: "beacon")
        #expect(await monitor.record(for: "beacon")?.lastEvent.conditionUnsupported == false)
    }
}
