import Foundation
import LocationSupport
import SharedTestSupport
import Testing

@testable import LinuxCoreLocation

/// Many managers on one provider, on queues and run-loop threads: stops, requests and observers keep their order.
@Suite struct FanOutDeliveryTests {
    /// Three events in one hop; the delegate stops after the first: nothing after.
    @Test func stopInsideCallbackDropsTheRestOfTheHop() {
        let harness = ManagerHarness([
            .init(at: 1, .locations([fix(1)])), .init(at: 1, .locations([fix(2), fix(3)])),
            .init(at: 1, .locations([fix(4)])),
        ])
        let queue = DispatchQueue(label: "fan-out.stop")
        let delegate = HookDelegate()
        let manager = CLLocationManager(configuration: harness.configuration(queue: queue))
        manager.delegate = delegate
        delegate.onLocations = { manager, _ in manager.stopUpdatingLocation() }
        queue.sync { manager.startUpdatingLocation() }
        queue.suspend()
        harness.clock.advance(by: 1)
        queue.resume()
        queue.sync {}
        #expect(delegate.recorder.serviceEvents == [.locations([1])])
        withExtendedLifetime(manager) {}
    }

    /// A manager stopped by another one's callback on the same queue gets nothing more from the hop.
    ///
    /// Whatever order the two are served in, the stopped one gets none of the later events.
    @Test func siblingStopsAnotherOnTheSameQueue() {
        for _ in 0..<20 {
            let harness = ManagerHarness([
                .init(at: 1, .locations([fix(1)])), .init(at: 1, .locations([fix(2)])),
                .init(at: 1, .locations([fix(3)])),
            ])
            let queue = DispatchQueue(label: "fan-out.sibling-stop")
            let first = HookDelegate()
            let second = HookDelegate()
            let a = CLLocationManager(configuration: harness.configuration(queue: queue))
            let b = CLLocationManager(configuration: harness.configuration(queue: queue))
            a.delegate = first
            b.delegate = second
            let boxA = UncheckedBox(a)
            let stopped = UncheckedBox(false)
            let late = UncheckedBox(0)
            first.onLocations = { _, _ in if stopped.value { late.value += 1 } }
            second.onLocations = { _, fixes in
                if fixes.map(\.coordinate.latitude) == [1] {
                    boxA.value.stopUpdatingLocation()
                    stopped.value = true
                }
            }
            queue.sync {
                a.startUpdatingLocation()
                b.startUpdatingLocation()
            }
            queue.suspend()
            harness.clock.advance(by: 1)
            queue.resume()
            queue.sync {}
            let got = first.recorder.serviceEvents
            #expect(late.value == 0, "a got \(got), \(late.value) after its stop returned")
            #expect(got == [.locations([1]), .locations([2]), .locations([3])] || got == [], "a got \(got)")
            #expect(second.recorder.serviceEvents == [.locations([1]), .locations([2]), .locations([3])])
            withExtendedLifetime((a, b)) {}
        }
    }

    /// Many managers on 3 queues and 2 run-loop threads: each gets every fix once, in order, in the provider's
    /// batches.
    @Test func manyManagersOnQueuesAndRunLoopsGetEveryFixInOrder() {
        var steps: [ScriptedLocationProvider.Step] = []
        var expected: [DelegateEvent] = []
        for index in 1...30 {
            let batch = index % 5 == 0 ? [fix(Double(index)), fix(Double(index) + 0.5)] : [fix(Double(index))]
            steps.append(.init(at: Double(index), .locations(batch)))
            expected.append(.locations(batch.map(\.coordinate.latitude)))
        }
        let harness = ManagerHarness(steps)
        let queues = (0..<3).map { DispatchQueue(label: "fan-out.fan.\($0)") }
        let threads = [harness.thread, CallbackThread()]
        defer { threads[1].stop() }
        var managers: [CLLocationManager] = []
        var delegates: [RecordingDelegate] = []
        for (manager, delegate) in queues.flatMap({ harness.updatingManagers(15, on: $0) }) {
            managers.append(manager)
            delegates.append(delegate)
        }
        for thread in threads {
            for _ in 0..<10 {
                let delegate = RecordingDelegate()
                let box = thread.sync {
                    let manager = CLLocationManager(configuration: harness.configuration())
                    manager.delegate = delegate
                    manager.startUpdatingLocation()
                    return UncheckedBox(manager)
                }
                managers.append(box.value)
                delegates.append(delegate)
            }
        }
        for step in 1...30 {
            // Sometimes hold a queue so that several events share a hop.
            let held = step % 3 == 0 ? queues[step % 3] : nil
            held?.suspend()
            harness.clock.advance(by: 1)
            held?.resume()
            for queue in queues { queue.sync {} }
            for thread in threads { thread.sync {} }
        }
        for (index, delegate) in delegates.enumerated() {
            #expect(delegate.serviceEvents == expected, "manager \(index)")
        }
        let busy = managers.filter { $0.droppedLocationCount > 0 }.count
        #expect(busy == 0)
        withExtendedLifetime(managers) {}
    }

    /// requestLocation() while updating is ignored: the fixes come once each.
    @Test func requestLocationWhileUpdatingIsIgnored() {
        let harness = ManagerHarness([.init(at: 1, .locations([fix(1)])), .init(at: 2, .locations([fix(2)]))])
        let manager = harness.makeManager {
            $0.startUpdatingLocation()
            $0.requestLocation()
        }
        harness.advance(by: 1)
        harness.on(manager) { $0.requestLocation() }
        harness.advance(by: 1)
        harness.advance(by: 10)
        #expect(harness.delegate.serviceEvents == [.locations([1]), .locations([2])])
    }

    /// A request on one manager while another on the same thread updates.
    @Test func requestOnOneManagerWhileAnotherUpdates() {
        let harness = ManagerHarness([
            .init(at: 1, .locations([fix(1, accuracy: 500)])), .init(at: 2, .locations([fix(2)])),
            .init(at: 3, .locations([fix(3)])),
        ])
        let other = RecordingDelegate()
        let updating = harness.makeManager { $0.startUpdatingLocation() }
        let requesting = harness.thread.sync {
            let manager = CLLocationManager(configuration: harness.configuration())
            manager.delegate = other
            manager.requestLocation()
            return UncheckedBox(manager)
        }
        harness.advance(by: 3)
        harness.advance(by: 10)
        #expect(harness.delegate.serviceEvents == [.locations([1]), .locations([2]), .locations([3])])
        #expect(other.serviceEvents == [.locations([2])])
        withExtendedLifetime((updating, requesting)) {}
    }

    /// Updates started in the answer to `requestLocation()` do not deliver the answering fix a second time.
    ///
    /// That fix belongs to the generation before the start. The answer stops the provider, the start starts it
    /// again, and the scripted provider plays its script from the beginning: 1 then 2, a second later each.
    @Test func startingUpdatesFromTheRequestsAnswer() {
        let harness = ManagerHarness([.init(at: 1, .locations([fix(1)])), .init(at: 2, .locations([fix(2)]))])
        let queue = DispatchQueue(label: "fan-out.request-start")
        let delegate = HookDelegate()
        let manager = CLLocationManager(configuration: harness.configuration(queue: queue))
        manager.delegate = delegate
        var started = false
        delegate.onLocations = { manager, _ in
            if !started {
                started = true
                manager.startUpdatingLocation()
            }
        }
        queue.sync { manager.requestLocation() }
        harness.clock.advance(by: 1)
        queue.sync {}
        #expect(delegate.recorder.serviceEvents == [.locations([1])])
        #expect(harness.provider.startCount == 2)
        harness.clock.advance(by: 2)
        queue.sync {}
        #expect(delegate.recorder.serviceEvents == [.locations([1]), .locations([1]), .locations([2])])
        withExtendedLifetime(manager) {}
    }

    /// The delegate gets every call of an event, then each observer; an observer added by the delegate during the
    /// event does not get that event.
    @Test func observersAfterDelegate() {
        let harness = ManagerHarness([.init(at: 1, .locations([fix(1)])), .init(at: 2, .locations([fix(2)]))])
        let queue = DispatchQueue(label: "fan-out.observers")
        let delegate = HookDelegate()
        let observer = RecordingDelegate()
        let late = RecordingDelegate()
        let order = Locked<[String]>([])
        let manager = CLLocationManager(configuration: harness.configuration(queue: queue))
        manager.delegate = delegate
        var added = false
        delegate.onLocations = { manager, _ in
            order.withLock { $0.append("delegate") }
            if !added {
                added = true
                _ = manager.addObserver(late)
            }
        }
        queue.sync {
            _ = manager.addObserver(observer)
            manager.startUpdatingLocation()
        }
        harness.clock.advance(by: 2)
        queue.sync {}
        #expect(delegate.recorder.serviceEvents == [.locations([1]), .locations([2])])
        #expect(observer.serviceEvents == [.locations([1]), .locations([2])])
        #expect(late.serviceEvents == [.locations([2])])
        withExtendedLifetime(manager) {}
    }
}
