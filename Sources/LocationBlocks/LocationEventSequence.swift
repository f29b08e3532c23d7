import LinuxCoreLocation
import LocationSupport

/// An `AsyncSequence` of location events from a ``LocationStreams``: fixes, headings, region events, visits,
/// authorization statuses, pauses or errors.
///
/// Like the sequences of swift-async-algorithms, the value is only a description: each iteration
/// (`makeAsyncIterator()`) registers afresh and starts the service it needs (asking for authorization first
/// while it is not determined, see ``LocationStreams``); ending the loop (`break`, `return`, a thrown error),
/// dropping the iterator or cancelling the task unregisters it, stops the service when no other iteration of
/// the same ``LocationStreams`` needs it and — through the hub — the provider when no manager at all does. Iteration
/// never ends by itself otherwise. Elements are buffered between the callback queue and the consumer with
/// `AsyncStream`'s `.bufferingNewest(bufferLimit)` policy: a consumer that falls behind loses the oldest elements,
/// never the latest, and memory stays bounded. `Sendable`: iterate from any task.
public struct LocationEventSequence<Element: Sendable>: AsyncSequence, Sendable {
    let streams: LocationStreams
    let service: LocationStreamService
    let select: @Sendable (LocationStreamEvent, Date) -> [Element]

    /// Registers with the streams' managers, starting the service, and returns the iterator.
    public func makeAsyncIterator() -> Iterator {
        let (stream, continuation) = AsyncStream<Element>.makeStream(
            bufferingPolicy: .bufferingNewest(streams.bufferLimit))
        let select = self.select
        let registration = streams.register(service) { event, now in
            for element in select(event, now) { continuation.yield(element) }
        } finish: {
            continuation.finish()
        }
        continuation.onTermination = { _ in registration.cancel() }
        return Iterator(base: stream.makeAsyncIterator(), lifetime: IterationLifetime(registration))
    }

    /// Produces the elements of one iteration.
    public struct Iterator: AsyncIteratorProtocol {
        var base: AsyncStream<Element>.Iterator
        let lifetime: IterationLifetime

        /// The next element, waiting for it; `nil` once the task is cancelled.
        public mutating func next() async -> Element? {
            await base.next()
        }
    }
}

/// One iteration's registration with a ``LocationStreams``; cancelling it is idempotent and thread-safe.
final class LocationStreamRegistration: Sendable {
    private let streams: LocationStreams
    let id: Int
    private let cancelled = Locked(false)

    init(streams: LocationStreams, id: Int) {
        self.streams = streams
        self.id = id
    }

    /// Unregisters (stopping what no other iteration needs) and finishes the stream.
    func cancel() {
        let first = cancelled.withLock { cancelled in
            defer { cancelled = true }
            return !cancelled
        }
        if first { streams.unregister(id) }
    }
}

/// Held by an iterator alone: when the iterator goes away (the loop ended), its registration is cancelled.
final class IterationLifetime: Sendable {
    private let registration: LocationStreamRegistration

    init(_ registration: LocationStreamRegistration) {
        self.registration = registration
    }

    deinit {
        registration.cancel()
    }
}
