import Foundation
import SharedTestSupport
import Testing

@testable import LinuxCoreLocation

@Suite struct ManagerLifecycleTests {
    @Test func twoManagersShareOneProviderWhichStopsAfterTheLast() {
        let harness = ManagerHarness([
            .init(at: 1, .locations([fix(1)])), .init(at: 2, .locations([fix(2)])), .init(at: 3, .locations([fix(3)])),
        ])
        let other = RecordingDelegate()
        let first = harness.makeManager { $0.startUpdatingLocation() }
        let second = harness.makeManager {
            $0.delegate = other
            $0.startUpdatingLocation()
        }
        #expect(harness.provider.startCount == 1)
        harness.advance(by: 1)
        harness.on(first) { $0.stopUpdatingLocation() }
        #expect(harness.provider.isRunning)
        harness.advance(by: 1)
        harness.on(second) { $0.stopUpdatingLocation() }
        #expect(!harness.provider.isRunning)
        harness.advance(by: 1)
        #expect(harness.delegate.serviceEvents == [.locations([1])])
        #expect(other.serviceEvents == [.locations([1]), .locations([2])])
        #expect(harness.provider.startCount == 1 && harness.provider.stopCount == 1)
    }

    @Test func releasingTheDelegateWhileUpdatingIsHarmless() {
        let harness = ManagerHarness([.init(at: 1, .locations([fix(1)])), .init(at: 2, .locations([fix(2)]))])
        weak var released: RecordingDelegate?
        let manager: UncheckedBox<CLLocationManager> = {
            let temporary = RecordingDelegate()
            released = temporary
            return harness.thread.sync {
                let manager = CLLocationManager(
                    configuration: LocationManagerConfiguration(
                        provider: harness.provider, authorization: harness.authorization))
                manager.delegate = temporary
                manager.startUpdatingLocation()
                return UncheckedBox(manager)
            }
        }()
        harness.advance(by: 2)
        #expect(released == nil)
        #expect(harness.thread.sync { manager.value.delegate == nil })
        #expect(harness.thread.sync { manager.value.location?.coordinate.latitude } == 2)
    }

    @Test func releasingTheManagerStopsTheProviderAndLeaksNothing() {
        let harness = ManagerHarness([.init(at: 1, .locations([fix(1)]))])
        weak var weakManager: CLLocationManager?
        do {
            let manager = harness.makeManager { $0.startUpdatingLocation() }
            weakManager = manager.value
            #expect(harness.provider.isRunning)
            harness.thread.sync { manager.value = CLLocationManager(configuration: .init(provider: nil)) }
        }
        harness.advance(by: 1)
        #expect(weakManager == nil)
        #expect(!harness.provider.isRunning && harness.provider.stopCount == 1)
        #expect(harness.delegate.serviceEvents == [])
    }

    /// The engine's mailbox holds the engine strongly from creation; the manager's release must break that cycle.
    @Test func releasingTheManagerReleasesItsEngine() {
        let harness = ManagerHarness([.init(at: 1, .locations([fix(1)])), .init(at: 2, .locations([fix(2)]))])
        weak var weakEngine: LocationManagerEngine?
        do {
            let manager = harness.makeManager { $0.startUpdatingLocation() }
            weakEngine = manager.value.engine
            harness.advance(by: 1)
            #expect(harness.delegate.serviceEvents == [.locations([1])])
            harness.thread.sync { manager.value = CLLocationManager(configuration: .init(provider: nil)) }
        }
        harness.advance(by: 1)
        #expect(weakEngine == nil)
        #expect(harness.delegate.serviceEvents == [.locations([1])])
    }
}
