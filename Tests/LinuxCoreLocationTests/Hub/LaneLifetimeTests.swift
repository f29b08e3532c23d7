import Foundation
import LocationSupport
import SharedTestSupport
import Testing

@testable import LinuxCoreLocation

/// The lifetimes of issue 30's delivery path under stress: a delivery names its lane unretained (the mailbox holds
/// each lane once per batch, until the hop ran it), the provider's handler holds its hub entry (a stopped one goes
/// nowhere), and the last manager of a lane takes each delivery itself.
@Suite struct LaneLifetimeTests {
    /// The latitudes of the numbered fixes (``numberedItems(_:)``) in `range`.
    private static func latitudes(_ range: Range<Int>) -> [Double] { range.map { Double($0) / 100 } }

    /// The last manager of a replay as fast as possible stops and starts again in its callback, three times: each
    /// restart replays the recording from its first fix, and nothing of the stopped run (queued in the same hop, or
    /// posted while it stopped) reaches the delegate.
    @Test func theLastManagerRestartingInItsCallbackHearsEachRunFromItsStart() {
        let count = 1_000
        let opened = Locked(0)
        let provider = ReplayLocationProvider(
            identifier: "test:lane-restart", capabilities: [.location, .accuracy],
            options: ReplayOptions(speed: .asFastAsPossible), isAvailable: { true },
            open: {
                opened.withLock { $0 += 1 }
                return BurstSource(numberedItems(count))
            })
        let queue = DispatchQueue(label: "lane-lifetime.restart")
        let delegate = PathDelegate()
        delegate.onLocations = { manager, callbacks in
            guard callbacks % 150 == 0, callbacks <= 450 else { return }
            manager.stopUpdatingLocation()
            manager.startUpdatingLocation()
        }
        let manager = updatingManager(provider, on: queue, delegate: delegate)
        #expect(delegate.finished.wait(timeout: .now() + 30) == .success)
        queue.sync {}
        let expected =
            Self.latitudes(0..<150) + Self.latitudes(0..<150) + Self.latitudes(0..<150)
            + Self.latitudes(0..<count)
        let heard = queue.sync { delegate.latitudes }
        #expect(heard.count == expected.count)
        #expect(heard == expected)
        #expect(opened.withLock { $0 } == 4)
        #expect(queue.sync { delegate.events.filter { $0 == .providerFinished }.count } == 1)
        queue.sync { manager.value = nil }
        #expect(!LocationHub.shared.isRunning(provider))
    }

    /// A second manager made and started on the first one's queue inside its 100th callback, mid-burst (the
    /// provider's lane changes while the mailbox holds deliveries of the old one): the first hears every fix once,
    /// in order; the second the provider's latest fix when it joined and every one after it, once, in order.
    @Test func aManagerJoiningTheLaneMidBurstHearsEveryLaterFixOnce() {
        let count = 3_000
        let source = BurstSource(numberedItems(count), holdAt: 0)
        let provider = replay(source)
        let queue = DispatchQueue(label: "lane-lifetime.join")
        let first = PathDelegate()
        let joining = PathDelegate()
        let joined = UncheckedBox<CLLocationManager?>(nil)
        first.onLocations = { _, callbacks in
            guard callbacks == 100 else { return }
            joined.value = startedManager(provider, on: queue, delegate: joining)
        }
        let manager = updatingManager(provider, on: queue, delegate: first)
        source.waitUntilHeld()
        source.release()
        #expect(first.finished.wait(timeout: .now() + 30) == .success)
        #expect(joining.finished.wait(timeout: .now() + 30) == .success)
        queue.sync {}
        #expect(queue.sync { first.latitudes } == Self.latitudes(0..<count))
        let heard = queue.sync { joining.latitudes }
        let start = Int(((heard.first ?? -1) * 100).rounded())
        #expect(start >= 99 && start < count, "the joiner's first fix: \(heard.first ?? -1)")
        #expect(heard == Self.latitudes(max(0, start)..<count))
        queue.sync {
            manager.value = nil
            joined.value = nil
        }
        #expect(!LocationHub.shared.isRunning(provider))
    }

    /// Managers joining a replay whose mailbox is full make no other manager lose a fix.
    ///
    /// Two managers join a paced replay while its first manager's queue is suspended with 255 fixes waiting for it:
    /// the second joiner's latest fix fills the mailbox. A replay waits for room and never drops (only a live source
    /// does): the first manager still hears every fix, once, in order, and each joiner the latest fix when it joined,
    /// then every later one.
    ///
    /// The joiner's latest fix was posted as a live source's event, dropping the oldest waiting event of the
    /// provider when the mailbox was full: the first manager lost its fix 0 (and a joiner mid-burst of a replay as
    /// fast as possible made another manager lose a fix about one run in two).
    @Test func managersJoiningAFullMailboxOfAReplayMakeNoneLoseAFix() {
        let count = 300
        let clock = ManualClock(start: Date(timeIntervalSince1970: 100))
        let source = BurstSource(numberedItems(count))
        let provider = replay(source, speed: .factor(1), clock: clock)
        let queue = DispatchQueue(label: "lane-lifetime.join-full")
        let first = PathDelegate()
        let joiners = [PathDelegate(), PathDelegate()]
        let manager = updatingManager(provider, on: queue, delegate: first)
        queue.suspend()
        clock.advance(by: 254)  // fixes 0 to 254 wait for the queue
        let joined = joiners.map { UncheckedBox<CLLocationManager?>(startedManager(provider, on: queue, delegate: $0)) }
        queue.resume()
        queue.sync {}
        clock.advance(by: Double(count))
        #expect(first.finished.wait(timeout: .now() + 20) == .success)
        queue.sync {}
        #expect(queue.sync { first.latitudes } == Self.latitudes(0..<count))
        for delegate in joiners {
            #expect(queue.sync { delegate.latitudes } == Self.latitudes(254..<count))
        }
        queue.sync {
            manager.value = nil
            for box in joined { box.value = nil }
        }
        #expect(!LocationHub.shared.isRunning(provider))
    }

    /// The only manager released from another thread while its queue is suspended with 200 deliveries queued for
    /// it (their lanes held only by the mailbox): once the queue runs, the delegate hears nothing, and the engine,
    /// the manager and the provider's run are let go of.
    @Test func aManagerReleasedWhileItsDeliveriesWaitHearsNothingAndIsReleased() {
        let source = BurstSource(numberedItems(1_000), holdAt: 200)
        var provider: ReplayLocationProvider? = replay(source)
        weak let weakProvider = provider
        let queue = DispatchQueue(label: "lane-lifetime.release-while-queued")
        let delegate = PathDelegate()
        let watched = Watched()
        let box = updatingManager(provider!, on: queue, delegate: delegate) { manager in
            (watched.manager, watched.engine) = (manager.value, manager.value?.engine)
            queue.suspend()  // no hop runs until the test resumes the queue
        }
        source.waitUntilHeld()  // 200 fixes posted, none delivered
        let released = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            box.value = nil
            released.signal()
        }
        source.release()
        #expect(released.wait(timeout: .now() + 20) == .success)
        #expect(watched.manager == nil)
        #expect(provider.map { LocationHub.shared.isRunning($0) } == false)
        queue.resume()
        queue.sync {}
        queue.sync {}
        #expect(delegate.events.isEmpty, "\(delegate.events.prefix(3))")
        #expect(watched.engine == nil)
        #expect(source.closeCount == 1)
        provider = nil
        #expect(weakProvider == nil)
    }

    /// A delegate released from another thread while 200 deliveries wait for its suspended queue: the manager goes
    /// on, but the delegate (weak, as Apple's) hears nothing, and the next delegate set hears the later fixes only.
    @Test func aDelegateReleasedWhileDeliveriesWaitHearsNothing() {
        let count = 1_000
        let source = BurstSource(numberedItems(count), holdAt: 200)
        let provider = replay(source)
        let queue = DispatchQueue(label: "lane-lifetime.delegate-released")
        let held = UncheckedBox<PathDelegate?>(PathDelegate())
        weak let weakDelegate = held.value
        let heardByReleased = Locked(0)
        held.value?.onLocations = { _, _ in heardByReleased.withLock { $0 += 1 } }
        let box = updatingManager(provider, on: queue, delegate: held.value!) { _ in queue.suspend() }
        source.waitUntilHeld()
        held.value = nil
        #expect(weakDelegate == nil)
        let next = PathDelegate()
        source.release()
        queue.resume()
        queue.sync { box.value?.delegate = next }
        #expect(next.finished.wait(timeout: .now() + 30) == .success)
        queue.sync {}
        #expect(heardByReleased.withLock { $0 } == 0)
        let heard = queue.sync { next.latitudes }
        let start = Int(((heard.first ?? -1) * 100).rounded())
        #expect(start >= 0 && start < count, "the new delegate's first fix: \(heard.first ?? -1)")
        #expect(heard == Self.latitudes(max(0, start)..<count))
        queue.sync { box.value = nil }
        #expect(!LocationHub.shared.isRunning(provider))
    }
}
