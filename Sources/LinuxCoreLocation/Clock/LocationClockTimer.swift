import LocationSupport

/// A scheduled action of a ``LocationClock``, which can be cancelled until it runs.
///
/// **Linux only.**
///
/// Thread-safe: cancel from any thread; once ``cancel()`` returns, the action will not start.
public final class LocationClockTimer: Sendable {
    private let action: Locked<(@Sendable () -> Void)?>

    /// Wraps the action a clock will run.
    public init(_ action: @escaping @Sendable () -> Void) {
        self.action = Locked(action)
    }

    /// Cancels the action; does nothing if it already ran or was cancelled.
    public func cancel() {
        _ = action.withLock { $0.take() }
    }

    /// Whether the action is still waiting to run.
    public var isPending: Bool { action.withLock { $0 != nil } }

    /// Runs the action unless it was cancelled or already ran; clocks call this when it is due.
    public func fire() {
        action.withLock { $0.take() }?()
    }
}
