import Foundation
import LinuxCoreLocation
import Testing

@testable import LocationBlocks

@Suite struct UpdateBlockFilterPathTests {
    /// Partial accuracy filtering (the new-array path) and a stop flag on a later passing fix.
    @Test func partialFilterThenStopFlag() {
        let harness = BlocksHarness([
            .init(
                at: 1,
                .locations([
                    fix(1, at: 1), fix(2, accuracy: 80, at: 1), fix(3, at: 1), fix(4, at: 1),
                    fix(5, accuracy: 90, at: 1),
                ])),
            .init(at: 2, .locations([fix(6, at: 2)])),
        ])
        let updates = Recorder()
        let batches = Recorder()
        let manager = harness.makeManager { manager in
            manager.updateAccuracyFilter = 50
            manager.didUpdateLocationsBlock = UpdateBlockTests.recordingBatches(batches)
            manager.startUpdatingLocation(update: UpdateBlockTests.recording(updates, stopAt: 3))
        }
        harness.advance(by: 2)
        #expect(updates.events == ["fix 1.0", "fix 3.0"])
        #expect(batches.events == ["[1.0, 3.0]"])
        #expect(!harness.provider.isRunning)
        _ = manager
    }

    /// The first fix is filtered away; the first delivered fix's block replaces itself: the next fix goes to the
    /// new block, not the one read with the filter.
    @Test func firstFixFilteredAndBlockReplacesItself() {
        let harness = BlocksHarness([
            .init(
                at: 1,
                .locations([fix(1, accuracy: 80, at: 1), fix(2, at: 1), fix(3, at: 1), fix(4, accuracy: 90, at: 1)])
            ),
            .init(at: 2, .locations([fix(5, at: 2)])),
        ])
        let first = Recorder()
        let second = Recorder()
        let batches = Recorder()
        let manager = harness.makeManager { manager in
            manager.updateAccuracyFilter = 50
            manager.didUpdateLocationsBlock = UpdateBlockTests.recordingBatches(batches)
            manager.startUpdatingLocation { manager, location, _, _ in
                first.record("fix \(location?.coordinate.latitude ?? -1)")
                manager?.startUpdatingLocation(update: UpdateBlockTests.recording(second))
            }
        }
        harness.advance(by: 2)
        #expect(first.events == ["fix 2.0"])
        #expect(second.events == ["fix 3.0", "fix 5.0"])
        #expect(batches.events == ["[2.0, 3.0]", "[5.0]"])
        _ = manager
    }

    /// Every fix passes (the reused-array path); the block stops on the first of three.
    @Test func allPassStopOnFirst() {
        let harness = BlocksHarness([
            .init(at: 1, .locations([fix(1, at: 1), fix(2, at: 1), fix(3, at: 1)])),
            .init(at: 2, .locations([fix(4, at: 2)])),
        ])
        let updates = Recorder()
        let batches = Recorder()
        let manager = harness.makeManager { manager in
            manager.updateAccuracyFilter = 50
            manager.didUpdateLocationsBlock = UpdateBlockTests.recordingBatches(batches)
            manager.startUpdatingLocation(update: UpdateBlockTests.recording(updates, stopAt: 1))
        }
        harness.advance(by: 2)
        #expect(updates.events == ["fix 1.0"])
        #expect(batches.events == ["[1.0]"])
        _ = manager
    }

    /// The age filter drops only the stale fixes in the middle of a batch.
    @Test func ageFilterPartial() {
        let harness = BlocksHarness([
            .init(
                at: 10,
                .locations([fix(1, at: 10), fix(2, at: 10, age: 30), fix(3, at: 10, age: 1), fix(4, at: 10, age: 40)]))
        ])
        let updates = Recorder()
        let batches = Recorder()
        let manager = harness.makeManager { manager in
            manager.updateLocationAgeFilter = 5
            manager.didUpdateLocationsBlock = UpdateBlockTests.recordingBatches(batches)
            manager.startUpdatingLocation(update: UpdateBlockTests.recording(updates))
        }
        harness.advance(by: 10)
        #expect(updates.events == ["fix 1.0", "fix 3.0"])
        #expect(batches.events == ["[1.0, 3.0]"])
        _ = manager
    }

    /// The app's delegate, called before the blocks' observer, replaces the update block during the event: the
    /// new block gets the event's fixes.
    @Test func delegateReplacesBlockBeforeObserverRuns() {
        final class Replacer: NSObject, CLLocationManagerDelegate, @unchecked Sendable {
            var replacement: LocationManagerUpdateBlock?
            func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
                if let replacement {
                    self.replacement = nil
                    manager.startUpdatingLocation(update: replacement)
                }
            }
        }
        let harness = BlocksHarness([.init(at: 1, .locations([fix(1, at: 1), fix(2, at: 1)]))])
        let old = Recorder()
        let new = Recorder()
        let replacer = Replacer()
        replacer.replacement = UpdateBlockTests.recording(new)
        let manager = harness.makeManager { manager in
            manager.delegate = replacer
            manager.startUpdatingLocation(update: UpdateBlockTests.recording(old))
        }
        harness.advance(by: 1)
        #expect(old.events == [])
        #expect(new.events == ["fix 1.0", "fix 2.0"])
        _ = manager
    }

    /// Several block managers on one queue, one of them stops itself by flag in the middle: the others get every fix.
    @Test func severalBlockManagersOneStops() {
        let harness = BlocksHarness([
            .init(at: 1, .locations([fix(1, at: 1), fix(2, at: 1)])), .init(at: 2, .locations([fix(3, at: 2)])),
        ])
        let recorders = (0..<5).map { _ in Recorder() }
        let managers = recorders.enumerated().map { index, recorder in
            harness.makeManager { manager in
                manager.updateAccuracyFilter = 50
                manager.startUpdatingLocation(
                    update: UpdateBlockTests.recording(recorder, stopAt: index == 2 ? 1 : nil))
            }
        }
        harness.advance(by: 2)
        for (index, recorder) in recorders.enumerated() {
            #expect(
                recorder.events == (index == 2 ? ["fix 1.0"] : ["fix 1.0", "fix 2.0", "fix 3.0"]), "manager \(index)")
        }
        _ = managers
    }
}
