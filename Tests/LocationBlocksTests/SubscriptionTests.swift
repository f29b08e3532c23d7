import Foundation
import LinuxCoreLocation
import SharedTestSupport
import Testing

@testable import LocationBlocks

@Suite struct SubscriptionTests {
    @Test func locationSubscriptionDeliversEveryFixUntilCancelled() {
        let harness = BlocksHarness([
            .init(at: 1, .locations([fix(1, accuracy: 3000, at: 1), fix(2, accuracy: 4, at: 1)])),
            .init(at: 2, .fixLost), .init(at: 3, .locations([fix(3, accuracy: 50, at: 3)])),
            .init(at: 4, .locations([fix(4, at: 4)])),
        ])
        let center = harness.makeCenter()
        let results = UncheckedBox<[LocationRequestResult]>([])
        let id = center.subscribeToLocationUpdates { results.value.append($0) }
        harness.advance(by: 3)
        center.cancel(id)
        harness.advance(by: 1)
        #expect(results.value.map { $0.location?.coordinate.latitude } == [1, 2, 3])
        #expect(results.value.map(\.achievedAccuracy) == [.city, .room, .block])
        #expect(results.value.allSatisfy { $0.status == .success })
        #expect(!harness.provider.isRunning)
    }

    @Test func requestsShareTheProviderWhichStopsWhenNoneRemain() {
        let harness = BlocksHarness([.init(at: 1, .locations([fix(1, accuracy: 50, at: 1)]))])
        let center = harness.makeCenter()
        let other = harness.makeCenter()
        let recorder = Recorder()
        let subscription = center.subscribeToLocationUpdates { recorder.record($0) }
        other.requestLocation(accuracy: .block, timeout: 10) { recorder.record($0) }
        harness.queue.sync {}  // made off the queue, the requests reach the services there
        #expect(harness.provider.startCount == 1)
        harness.advance(by: 1)
        #expect(Set(recorder.events) == ["success 1.0"] && recorder.events.count == 2)
        #expect(harness.provider.isRunning)  // the subscription still needs it
        center.cancel(subscription)
        harness.queue.sync {}
        #expect(!harness.provider.isRunning && harness.provider.stopCount == 1)
    }

    @Test func significantChangesRunTheirOwnServiceUntilCancelled() {
        let harness = BlocksHarness([])
        let center = harness.makeCenter()
        let id = center.subscribeToSignificantLocationChanges { _ in }
        harness.queue.sync {}
        #expect(harness.provider.isRunning)
        center.cancel(id)
        harness.queue.sync {}
        #expect(!harness.provider.isRunning)
    }

    @Test func headingSubscriptionDeliversHeadingsAndEndsOnHeadingFailure() {
        let harness = BlocksHarness(
            [.init(at: 1, .heading(heading(10))), .init(at: 2, .heading(heading(200)))],
            capabilities: [.location, .heading])
        let center = harness.makeCenter()
        let recorder = Recorder()
        let id = center.subscribeToHeadingUpdates { heading, status in
            recorder.record("\(name(status)) \(heading?.trueHeading ?? -1)")
        }
        harness.advance(by: 2)
        center.cancel(id)
        #expect(recorder.events == ["success 10.0", "success 200.0"])

        let compassless = BlocksHarness([])
        let failures = Recorder()
        let compasslessCenter = compassless.makeCenter()
        compasslessCenter.subscribeToHeadingUpdates { heading, status in
            failures.record("\(name(status)) \(heading == nil)")
        }
        compassless.advance(by: 0)
        #expect(failures.events == ["error headingFailure true"])
        #expect(compasslessCenter.pendingRequests.isEmpty)
    }

    @Test func aRecentFixAlreadyMeetingTheLevelCompletesAtOnce() {
        let harness = BlocksHarness([.init(at: 1, .locations([fix(1, accuracy: 80, at: 1)]))])
        let center = harness.makeCenter()
        let subscription = center.subscribeToLocationUpdates { _ in }
        harness.advance(by: 1)
        center.cancel(subscription)
        harness.advance(by: 30)  // the fix is now 30 s old: good for a block request (60 s), not for a house one
        let recorder = Recorder()
        center.requestLocation(accuracy: .block, timeout: 10) { recorder.record($0) }
        center.requestLocation(accuracy: .house, timeout: 10) { recorder.record($0) }
        harness.advance(by: 0)
        #expect(recorder.events == ["success 1.0"])
        harness.advance(by: 10)
        // The restarted script replays the same (now 31 s old) fix: the best seen, but not a house-level one.
        #expect(recorder.events == ["success 1.0", "timedOut 1.0"])
    }

    @Test func completionsRunOnTheCallbackQueue() {
        let harness = BlocksHarness([.init(at: 1, .locations([fix(1, at: 1)]))])
        let key = DispatchSpecificKey<String>()
        harness.queue.setSpecific(key: key, value: "harness")
        let center = harness.makeCenter()
        #expect(center.callbackQueue === harness.queue)
        let recorder = Recorder()
        center.requestLocation(accuracy: .room, timeout: 10) { _ in
            recorder.record(DispatchQueue.getSpecific(key: key) ?? "other")
        }
        center.subscribeToLocationUpdates { _ in recorder.record(DispatchQueue.getSpecific(key: key) ?? "other") }
        harness.advance(by: 1)
        #expect(recorder.events == ["harness", "harness"])

        // Without a configured queue the center makes a private serial one.
        let own = LocationRequestCenter(
            configuration: LocationManagerConfiguration(
                provider: harness.provider, authorization: harness.authorization))
        #expect(own.callbackQueue !== harness.queue)
    }
}
