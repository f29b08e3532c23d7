import Foundation
import LocationSupport

/// The diagnostics of one session: the current value to each new iterator, then every change, until the
/// session is invalidated or released.
///
/// Watches the authorization, so values are sent on the thread that changed it; each iterator has its own
/// stream, and a value equal to the one an iterator last got is not sent again. Thread-safe.
final class DiagnosticFeed<Element: Equatable & Sendable>: Sendable {
    private struct Listener {
        let continuation: AsyncStream<Element>.Continuation
        var last: Element
    }

    private let authorization: LocationAuthorization
    private let compute: @Sendable (LocationApp.Snapshot) -> Element
    private let onChange: @Sendable (LocationApp.Snapshot) -> Void
    private let state = Locked<(listeners: [Int: Listener], next: Int, watch: Int?, ended: Bool)>(
        ([:], 0, nil, false))

    /// Starts watching `authorization`; `onChange` runs after every change too (a session re-asks there).
    init(
        authorization: LocationAuthorization,
        compute: @escaping @Sendable (LocationApp.Snapshot) -> Element,
        onChange: @escaping @Sendable (LocationApp.Snapshot) -> Void = { _ in }
    ) {
        self.authorization = authorization
        self.compute = compute
        self.onChange = onChange
        let key = authorization.app.watch { [weak self] in self?.changed() }
        state.withLock { $0.watch = key }
    }

    deinit {
        end()
    }

    /// A new stream: the current value first, then the changes; finished at once after ``end()``.
    func stream() -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self)
        let value = compute(authorization.app.snapshot)
        let key: Int? = state.withLock { state in
            guard !state.ended else { return nil }
            state.next += 1
            state.listeners[state.next] = Listener(continuation: continuation, last: value)
            return state.next
        }
        guard let key else {
            continuation.finish()
            return stream
        }
        continuation.yield(value)
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.listeners.removeValue(forKey: key) }
        }
        return stream
    }

    /// Finishes every stream and stops watching; idempotent.
    func end() {
        let (listeners, key) = state.withLock { state in
            defer {
                state.listeners = [:]
                state.ended = true
                state.watch = nil
            }
            return (Array(state.listeners.values), state.watch)
        }
        if let key { authorization.app.unwatch(key) }
        for listener in listeners { listener.continuation.finish() }
    }

    /// Sends the new value to every stream that has not got it; under the lock, so that values leave in the
    /// order of the changes.
    private func changed() {
        onChange(authorization.app.snapshot)
        state.withLock { state in
            let value = compute(authorization.app.snapshot)
            for (key, listener) in state.listeners where listener.last != value {
                state.listeners[key]?.last = value
                listener.continuation.yield(value)
            }
        }
    }
}
