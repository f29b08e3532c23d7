import Dispatch

/// A handle to work scheduled with a ``GPSDScheduler``.
public protocol GPSDScheduledWork: Sendable {
    /// Prevents the work from running if it has not started; safe to call repeatedly.
    func cancel()
}

/// The client's only source of time: a monotonic clock plus delayed execution.
///
/// The client uses it for reconnect backoff, connect timeouts and silence detection, so tests
/// can substitute a manual clock and step through those decisions without sleeping.
/// Implementations must be thread-safe.
public protocol GPSDScheduler: Sendable {
    /// The current monotonic time in seconds from an arbitrary origin; never decreases.
    func now() -> Double
    /// Runs `work` on `queue` once `delay` seconds (≥ 0) have passed on this clock.
    func schedule(after delay: Double, on queue: DispatchQueue, _ work: @escaping @Sendable () -> Void)
        -> any GPSDScheduledWork
}

/// The real-time scheduler: `DispatchTime` uptime and `DispatchQueue.asyncAfter`.
public struct GPSDDispatchScheduler: GPSDScheduler {
    /// Creates the scheduler.
    public init() {}

    /// Seconds since boot, excluding suspension (`DispatchTime.now().uptimeNanoseconds`).
    public func now() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }

    /// Schedules `work` with `asyncAfter`; negative delays run as soon as possible.
    public func schedule(after delay: Double, on queue: DispatchQueue, _ work: @escaping @Sendable () -> Void)
        -> any GPSDScheduledWork
    {
        let item = DispatchWorkItem(block: work)
        queue.asyncAfter(deadline: .now() + max(0, delay), execute: item)
        return DispatchScheduledWork(item: item)
    }

    private struct DispatchScheduledWork: GPSDScheduledWork, @unchecked Sendable {
        // DispatchWorkItem is thread-safe but not annotated Sendable in corelibs Dispatch.
        let item: DispatchWorkItem
        func cancel() { item.cancel() }
    }
}
