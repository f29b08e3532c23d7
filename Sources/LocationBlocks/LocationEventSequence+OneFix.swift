import LinuxCoreLocation
import LocationSupport

extension LocationEventSequence {
    /// The sequence's first element, for MMPReactiveCoreLocation's one-fix signals: registers like an iteration
    /// (asking for authorization and starting the service), and unregisters before it returns or throws,
    /// stopping the service when no iteration needs it.
    ///
    /// - Throws: `CancellationError` when the task is cancelled, before or while waiting; a `CLError` when an
    ///   event ends the wait (``LocationStreamEvent/oneFixFailure``).
    func oneFix() async throws -> Element {
        try Task.checkCancellation()
        let waiter = OneFixWaiter<Element>()
        let select = self.select
        let registration = streams.register(service) { event, now in
            if let element = select(event, now).first {
                waiter.resolve(.success(element))
            } else if let failure = event.oneFixFailure {
                waiter.resolve(.failure(failure))
            }
        }
        defer { registration.cancel() }
        return try await waiter.value()
    }
}

/// The outcome of one one-fix call.
///
/// The first result wins, whichever thread sets it and whether or not the caller already waits. Thread-safe.
final class OneFixWaiter<Element: Sendable>: Sendable {
    private struct State {
        var result: Result<Element, any Error>?
        var continuation: CheckedContinuation<Element, any Error>?
    }

    private let state = Locked(State())

    /// Sets the outcome, unless one is set already, and resumes the waiting caller.
    func resolve(_ result: Result<Element, any Error>) {
        let continuation = state.withLock { state -> CheckedContinuation<Element, any Error>? in
            guard state.result == nil else { return nil }
            state.result = result
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(with: result)
    }

    /// Waits for the outcome; cancelling the task sets it to `CancellationError`.
    func value() async throws -> Element {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let result = state.withLock { state in
                    if state.result == nil { state.continuation = continuation }
                    return state.result
                }
                if let result { continuation.resume(with: result) }
            }
        } onCancel: {
            resolve(.failure(CancellationError()))
        }
    }
}
