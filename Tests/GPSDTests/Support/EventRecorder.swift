import Dispatch
import GPSD

/// Collects a client's events and lets a test wait, with a timeout, for a condition on them.
///
/// The list is confined to a serial queue rather than a `Mutex`: on Linux, `Mutex` blocks in the
/// (uninstrumented) futex slow path under contention, which ThreadSanitizer cannot see.
final class EventRecorder: @unchecked Sendable {
    private let queue = DispatchQueue(label: "EventRecorder")
    private var events: [GPSDEvent] = []
    private let arrivals = DispatchSemaphore(value: 0)

    func record(_ event: GPSDEvent) {
        queue.sync { events.append(event) }
        arrivals.signal()
    }

    var all: [GPSDEvent] { queue.sync { events } }

    /// Waits until `condition` holds for the events so far; `false` after `timeout` seconds.
    ///
    /// The timeout only bounds a failing test; no assertion depends on timing.
    func wait(timeout: Double = 10, until condition: ([GPSDEvent]) -> Bool) -> Bool {
        let deadline = DispatchTime.now() + timeout
        while !condition(all) {
            if arrivals.wait(timeout: deadline) == .timedOut { return condition(all) }
        }
        return true
    }

    /// Waits until `count` events match `predicate`.
    func wait(for count: Int = 1, timeout: Double = 10, _ predicate: @escaping (GPSDEvent) -> Bool) -> Bool {
        wait(timeout: timeout) { $0.filter(predicate).count >= count }
    }

    var tpvs: [GPSDTPV] {
        all.compactMap { if case .report(.tpv(let tpv)) = $0 { tpv } else { nil } }
    }

    var disconnects: [(reason: GPSDDisconnectReason, retryAfter: Double?)] {
        all.compactMap { if case .disconnected(let reason, let delay) = $0 { (reason, delay) } else { nil } }
    }

    var protocolErrors: [GPSDProtocolError] {
        all.compactMap { if case .protocolError(let error) = $0 { error } else { nil } }
    }
}

extension GPSDEvent {
    var isTPV: Bool { if case .report(.tpv) = self { true } else { false } }
    var isDisconnect: Bool { if case .disconnected = self { true } else { false } }
    var isConnect: Bool { if case .connected = self { true } else { false } }
    var isErrorReply: Bool { if case .errorReply = self { true } else { false } }
    var isProtocolError: Bool { if case .protocolError = self { true } else { false } }
}
