import Dispatch
import Foundation

/// The shared state of a ``DBusConnection`` that its reader thread holds on to.
///
/// Its locks are `NSLock`s (pthread mutexes), as in ``DBusSocket``: `Mutex` hands a contended lock over through
/// a futex path ThreadSanitizer does not see on Linux, which it then reports as a race (seen in CI on the
/// concurrent-calls test). `@unchecked Sendable` because the state is only touched under `lock`.
final class DBusConnectionCore: @unchecked Sendable {
    private final class PendingReply: @unchecked Sendable {
        let arrived = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var value: Result<DBusMessage, DBusError>?

        /// The reply or failure, once ``arrived`` has been signalled.
        var result: Result<DBusMessage, DBusError>? { lock.withLock { value } }

        func resolve(_ value: Result<DBusMessage, DBusError>) {
            lock.withLock { self.value = value }
            arrived.signal()
        }
    }

    private struct State {
        var nextSerial: UInt32 = 1
        var pending: [UInt32: PendingReply] = [:]
        var handler: (@Sendable (DBusConnection.Event) -> Void)?
        var filter: (@Sendable (DBusMessageHeader) -> Bool)?
        var statistics = DBusConnectionStatistics()
        var closedReason: String?
        var readerThread: UInt?
    }

    let socket: DBusSocket
    let maximumMessageSize: Int
    private let lock = NSLock()
    private var state = State()
    /// Held while the handler runs (and while deciding whether to run it), so that ``close()`` can wait for a running
    /// handler to finish and no handler starts after it returns.
    private let delivery = NSLock()

    init(socket: DBusSocket, maximumMessageSize: Int) {
        self.socket = socket
        self.maximumMessageSize = maximumMessageSize
    }

    /// Runs `body` with the state under the lock.
    private func withState<T, Failure: Error>(_ body: (inout State) throws(Failure) -> T) throws(Failure) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }

    var isOpen: Bool { withState { $0.closedReason == nil } }

    func setEventHandler(_ handler: (@Sendable (DBusConnection.Event) -> Void)?) {
        withState { $0.handler = handler }
    }

    func setSignalFilter(_ filter: (@Sendable (DBusMessageHeader) -> Bool)?) {
        withState { $0.filter = filter }
    }

    var statistics: DBusConnectionStatistics { withState { $0.statistics } }

    /// Starts the reader thread, which owns `stream` from now on.
    func startReading(_ stream: DBusStream) {
        let box = StreamBox(stream)
        let thread = Thread { [self] in
            withState { $0.readerThread = DBusSocket.currentThreadID }
            readLoop(box.stream)
        }
        thread.name = "DBusConnection reader"
        thread.start()
    }

    func send(_ message: DBusMessage, timeout: Double) throws(DBusError) -> UInt32 {
        let serial = try reserveSerial()
        try socket.write(try message.encoded(serial: serial, maximumSize: maximumMessageSize), timeout: timeout)
        return serial
    }

    func call(_ message: DBusMessage, timeout: Double) throws(DBusError) -> DBusMessage {
        let member = message.member ?? "?"
        guard !isReaderThread else {
            throw .invalidValue("\(member) called from the connection's event handler would wait forever")
        }
        let serial = try reserveSerial()
        let pending = PendingReply()
        let bytes = try message.encoded(serial: serial, maximumSize: maximumMessageSize)
        try withState { (state) throws(DBusError) in
            if let reason = state.closedReason { throw .disconnected(reason: reason) }
            state.pending[serial] = pending
        }
        do {
            try socket.write(bytes, timeout: timeout)
        } catch {
            _ = withState { $0.pending.removeValue(forKey: serial) }
            throw error
        }
        if pending.arrived.wait(timeout: .now() + timeout) == .timedOut {
            _ = withState { $0.pending.removeValue(forKey: serial) }
            throw .timedOut(member: member, seconds: timeout)
        }
        let reply = try pending.result!.get()
        if reply.kind == .error {
            throw .errorReply(name: reply.errorName ?? "", message: reply.errorText)
        }
        return reply
    }

    func close() {
        let reader = withState { state in
            state.closedReason = state.closedReason ?? "closed by the client"
            return state.readerThread
        }
        socket.shutdown()
        if reader != DBusSocket.currentThreadID {
            delivery.lock()  // a handler running now finishes before close returns
            delivery.unlock()
        }
    }

    private var isReaderThread: Bool {
        withState { $0.readerThread } == DBusSocket.currentThreadID
    }

    private func reserveSerial() throws(DBusError) -> UInt32 {
        try withState { (state) throws(DBusError) in
            if let reason = state.closedReason { throw .disconnected(reason: reason) }
            defer { state.nextSerial = state.nextSerial == .max ? 1 : state.nextSerial + 1 }
            return state.nextSerial
        }
    }

    private func readLoop(_ stream: DBusStream) {
        var failure: DBusError
        while true {
            do {
                try receive(from: stream)
            } catch {
                failure = error
                break
            }
        }
        delivery.lock()
        let (pending, handler, closedByClient) = withState { state in
            defer {
                state.pending = [:]
                state.closedReason = state.closedReason ?? failure.description
            }
            return (Array(state.pending.values), state.handler, state.closedReason != nil)
        }
        let reason = closedByClient ? "closed by the client" : failure.description
        for reply in pending { reply.resolve(.failure(.disconnected(reason: reason))) }
        if !closedByClient { handler?(.closed(failure)) }
        delivery.unlock()
        socket.close()
    }

    /// Reads the next message and acts on it, reading its body only when somebody wants it.
    ///
    /// Somebody wants a reply a call waits for and a signal the filter accepts; everything else is skipped.
    ///
    /// - Throws: What ends the connection: the stream ended, or it lost track of where messages begin.
    private func receive(from stream: DBusStream) throws(DBusError) {
        let frame = try stream.readHeader(timeout: nil)
        guard case .success(let header) = frame.header else {
            countUnreadable()
            try stream.skip(frame, timeout: nil)
            return
        }
        switch header.kind {
        case .methodReturn, .error:
            let pending = withState { state in header.replySerial.flatMap { state.pending.removeValue(forKey: $0) } }
            guard let pending else { return try skip(frame, in: stream) }
            let result: Result<DBusMessage, DBusError>
            do {
                result = try stream.readBody(of: frame, timeout: nil)
            } catch {
                pending.resolve(.failure(.disconnected(reason: error.description)))
                throw error
            }
            if case .failure = result { countUnreadable() }
            pending.resolve(result)
        case .signal:
            guard wants(header) else { return try skip(frame, in: stream) }
            switch try stream.readBody(of: frame, timeout: nil) {
            case .success(let signal): deliver(.signal(signal))
            case .failure(let error):
                countUnreadable()
                deliver(.unreadable(header, error))
            }
        case .methodCall:
            try skip(frame, in: stream)
            guard !header.flags.contains(.noReplyExpected) else { return }
            let call = DBusMessage(header: header)
            let reply: DBusMessage =
                header.interface == "org.freedesktop.DBus.Peer" && header.member == "Ping"
                ? .methodReturn(to: call)
                : .error(
                    to: call, name: "org.freedesktop.DBus.Error.UnknownMethod",
                    text: "this client exports no objects")
            _ = try send(reply, timeout: DBus.defaultReplyTimeout)
        }
    }

    /// Whether somebody wants the body of the signal with `header`: an event handler is set and the signal filter, if
    /// any, accepts it.
    ///
    /// Asked under the delivery lock, so that no filter runs once ``close()`` has returned. Without a handler nobody
    /// would receive the signal, and a signal read then (the bus's `NameAcquired`, right after `Hello`) would otherwise
    /// reach a handler set a moment later without passing a filter set with it.
    private func wants(_ header: DBusMessageHeader) -> Bool {
        delivery.lock()
        defer { delivery.unlock() }
        let (filter, hasHandler, open) = withState { ($0.filter, $0.handler != nil, $0.closedReason == nil) }
        guard open, hasHandler else { return false }
        return filter?(header) ?? true
    }

    /// Hands `event` to the handler unless the connection is closed.
    private func deliver(_ event: DBusConnection.Event) {
        delivery.lock()
        defer { delivery.unlock() }
        let (handler, open) = withState { ($0.handler, $0.closedReason == nil) }
        if open { handler?(event) }
    }

    /// Skips a message nobody wants, counting it.
    private func skip(_ frame: DBusStream.Frame, in stream: DBusStream) throws(DBusError) {
        withState { state in
            state.statistics.skippedMessages += 1
            state.statistics.skippedBytes += frame.length
        }
        try stream.skip(frame, timeout: nil)
    }

    private func countUnreadable() {
        withState { $0.statistics.unreadableMessages += 1 }
    }
}

/// Hands the stream, which is not Sendable, to the reader thread that alone uses it from then on.
private final class StreamBox: @unchecked Sendable {
    let stream: DBusStream
    init(_ stream: DBusStream) { self.stream = stream }
}
