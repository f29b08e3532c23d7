import Foundation
import LinuxCoreLocation
import SharedTestSupport
import Testing

@testable import LocationBlocks

@Suite struct LifecycleTests {
    @Test func releasingTheManagerReleasesItsBlocksAndStopsTheProvider() {
        let harness = BlocksHarness([
            .init(at: 1, .locations([fix(1, at: 1)])), .init(at: 2, .locations([fix(2, at: 2)])),
        ])
        let recorder = Recorder()
        /// Something the blocks capture, to see them released.
        final class Token: Sendable {}
        weak var weakManager: CLLocationManager?
        weak var weakStorage: CLLocationManagerBlocks?
        weak var weakToken: Token?
        do {
            let token = Token()
            weakToken = token
            let manager = harness.makeManager { manager in
                manager.didUpdateLocationsBlock = { _, _ in _ = token }
                manager.startUpdatingLocation { manager, location, _, _ in
                    _ = token
                    recorder.record("fix \(manager?.location?.coordinate.latitude ?? -1)")
                }
            }
            harness.advance(by: 1)
            weakManager = manager.value
            weakStorage = harness.on(manager) { CLLocationManagerBlocks.existing(on: $0) }
            #expect(weakStorage != nil)
            harness.queue.sync { manager.value = CLLocationManager(configuration: .init(provider: nil)) }
        }
        #expect(weakManager == nil)
        #expect(weakStorage == nil)
        #expect(weakToken == nil)
        #expect(!harness.provider.isRunning)
        harness.advance(by: 5)  // nothing is delivered to released blocks, and nothing crashes
        #expect(recorder.events == ["fix 1.0"])
    }

    @Test func oneStoragePerManagerWhateverIsSetFirst() {
        let harness = BlocksHarness([])
        let manager = harness.makeManager { manager in
            manager.updateAccuracyFilter = 20
            manager.didVisitBlock = { _, _ in }
            manager.startUpdatingHeading { _, _, _, _ in }
        }
        #expect(harness.on(manager) { $0.observers.count } == 1)
        // Reading does not install anything on a manager without blocks.
        let plain = harness.queue.sync { UncheckedBox(CLLocationManager(configuration: harness.configuration)) }
        #expect(
            harness.on(plain) { ($0.updateAccuracyFilter, $0.didVisitBlock == nil, $0.observers.count) } == (0, true, 0)
        )
        harness.on(plain) { $0.didVisitBlock = nil }
        #expect(harness.on(plain) { $0.observers.count } == 0)
    }
}
