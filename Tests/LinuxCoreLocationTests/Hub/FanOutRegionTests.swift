import Foundation
import SharedTestSupport
import Testing

@testable import LinuxCoreLocation

/// Region monitoring across managers of one provider on several threads: started after fixes flowed, and no region
/// event before the fix that caused it.
@Suite struct FanOutRegionTests {
    /// Monitoring started by one of two updating managers after fixes flowed gives both the region's state once.
    ///
    /// The managers are on a thread and a queue; the start comes after their first fixes.
    @Test func regionMonitoringStartedAfterFixesFlowed() {
        let harness = ManagerHarness([
            .init(at: 1, .locations([fixFarFromStop(1, seconds: 1)])),
            .init(at: 2, .locations([fixFarFromStop(2, seconds: 2)])),
            .init(at: 3, .locations([fixNearStop(1, seconds: 3)])),
            .init(at: 4, .locations([fixNearStop(2, seconds: 4)])),
        ])
        let queue = DispatchQueue(label: "fan-out.regions-late")
        let a = harness.makeManager { $0.startUpdatingLocation() }
        let (b, other) = harness.updatingManagers(1, on: queue)[0]
        harness.advance(by: 2)
        queue.sync {}
        harness.on(a) { $0.startMonitoring(for: fanOutStopRegion) }
        harness.advance(by: 1)
        queue.sync {}
        harness.thread.sync {}
        harness.advance(by: 1)
        queue.sync {}
        harness.thread.sync {}
        #expect(regionEvents(harness.delegate.serviceEvents) == [.state(.inside, "stop")])
        #expect(regionEvents(other.serviceEvents) == [.state(.inside, "stop")])
        withExtendedLifetime(b) {}
    }

    /// As above, plus a third manager with a delegate but no service, on another thread: it joins the provider
    /// when the region is added, and gets the provider's latest (far) fix.
    @Test func regionMonitoringStartedAfterFixesFlowedWithAListenerOnly() {
        let harness = ManagerHarness([
            .init(at: 1, .locations([fixFarFromStop(1, seconds: 1)])),
            .init(at: 2, .locations([fixFarFromStop(2, seconds: 2)])),
            .init(at: 3, .locations([fixNearStop(1, seconds: 3)])),
            .init(at: 4, .locations([fixFarFromStop(3, seconds: 4)])),
        ])
        let queue = DispatchQueue(label: "fan-out.regions-listener")
        let listener = RecordingDelegate()
        let listenerThread = CallbackThread()
        defer { listenerThread.stop() }
        let a = harness.makeManager { $0.startUpdatingLocation() }
        let (b, other) = harness.updatingManagers(1, on: queue)[0]
        let c = listenerThread.sync {
            let manager = CLLocationManager(configuration: harness.configuration())
            manager.delegate = listener
            return UncheckedBox(manager)
        }
        harness.advance(by: 2)
        queue.sync {}
        harness.on(a) { $0.startMonitoring(for: fanOutStopRegion) }
        let drain = {
            for _ in 0..<2 {
                queue.sync {}
                harness.thread.sync {}
                listenerThread.sync {}
            }
        }
        drain()
        harness.advance(by: 1)
        drain()
        harness.advance(by: 1)
        drain()
        // The entered event comes only for a change from a known state.
        let expected: [DelegateEvent] = [
            .state(.outside, "stop"), .state(.inside, "stop"), .entered("stop"), .state(.outside, "stop"),
            .exited("stop"),
        ]
        #expect(regionEvents(harness.delegate.serviceEvents) == expected)
        #expect(regionEvents(other.serviceEvents) == expected)
        #expect(regionEvents(listener.serviceEvents) == expected)
        withExtendedLifetime((b, c)) {}
    }

    /// No manager sees the region's state before the fix that decided it.
    ///
    /// Two queues of 150 managers each, one fix entering the region, four times; the hub wakes the first queue
    /// before the second has the fix, so a region event shared too early would overtake it.
    @Test func noRegionEventBeforeItsFixAcrossManyManagers() {
        var overtaken = 0
        var total = 0
        var kinds: [String: Int] = [:]
        for _ in 0..<4 {
            let harness = ManagerHarness([.init(at: 1, .locations([fixNearStop(1, seconds: 1)]))])
            let queues = [DispatchQueue(label: "fan-out.many.A"), DispatchQueue(label: "fan-out.many.B")]
            let made = queues.flatMap { harness.updatingManagers(150, on: $0) }
            let managers = made.map(\.manager)
            let delegates = made.map(\.delegate)
            queues[0].sync { managers[0].startMonitoring(for: fanOutStopRegion) }
            for queue in queues { queue.sync {} }
            harness.clock.advance(by: 1)
            for _ in 0..<2 { for queue in queues { queue.sync {} } }
            let lat = fixNearStop(1).coordinate.latitude
            for delegate in delegates {
                total += 1
                let events = delegate.serviceEvents.filter { $0 != .startedMonitoring("stop") }
                if events != [.locations([lat]), .state(.inside, "stop")] {
                    overtaken += 1
                    kinds["\(events)", default: 0] += 1
                }
            }
            withExtendedLifetime(managers) {}
        }
        #expect(overtaken == 0, "\(overtaken) of \(total) managers saw the region's state before its fix: \(kinds)")
    }

    /// A manager that stops monitoring a region hears nothing more of it, even when another manager's thread decided
    /// the fix that changed it before the stop and the fix still waits for this manager.
    ///
    /// A's queue is held while the fix goes to both managers; B decides it (the region's first state); A's region
    /// is stopped before A's queue runs again.
    @Test func noRegionEventAfterStopMonitoringReturns() {
        let harness = ManagerHarness([.init(at: 1, .locations([fixNearStop(1, seconds: 1)]))])
        let (queueA, queueB) = (
            DispatchQueue(label: "fan-out.stop-region.A"), DispatchQueue(label: "fan-out.stop-region.B")
        )
        let (a, delegateA) = harness.updatingManagers(1, on: queueA)[0]
        let (b, delegateB) = harness.updatingManagers(1, on: queueB)[0]
        queueA.sync { a.startMonitoring(for: fanOutStopRegion) }
        queueB.sync {}
        queueA.suspend()
        harness.clock.advance(by: 1)
        queueB.sync {}
        #expect(regionEvents(delegateB.serviceEvents) == [.state(.inside, "stop")])
        a.stopMonitoring(for: fanOutStopRegion)
        queueA.resume()
        queueA.sync {}
        queueA.sync {}
        let lat = fixNearStop(1).coordinate.latitude
        #expect(delegateA.serviceEvents.filter { $0 != .startedMonitoring("stop") } == [.locations([lat])])
        withExtendedLifetime((a, b)) {}
    }
}
