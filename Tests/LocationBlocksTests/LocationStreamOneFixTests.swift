import Foundation
import LinuxCoreLocation
import Testing

@testable import LocationBlocks

/// MMPReactiveCoreLocation's `location` and `significantLocationChange`: one fix, then the service stops.
///
/// Three minutes, as ``LocationStreamTests``: a lost event fails the test instead of hanging the run.
@Suite(.timeLimit(.minutes(3))) struct LocationStreamOneFixTests {
    @Test func locationReturnsTheFirstFixThatPassesThenStopsTheProvider() async throws {
        let harness = BlocksHarness(
            [
                .init(at: 1, .fixLost),  // transient: the wait goes on
                .init(at: 2, .locations([fix(1, accuracy: 80, at: 2), fix(2, accuracy: 10, at: 2)])),
                .init(at: 3, .locations([fix(3, accuracy: 10, at: 3)])),
            ], status: .notDetermined)
        let streams = harness.makeStreams()
        let (task, granted) = await streams.startedTask { try await streams.location(accuracyFilter: 50) }
        #expect(granted == .authorizedWhenInUse)  // asked "when in use", as MMP does for locations
        #expect(harness.provider.isRunning)
        harness.advance(by: 3)
        #expect(try await task.value.coordinate.latitude == 2)
        #expect(!harness.provider.isRunning && harness.provider.stopCount == 1)
    }

    @Test func significantLocationChangeAsksForAlwaysAndReturnsTheFirstChange() async throws {
        let harness = BlocksHarness(
            [.init(at: 1, .locations([fix(1, at: 1)])), .init(at: 2, .locations([fix(5, at: 2)]))],
            status: .notDetermined)
        let streams = harness.makeStreams()
        let (task, granted) = await streams.startedTask { try await streams.significantLocationChange() }
        #expect(granted == .authorizedAlways)
        harness.advance(by: 2)
        #expect(try await task.value.coordinate.latitude == 1)
        #expect(!harness.provider.isRunning && harness.provider.stopCount == 1)
    }

    /// Refused when asked, or denied or restricted already: `CLError(.denied)`, and no provider ever runs.
    @Test(arguments: [
        (CLAuthorizationStatus.notDetermined, false), (.notDetermined, true), (.denied, false), (.restricted, true),
    ]) func aOneFixCallThrowsDeniedWhenAuthorizationIsRefused(status: CLAuthorizationStatus, significant: Bool) async {
        let harness = BlocksHarness([.init(at: 1, .locations([fix(1, at: 1)]))], status: status, policy: .deny)
        let streams = harness.makeStreams()
        let error = await #expect(throws: CLError.self) {
            significant ? try await streams.significantLocationChange() : try await streams.location()
        }
        #expect(error?.code == .denied)
        harness.advance(by: 1)
        #expect(harness.provider.startCount == 0)
    }

    @Test func cancellingTheTaskThrowsCancellationErrorAndStopsTheProvider() async {
        let harness = BlocksHarness([], status: .notDetermined)
        let streams = harness.makeStreams()
        let (task, _) = await streams.startedTask { try await streams.location() }
        #expect(harness.provider.isRunning)
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(!harness.provider.isRunning && harness.provider.stopCount == 1)
    }

    @Test func aTaskCancelledBeforehandStartsNothing() async {
        let harness = BlocksHarness([])
        let streams = harness.makeStreams()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await streams.significantLocationChange()
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(harness.provider.startCount == 0)
    }

    /// A replay that ends before a fix, or a provider that fails, ends the wait with an error: never a hang.
    @Test(arguments: [
        (LocationProviderEvent.finished, CLError.Code.locationUnknown), (.failed(CLError(.network)), .network),
    ]) func aOneFixCallEndsWhenTheProviderCannotGiveAFix(event: LocationProviderEvent, expected: CLError.Code) async {
        let harness = BlocksHarness([.init(at: 1, event)], status: .notDetermined)
        let streams = harness.makeStreams()
        let (task, _) = await streams.startedTask { try await streams.location() }
        harness.advance(by: 1)
        let error = await #expect(throws: CLError.self) { try await task.value }
        #expect(error?.code == expected)
        #expect(!harness.provider.isRunning)
    }
}
