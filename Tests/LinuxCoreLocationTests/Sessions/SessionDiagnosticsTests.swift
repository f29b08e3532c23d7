import Foundation
import Testing

@testable import LinuxCoreLocation

private let field = CLLocationCoordinate2D(latitude: 52.3731, longitude: 4.8922)

/// Waits, without blocking a cooperative thread, until `condition` holds or a million yields have passed.
private func eventually(_ condition: () -> Bool) async {
    var spins = 0
    while !condition() && spins < 1_000_000 {
        await Task.yield()
        spins += 1
    }
}

/// `CLServiceSession` and `CLBackgroundActivitySession` diagnostics, and the iOS 18 flags of
/// `CLLocationUpdate`, under grant, deny, no provider and fix lost, on a manual clock.
@Suite(.timeLimit(.minutes(3))) struct SessionDiagnosticsTests {
    @Test func serviceSessionUnderGrantThenDenyThenServicesOff() async throws {
        let gate = GatedPolicy(.grant)
        let harness = ManagerHarness(
            [.init(at: 1, .locations([fix(1)])), .init(at: 2, .fixLost)], status: .notDetermined, policy: gate.policy)
        let session = CLServiceSession(
            authorization: .whenInUse, fullAccuracyPurposeKey: nil, configuration: harness.configuration())
        var diagnostics = session.diagnostics.makeAsyncIterator()
        let asking = try #require(try await diagnostics.next())
        #expect(asking.authorizationRequestInProgress && !asking.authorizationDenied)
        gate.answer()
        let granted = try #require(try await diagnostics.next())
        #expect(!granted.authorizationRequestInProgress && !granted.authorizationDenied)
        #expect(!granted.authorizationDeniedGlobally && !granted.alwaysAuthorizationDenied)
        #expect(harness.authorization.status == .authorizedWhenInUse)
        // A lost fix is not an authorization matter: the next diagnostic is the denial that follows it.
        let manager = harness.makeManager { $0.startUpdatingLocation() }
        harness.advance(by: 2)
        #expect(harness.delegate.serviceEvents == [.locations([1]), .error(.locationUnknown)])
        harness.authorization.setStatus(.denied)
        let denied = try #require(try await diagnostics.next())
        #expect(denied.authorizationDenied && !denied.authorizationDeniedGlobally)
        harness.authorization.locationServicesEnabled = false
        let off = try #require(try await diagnostics.next())
        #expect(off.authorizationDeniedGlobally && !off.authorizationDenied)
        session.invalidate()
        #expect(try await diagnostics.next() == nil)
        _ = manager
    }

    @Test func serviceSessionUnderDeny() async throws {
        let gate = GatedPolicy(.deny)
        let harness = ManagerHarness([], status: .notDetermined, policy: gate.policy)
        let session = CLServiceSession(
            authorization: .whenInUse, fullAccuracyPurposeKey: nil, configuration: harness.configuration())
        var diagnostics = session.diagnostics.makeAsyncIterator()
        #expect(try await diagnostics.next()?.authorizationRequestInProgress == true)
        gate.answer()
        let denied = try #require(try await diagnostics.next())
        #expect(denied.authorizationDenied && !denied.authorizationRequestInProgress)
    }

    @Test func serviceSessionWithoutProviderIsDeniedGlobally() async throws {
        let harness = ManagerHarness([])
        var configuration = harness.configuration()
        configuration.withoutProvider = true
        let session = CLServiceSession(authorization: .none, fullAccuracyPurposeKey: nil, configuration: configuration)
        var diagnostics = session.diagnostics.makeAsyncIterator()
        let first = try #require(try await diagnostics.next())
        #expect(first.authorizationDeniedGlobally && !first.authorizationDenied)
    }

    @Test func alwaysSessionAfterWhenInUseAndFullAccuracyOnReducedAccuracy() async throws {
        let authorization = LocationAuthorization(
            status: .authorizedWhenInUse, accuracy: .reducedAccuracy, policy: AuthorizationPolicy { _, _ in nil })
        let configuration = LocationManagerConfiguration(
            provider: ScriptedLocationProvider(steps: [], clock: ManualClock()), authorization: authorization)
        let session = CLServiceSession(
            authorization: .always, fullAccuracyPurposeKey: "Navigation", configuration: configuration)
        var diagnostics = session.diagnostics.makeAsyncIterator()
        var latest = try #require(try await diagnostics.next())
        while latest.authorizationRequestInProgress { latest = try #require(try await diagnostics.next()) }
        #expect(latest.alwaysAuthorizationDenied && latest.fullAccuracyDenied && !latest.authorizationDenied)
    }

    @Test func backgroundSessionReportsTheSameAuthorization() async throws {
        let harness = ManagerHarness([], status: .authorizedWhenInUse)
        let session = CLBackgroundActivitySession(configuration: harness.configuration())
        var diagnostics = session.diagnostics.makeAsyncIterator()
        let first = try #require(try await diagnostics.next())
        #expect(!first.authorizationDenied && !first.insufficientlyInUse && !first.serviceSessionRequired)
        harness.authorization.setStatus(.restricted)
        #expect(try await diagnostics.next()?.authorizationRestricted == true)
        session.invalidate()
        #expect(try await diagnostics.next() == nil)
    }

    @Test func liveUpdateFlagsUnderGrantAndFixLost() async throws {
        let gate = GatedPolicy(.grant)
        let steps: [ScriptedLocationProvider.Step] = [
            .init(at: 1, .locations([fix(1, from: field)])), .init(at: 2, .fixLost),
            .init(at: 3, .locations([fix(3, from: field)])),
        ]
        let harness = ManagerHarness(steps, status: .notDetermined, policy: gate.policy)
        var updates = CLLocationUpdate.liveUpdates(managerConfiguration: harness.configuration()).makeAsyncIterator()
        let asking = try #require(try await updates.next())
        #expect(asking.location == nil && asking.authorizationRequestInProgress)
        gate.answer()
        await eventually { harness.provider.isRunning }
        harness.clock.advance(by: 3)
        let first = try #require(try await updates.next())
        #expect(first.location?.coordinate.latitude == fix(1, from: field).coordinate.latitude)
        #expect(!first.locationUnavailable && !first.authorizationRequestInProgress && !first.stationary)
        let lost = try #require(try await updates.next())
        #expect(lost.location == nil && lost.locationUnavailable && !lost.authorizationDenied)
        let back = try #require(try await updates.next())
        #expect(back.location != nil && !back.locationUnavailable)
    }

    @Test func liveUpdateFlagsUnderDeny() async throws {
        let gate = GatedPolicy(.deny)
        let harness = ManagerHarness([.init(at: 1, .locations([fix(1)]))], status: .notDetermined, policy: gate.policy)
        var updates = CLLocationUpdate.liveUpdates(managerConfiguration: harness.configuration()).makeAsyncIterator()
        #expect(try await updates.next()?.authorizationRequestInProgress == true)
        gate.answer()
        let denied = try #require(try await updates.next())
        #expect(denied.location == nil && denied.authorizationDenied && !denied.authorizationDeniedGlobally)
        harness.clock.advance(by: 1)
        #expect(!harness.provider.isRunning)
    }

    @Test func liveUpdateFlagsWithoutProvider() async throws {
        let harness = ManagerHarness([], status: .authorizedWhenInUse)
        var configuration = harness.configuration()
        configuration.withoutProvider = true
        var updates = CLLocationUpdate.liveUpdates(managerConfiguration: configuration).makeAsyncIterator()
        let first = try #require(try await updates.next())
        #expect(first.location == nil && first.authorizationDeniedGlobally && !first.locationUnavailable)
    }
}
