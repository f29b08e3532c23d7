import Dispatch

/// Where a manager's delegate callbacks run: the run loop of the thread that created it (Apple's rule), or a
/// dispatch queue (the main queue for managers created on the main thread, or one the host chose).
///
/// Blocks run in the order they were performed. They are queued in a mailbox shared by everything that
/// performs on the same queue or thread, and one hop to it runs every block queued before the hop started:
/// a thousand managers on one queue cost one `DispatchQueue.async` per fix, not a thousand (issue 17). On a
/// run loop, a timer firing at once wakes the loop to drain its mailbox: `RunLoop.perform` alone does not wake
/// a sleeping loop on Linux.
enum CallbackTarget: Sendable {
    case queue(QueueMailbox)
    case runLoop(RunLoopMailbox)

    /// The target for blocks on `queue`, through its mailbox.
    static func queue(_ queue: DispatchQueue) -> CallbackTarget {
        .queue(QueueMailbox.for(queue))
    }

    /// The target for a manager created on the current thread: the main queue on the main thread, else the
    /// current thread's run loop.
    static func forCurrentThread() -> CallbackTarget {
        Thread.isMainThread ? .queue(.main) : .runLoop(RunLoopMailbox.forCurrentThread())
    }

    /// Runs `block` later on the target, after every block performed before it.
    func perform(_ block: @escaping @Sendable () -> Void) {
        perform(contentsOf: [block])
    }

    /// Runs `blocks` later on the target, in order, after every block performed before them; one wake-up at most.
    func perform(contentsOf blocks: [@Sendable () -> Void]) {
        switch self {
        case .queue(let mailbox): mailbox.post(contentsOf: blocks)
        case .runLoop(let mailbox): mailbox.post(contentsOf: blocks)
        }
    }

    /// The mailbox behind the target, which identifies it.
    var mailbox: AnyObject {
        switch self {
        case .queue(let mailbox): mailbox
        case .runLoop(let mailbox): mailbox
        }
    }
}

/// The hops of many managers' mailboxes gathered while one provider event is handed to them, performed together at
/// the end: per callback queue or run loop, one block that runs them all, one lock and at most one wake-up, instead
/// of one of each per manager.
///
/// Holds the mailboxes, not a closure per manager: an array of closures stores each behind a re-abstraction
/// thunk, an allocation per manager per fix. Used by one thread, for the length of one hand-over.
final class HopBatch {
    /// The mailboxes to run on one target.
    private final class Group {
        let target: CallbackTarget
        let key: AnyObject
        /// Confined to the thread of the hand-over, like the whole batch: no runtime exclusivity check needed.
        @exclusivity(unchecked) var mailboxes: [ManagerMailbox] = []

        init(_ target: CallbackTarget) {
            self.target = target
            key = target.mailbox
        }
    }

    /// The targets met so far: a handful (one per callback queue), searched in order.
    @exclusivity(unchecked) private var groups: [Group] = []

    /// Adds the hop of `mailbox`, to be performed on its target by ``performAll()``.
    func add(_ mailbox: ManagerMailbox) {
        let key = mailbox.target.mailbox
        let group = groups.first { $0.key === key } ?? Group(mailbox.target)
        if group.mailboxes.isEmpty { groups.append(group) }
        group.mailboxes.append(mailbox)
    }

    /// Performs the hops gathered, each target's in the order they were added.
    func performAll() {
        for group in groups {
            let mailboxes = group.mailboxes
            group.target.perform { for mailbox in mailboxes { mailbox.runHop() } }
        }
        groups = []
    }
}

/// The blocks waiting to run on one dispatch queue: one `async` carries every block posted until it starts.
///
/// Posting while that `async` waits adds to it; posting once it has started schedules the next one at once,
/// so a block posted before something else was submitted to the queue (a `queue.sync {}` that waits for
/// deliveries) still runs before it.
final class QueueMailbox: @unchecked Sendable {
    let queue: DispatchQueue
    /// The blocks waiting, whether a hop is scheduled, and the emptied storage of the last hop's blocks.
    private let pending = Protected<(blocks: [@Sendable () -> Void], scheduled: Bool, spare: [@Sendable () -> Void])>(
        ([], false, []))

    private static let mailboxes = Protected<[ObjectIdentifier: WeakMailbox]>([:])

    private struct WeakMailbox {
        weak var mailbox: QueueMailbox?
    }

    /// The mailbox of `queue`, shared by everything that performs on it, made on first use.
    static func `for`(_ queue: DispatchQueue) -> QueueMailbox {
        mailboxes.withLock { mailboxes in
            if let mailbox = mailboxes[ObjectIdentifier(queue)]?.mailbox { return mailbox }
            mailboxes = mailboxes.filter { $0.value.mailbox != nil }
            let mailbox = QueueMailbox(queue: queue)
            mailboxes[ObjectIdentifier(queue)] = WeakMailbox(mailbox: mailbox)
            return mailbox
        }
    }

    private init(queue: DispatchQueue) {
        self.queue = queue
    }

    /// Queues `blocks`; schedules a hop to the queue unless one is waiting to start.
    ///
    /// The hop is submitted under the lock that marks it scheduled: a thread that finds it scheduled can count on
    /// it being on the queue before anything that thread submits next.
    func post(contentsOf blocks: [@Sendable () -> Void]) {
        pending.withLock { pending in
            pending.blocks.append(contentsOf: blocks)
            guard !pending.scheduled else { return }
            pending.scheduled = true
            queue.async { self.run() }
        }
    }

    /// Runs the blocks posted before this hop started, in order.
    private func run() {
        var blocks = pending.withLock { pending in
            var taken: [@Sendable () -> Void] = []
            swap(&taken, &pending.spare)
            swap(&taken, &pending.blocks)
            pending.scheduled = false
            return taken
        }
        for block in blocks { block() }
        guard blocks.capacity <= 4096 else { return }
        blocks.removeAll(keepingCapacity: true)
        pending.withLock { $0.spare = blocks }
    }
}

/// The queue of blocks waiting to run on one thread's run loop.
final class RunLoopMailbox: @unchecked Sendable {
    // `RunLoop` is not Sendable; it is only used to add timers, which CoreFoundation allows from any thread.
    private let runLoop: RunLoop
    private let keepAlive: Timer
    private let pending = Protected<(blocks: [@Sendable () -> Void], wakeScheduled: Bool)>(([], false))

    private static let mailboxes = Protected<[ObjectIdentifier: WeakMailbox]>([:])

    private struct WeakMailbox {
        weak var mailbox: RunLoopMailbox?
    }

    /// The mailbox of the current thread's run loop, made on first use.
    static func forCurrentThread() -> RunLoopMailbox {
        let runLoop = RunLoop.current
        return mailboxes.withLock { mailboxes in
            mailboxes = mailboxes.filter { $0.value.mailbox != nil }
            if let mailbox = mailboxes[ObjectIdentifier(runLoop)]?.mailbox { return mailbox }
            let mailbox = RunLoopMailbox(runLoop: runLoop)
            mailboxes[ObjectIdentifier(runLoop)] = WeakMailbox(mailbox: mailbox)
            return mailbox
        }
    }

    private init(runLoop: RunLoop) {
        self.runLoop = runLoop
        // A run loop with no timer or source returns from `run()` at once; this keeps it running while
        // managers live on it.
        keepAlive = Timer(fire: .distantFuture, interval: 0, repeats: false) { _ in }
        runLoop.add(keepAlive, forMode: .common)
    }

    deinit {
        keepAlive.invalidate()
    }

    /// Queues `block` and makes sure the run loop wakes to run it.
    func post(_ block: @escaping @Sendable () -> Void) {
        post(contentsOf: [block])
    }

    /// Queues `blocks` and makes sure the run loop wakes to run them.
    ///
    /// The wake-up is added under the lock that marks it scheduled, as ``QueueMailbox`` does.
    func post(contentsOf blocks: [@Sendable () -> Void]) {
        pending.withLock { pending in
            pending.blocks.append(contentsOf: blocks)
            guard !pending.wakeScheduled else { return }
            pending.wakeScheduled = true
            let timer = Timer(fire: Date(), interval: 0, repeats: false) { [weak self] _ in self?.drain() }
            runLoop.add(timer, forMode: .common)
        }
    }

    /// Runs the queued blocks, including any queued while draining, on the run loop's thread.
    private func drain() {
        while true {
            let blocks = pending.withLock { pending in
                defer { pending.blocks = [] }
                if pending.blocks.isEmpty { pending.wakeScheduled = false }
                return pending.blocks
            }
            if blocks.isEmpty { return }
            for block in blocks { block() }
        }
    }
}
