import Foundation
import SharedTestSupport
import Testing

@testable import LinuxCoreLocation

/// An updating manager whose delegate releases it in its first `didUpdateLocations`: ``box`` holds the only strong
/// reference until then, and the weak references tell what outlived it.
private final class SelfReleasingManager: @unchecked Sendable {
    let delegate = HookDelegate()
    let box = UncheckedBox<CLLocationManager?>(nil)
    weak var manager: CLLocationManager?
    weak var engine: LocationManagerEngine?

    /// Made on `queue`, or on the harness's run-loop thread when `queue` is nil; `setUp` runs after the start.
    init(
        _ harness: ManagerHarness, queue: DispatchQueue?, setUp: @escaping (CLLocationManager) -> Void = { _ in }
    ) {
        let delegate = delegate
        let make = {
            let manager = CLLocationManager(configuration: harness.configuration(queue: queue))
            manager.delegate = delegate
            manager.startUpdatingLocation()
            setUp(manager)
            return UncheckedBox(manager)
        }
        let made = queue.map { $0.sync(execute: make) } ?? harness.thread.sync(make)
        manager = made.value
        engine = made.value.engine
        box.value = made.value
        delegate.onLocations = { [box] _, _ in box.value = nil }
    }
}

/// A manager released while events for it still wait in its hop, or from inside one of its callbacks: nothing may
/// outlive it (engine, provider), and what still waits for it may change nothing (issue 17's strong mailbox handler).
@Suite struct ManagerReleaseInHopTests {
    /// A manager released in its callback, with a provider failure behind the fix in the hop, leaves nothing behind.
    ///
    /// The delegate releases the manager in its first `didUpdateLocations`; the manager, its engine and the
    /// provider must all go.
    @Test func releasedInsideCallbackWithAFailureQueuedBehind() {
        let harness = ManagerHarness([.init(at: 1, .locations([fix(1)])), .init(at: 1, .failed(CLError(.network)))])
        let queue = DispatchQueue(label: "fan-out.release-failure")
        let released = SelfReleasingManager(harness, queue: queue)
        queue.suspend()
        harness.clock.advance(by: 1)  // both events wait in one hop
        queue.resume()
        queue.sync {}
        queue.sync {}
        #expect(released.manager == nil)
        #expect(released.engine == nil)
        #expect(!harness.provider.isRunning)
        #expect(harness.provider.stopCount == 1)
        #expect(released.delegate.recorder.serviceEvents == [.locations([1])])
    }

    /// A manager released in its callback, with an authorization change behind the fix in the hop, leaves nothing.
    ///
    /// The authorization change is a block with a weak reference to the engine, which is still alive while the hop
    /// runs.
    @Test func releasedInsideCallbackWithAnAuthorizationChangeQueuedBehind() {
        let harness = ManagerHarness([.init(at: 1, .locations([fix(1)])), .init(at: 2, .locations([fix(2)]))])
        let queue = DispatchQueue(label: "fan-out.release-authorization")
        let released = SelfReleasingManager(harness, queue: queue)
        queue.suspend()
        harness.clock.advance(by: 1)
        harness.authorization.setStatus(.authorizedAlways)
        queue.resume()
        queue.sync {}
        queue.sync {}
        #expect(released.engine == nil)
        #expect(!harness.provider.isRunning)
        harness.clock.advance(by: 1)
        queue.sync {}
        #expect(released.delegate.recorder.serviceEvents == [.locations([1])])
    }

    /// A manager released in its callback with a region-changing fix behind it in the same hop: the fix of a
    /// manager that is gone must not change the app's region state silently (no manager told).
    @Test func releasedManagersQueuedFixDoesNotChangeRegionsSilently() {
        let harness = ManagerHarness([
            .init(at: 1, .locations([fixFarFromStop(1, seconds: 1)])),
            .init(at: 1, .locations([fixNearStop(1, seconds: 2)])),
        ])
        let quiet = ScriptedLocationProvider(steps: [], clock: harness.clock)
        let queueA = DispatchQueue(label: "fan-out.dead-region.A")
        let queueC = DispatchQueue(label: "fan-out.dead-region.C")
        let delegateC = RecordingDelegate()
        let released = SelfReleasingManager(harness, queue: queueA) { $0.startMonitoring(for: fanOutStopRegion) }
        let c = CLLocationManager(
            configuration: LocationManagerConfiguration(
                provider: quiet, authorization: harness.authorization, callbackQueue: queueC))
        c.delegate = delegateC
        queueC.sync { c.requestLocation() }  // any service; regions alone also subscribe it
        queueA.sync {}
        queueC.sync {}
        queueA.suspend()
        harness.clock.advance(by: 1)
        queueA.resume()
        queueA.sync {}
        queueC.sync {}
        queueC.sync {}
        let appState = harness.authorization.app.state(ofRegion: "stop")
        let told = regionEvents(delegateC.serviceEvents)
        #expect(
            told.last == .state(appState, "stop"),
            "app state \(appState.rawValue) but C was told \(told)")
        withExtendedLifetime((c, released)) {}
    }

    /// Same, with a second fix behind the first (no failure): nothing must leak.
    @Test func releasedInsideCallbackWithAFixQueuedBehind() {
        let harness = ManagerHarness([.init(at: 1, .locations([fix(1)])), .init(at: 1, .locations([fix(2)]))])
        let queue = DispatchQueue(label: "fan-out.release-fix")
        let released = SelfReleasingManager(harness, queue: queue)
        queue.suspend()
        harness.clock.advance(by: 1)
        queue.resume()
        queue.sync {}
        #expect(released.engine == nil)
        #expect(!harness.provider.isRunning)
        #expect(released.delegate.recorder.serviceEvents == [.locations([1])])
    }

    /// Released from another thread while its hop is pending: the hop runs after, with nothing to call.
    @Test func releasedFromAnotherThreadWhileHopPending() {
        let harness = ManagerHarness([.init(at: 1, .locations([fix(1)])), .init(at: 1, .failed(CLError(.network)))])
        let queue = DispatchQueue(label: "fan-out.release-pending")
        let delegate = HookDelegate()
        weak var weakEngine: LocationManagerEngine?
        var manager: CLLocationManager? = CLLocationManager(configuration: harness.configuration(queue: queue))
        manager?.delegate = delegate
        manager?.startUpdatingLocation()
        weakEngine = manager?.engine
        queue.suspend()
        harness.clock.advance(by: 1)
        manager = nil
        queue.resume()
        queue.sync {}
        #expect(weakEngine == nil)
        #expect(!harness.provider.isRunning)
        #expect(delegate.recorder.serviceEvents == [])
    }

    /// A manager on a run-loop thread released inside its callback while another manager of the same thread
    /// shares the hop batch.
    @Test func releasedInsideCallbackBesideASibling() {
        let harness = ManagerHarness([
            .init(at: 1, .locations([fix(1)])), .init(at: 1, .failed(CLError(.network))),
            .init(at: 2, .locations([fix(2)])),
        ])
        let doomed = SelfReleasingManager(harness, queue: nil)
        let sibling = harness.makeManager { $0.startUpdatingLocation() }
        // Hold the thread so both events of t=1 land in one hop.
        let held = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            harness.thread.sync {
                held.signal()
                release.wait()
            }
        }
        held.wait()
        harness.clock.advance(by: 1)
        release.signal()
        harness.thread.sync {}
        harness.advance(by: 1)
        #expect(doomed.engine == nil)
        #expect(doomed.delegate.recorder.serviceEvents == [.locations([1])])
        #expect(harness.delegate.serviceEvents == [.locations([1]), .error(.network), .locations([2])])
        harness.on(sibling) { $0.stopUpdatingLocation() }
        #expect(!harness.provider.isRunning)
    }
}
