import Foundation
import LinuxCoreLocation
import SharedTestSupport
import Synchronization
import Testing

@testable import LocationBlocks

/// The `didUpdateLocations` block is read with the filter, before the update block runs, and read again only when a
/// delegate block changed meanwhile (issue 30): a change made by the update block, or by another thread, is still
/// the one called.
@Suite struct DidUpdateBlockChangeTests {
    /// The update block replaces the `didUpdateLocations` block in the middle of a batch, clears it in a later one,
    /// and sets another delegate block in a third: the batch goes to the block set last, none when cleared, and an
    /// unrelated change keeps the block.
    @Test func changesMadeByTheUpdateBlockAreTheOnesCalled() {
        let harness = BlocksHarness([
            .init(at: 1, .locations([fix(1, at: 1), fix(2, at: 1), fix(3, at: 1)])),
            .init(at: 2, .locations([fix(4, at: 2)])),
            .init(at: 3, .locations([fix(5, at: 3)])),
            .init(at: 4, .locations([fix(6, at: 4)])),
            .init(at: 5, .locations([fix(7, at: 5)])),
        ])
        let original = Recorder()
        let replacement = Recorder()
        let later = Recorder()
        let manager = harness.makeManager { manager in
            manager.didUpdateLocationsBlock = UpdateBlockTests.recordingBatches(original)
            manager.startUpdatingLocation { manager, location, _, _ in
                guard let manager, let latitude = location?.coordinate.latitude else { return }
                switch latitude {
                case 2: manager.didUpdateLocationsBlock = UpdateBlockTests.recordingBatches(replacement)
                case 4: manager.didUpdateLocationsBlock = nil
                case 5: manager.didUpdateLocationsBlock = UpdateBlockTests.recordingBatches(later)
                case 6: manager.didFailWithErrorBlock = { _, _ in }
                default: break
                }
            }
        }
        harness.advance(by: 5)
        #expect(original.events == [])
        #expect(replacement.events == ["[1.0, 2.0, 3.0]"])
        #expect(later.events == ["[5.0]", "[6.0]", "[7.0]"])
        _ = manager
    }

    /// Another thread swaps the `didUpdateLocations` block between two blocks while 1,000 batches are delivered:
    /// every batch reaches exactly one of them, once, in order.
    @Test func blocksSwappedFromAnotherThreadGetEachBatchOnce() {
        let count = 1_000
        let harness = BlocksHarness(
            (1...count).map { .init(at: Double($0), .locations([fix(Double($0) / 100, at: Double($0))])) })
        let recorders = [Recorder(), Recorder()]
        let blocks = UncheckedBox(recorders.map(UpdateBlockTests.recordingBatches))
        let manager = harness.makeManager { manager in
            manager.didUpdateLocationsBlock = blocks.value[0]
            manager.startUpdatingLocation { _, _, _, _ in }
        }
        let swapped = DispatchSemaphore(value: 0)
        let delivered = Atomic(false)
        Thread.detachNewThread {
            var index = 0
            while !delivered.load(ordering: .acquiring) {
                index += 1
                manager.value.didUpdateLocationsBlock = blocks.value[index % 2]
            }
            swapped.signal()
        }
        // 100 fixes per advance: fewer than a callback thread's mailbox holds, so that this live source drops none.
        for _ in 0..<count / 100 { harness.advance(by: 100) }
        delivered.store(true, ordering: .releasing)
        #expect(swapped.wait(timeout: .now() + 20) == .success)
        let heard = recorders.map { recorder in
            recorder.events.map { Int(((Double($0.dropFirst().dropLast()) ?? -1) * 100).rounded()) }
        }
        for batches in heard { #expect(batches == batches.sorted()) }
        #expect((heard[0] + heard[1]).sorted() == Array(1...count))
        _ = manager
    }
}
