import Foundation
import LocationSupport
import SharedTestSupport
import Testing

@testable import LinuxCoreLocation

/// Several threads posting to one callback thread at once (issue 30's hop queued after the mailbox's lock is let
/// go): what a thread posted — a provider's event, a performed block — runs before anything that thread submits to
/// the callback thread next, every provider's events arrive in its order, and no post is left without a hop.
@Suite struct ConcurrentPostTests {
    /// How many times each thread posts, then waits for the callback thread.
    private static let rounds = 5_000
    /// The same on a run-loop thread, whose every hop is a Foundation timer: 5,000 rounds there kept the test
    /// process's other run loops (Foundation's `Process` hears its children end through one) from firing for 30 to 60
    /// s under AddressSanitizer, and tests waiting for a child failed.
    private static let runLoopRounds = 500
    /// The longest a test waits for its threads: a post left without a hop fails it here instead of hanging it.
    private static let deadline: DispatchTimeInterval = .seconds(120)

    /// The latitude of fix `index` of provider `provider`: providers 10° apart, fixes 0.001° apart.
    private static func latitude(_ provider: Int, _ index: Int) -> Double {
        Double(provider * 10) + Double(index) / 1_000
    }

    /// Runs `body(thread)` on `count` threads of their own at once; `false` when they have not all ended by the
    /// deadline.
    private static func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) async -> Bool {
        let group = DispatchGroup()
        for thread in 0..<count {
            group.enter()
            Thread.detachNewThread {
                body(thread)
                group.leave()
            }
        }
        return await offThePool { group.wait(timeout: .now() + deadline) == .success }
    }

    /// What the posting threads saw overtaken, and what the blocks they performed wrote (on the callback thread).
    private final class Watch: @unchecked Sendable {
        let overtaken = Locked<[String]>([])
        var blockRun = -1

        /// Pushes fix `index` of provider `number`, then, through `sync` (the callback thread's next submission),
        /// notes it if `delegate` has not heard it yet.
        func push(
            _ index: Int, of number: Int, to provider: DeliveryBoundsTests.PushedProvider,
            heardBy delegate: DeliveryBoundsTests.LatitudeDelegate, then sync: (@escaping () -> Void) -> Void
        ) {
            let expected = ConcurrentPostTests.latitude(number, index)
            provider.push([expected])
            sync {
                let last = delegate.latitudes.last
                guard last != expected else { return }
                self.overtaken.withLock { $0.append("provider \(number), fix \(index): last heard \(last ?? -1)") }
            }
        }

        /// Performs block `index` on `mailbox`, then, through `sync`, notes it if it has not run yet.
        func perform(_ index: Int, on mailbox: CallbackMailbox, then sync: (@escaping () -> Void) -> Void) {
            mailbox.perform { self.blockRun = index }
            sync {
                guard self.blockRun != index else { return }
                self.overtaken.withLock { $0.append("block \(index): last run \(self.blockRun)") }
            }
        }

        var overtakings: [String] { overtaken.withLock { $0 } }
    }

    /// A live provider, pushed by a test thread, and its manager; the manager and delegate are used on their
    /// callback thread only.
    private struct Live: @unchecked Sendable {
        let provider: DeliveryBoundsTests.PushedProvider
        let delegate: DeliveryBoundsTests.LatitudeDelegate
        let manager: CLLocationManager
    }

    /// `count` live providers, each with one updating manager calling back on `queue` (`nil`: the current thread).
    private static func liveManagers(_ count: Int, on queue: DispatchQueue?) -> [Live] {
        (0..<count).map { _ in
            let provider = DeliveryBoundsTests.PushedProvider()
            let delegate = DeliveryBoundsTests.LatitudeDelegate()
            let manager = startedManager(provider, on: queue, delegate: delegate)
            return Live(provider: provider, delegate: delegate, manager: manager)
        }
    }

    /// Pushes `rounds` fixes to each of `live` from a thread of its own while one more thread performs as many
    /// blocks on `mailbox`, each thread waiting for the callback thread through `sync` after every post; `false`
    /// when the threads have not all ended by the deadline.
    private static func post(
        _ rounds: Int = rounds, to live: [Live], andBlocksTo mailbox: CallbackMailbox, watch: Watch,
        waitingThrough sync: @escaping @Sendable (@escaping () -> Void) -> Void
    ) async -> Bool {
        await onThreads(live.count + 1) { thread in
            for index in 0..<rounds {
                if thread < live.count {
                    watch.push(index, of: thread, to: live[thread].provider, heardBy: live[thread].delegate, then: sync)
                } else {
                    watch.perform(index, on: mailbox, then: sync)
                }
            }
        }
    }

    /// Six live providers, each pushed from a thread of its own, and a seventh thread performing blocks, all into
    /// one queue: after each post, the posting thread's `queue.sync {}` finds its fix delivered (or its block run),
    /// and each manager hears its provider's fixes in order.
    ///
    /// A post that finds a hop marked by another thread, not yet queued by it, must queue one of its own: counting
    /// on the other thread's, its `queue.sync {}` overtook its fix (that check taken out of `CallbackMailbox.post`,
    /// 5 runs in 10 failed here; taken out of the block's `scheduleHop`, 2 in 10). The code before the hop was queued
    /// after the lock (54efc05), which queued it under the lock, passes.
    @Test func whatEachThreadPostedRunsBeforeItsNextQueueSync() async {
        let queue = DispatchQueue(label: "concurrent-post.sync")
        let live = queue.sync { Self.liveManagers(6, on: queue) }
        let mailbox = CallbackMailbox.for(queue)
        let watch = Watch()
        let ended = await Self.post(to: live, andBlocksTo: mailbox, watch: watch) { queue.sync(execute: $0) }
        #expect(ended, "the posting threads did not end within \(Self.deadline)")
        #expect(watch.overtakings.isEmpty, "\(watch.overtakings.prefix(3))")
        for (number, entry) in live.enumerated() {
            #expect(queue.sync { entry.delegate.latitudes } == (0..<Self.rounds).map { Self.latitude(number, $0) })
            #expect(entry.manager.droppedLocationCount == 0)
        }
        queue.sync { for entry in live { entry.manager.stopUpdatingLocation() } }
    }

    /// The same on a run-loop thread, whose hop is a timer: no post is left without one.
    ///
    /// Two providers pushed from threads of their own and a third thread performing blocks; each waits for the
    /// thread through its mailbox (``CallbackThread/sync(_:)``) after every post. Order within the mailbox holds there
    /// by itself; a post left without a timer would leave its wait unended, and the deadline fails the test.
    @Test func whatEachThreadPostedRunsBeforeItsNextWaitOnARunLoop() async {
        let thread = CallbackThread()
        defer { thread.stop() }
        let live = thread.sync { Self.liveManagers(2, on: nil) }
        let mailbox = thread.sync { CallbackMailbox.forCurrentThread() }
        let watch = Watch()
        let ended = await Self.post(Self.runLoopRounds, to: live, andBlocksTo: mailbox, watch: watch) {
            thread.sync($0)
        }
        #expect(ended, "the posting threads did not end within \(Self.deadline)")
        #expect(watch.overtakings.isEmpty, "\(watch.overtakings.prefix(3))")
        for (number, entry) in live.enumerated() {
            #expect(
                thread.sync { entry.delegate.latitudes } == (0..<Self.runLoopRounds).map { Self.latitude(number, $0) })
        }
        thread.sync { for entry in live { entry.manager.stopUpdatingLocation() } }
    }

    /// Two replays as fast as possible (bursts announced as followed by more, each replay waiting for room) into one
    /// queue, alone for their first halves, then with a live provider pushed from a thread and another thread
    /// performing blocks there: each replay's manager hears every fix once, in order, then the end, the live one
    /// every fix, in order, and each block runs before its thread's next `queue.sync {}` — within the deadline, so
    /// that a burst left without a hop fails instead of hanging (as it does with the hop of a full burst taken out
    /// of `CallbackMailbox.post`).
    @Test func twoReplaysAndALiveSourceIntoOneQueueLoseNothingAndEnd() async {
        let count = 9_000  // latitudes up to 89.99° (numberedItems)
        let sources = (0..<2).map { _ in BurstSource(numberedItems(count), holdAt: count / 2) }
        let replays = sources.map { replay($0) }
        let queue = DispatchQueue(label: "concurrent-post.replays")
        let delegates = replays.map { _ in PathDelegate() }
        let replayManagers = zip(replays, delegates).map { updatingManager($0, on: queue, delegate: $1) }
        let live = queue.sync { Self.liveManagers(1, on: queue) }[0]
        // The first halves, the replays alone.
        let halfway = DispatchTime.now() + Self.deadline
        for source in sources {
            let held = await offThePool { source.waitUntilHeld(by: halfway) }
            #expect(held == .success, "a replay did not reach its second half within \(Self.deadline)")
        }
        for source in sources { source.release() }
        let mailbox = CallbackMailbox.for(queue)
        let watch = Watch()
        let ended = await Self.post(to: [live], andBlocksTo: mailbox, watch: watch) { queue.sync(execute: $0) }
        #expect(ended, "the posting threads did not end within \(Self.deadline)")
        for delegate in delegates {
            let finished = await offThePool { delegate.finished.wait(timeout: .now() + Self.deadline) }
            #expect(finished == .success, "a replay did not end within \(Self.deadline)")
        }
        queue.sync {}
        #expect(watch.overtakings.isEmpty, "\(watch.overtakings.prefix(3))")
        for delegate in delegates {
            let heard = queue.sync { delegate.latitudes }
            #expect(heard.count == count)
            #expect(heard == (0..<count).map { Double($0) / 100 })
            #expect(queue.sync { delegate.events.filter { $0 == .providerFinished }.count } == 1)
        }
        #expect(queue.sync { live.delegate.latitudes } == (0..<Self.rounds).map { Self.latitude(0, $0) })
        #expect(live.manager.droppedLocationCount == 0)
        queue.sync {
            live.manager.stopUpdatingLocation()
            for manager in replayManagers { manager.value = nil }
        }
        for provider in replays { #expect(!LocationHub.shared.isRunning(provider)) }
    }
}
