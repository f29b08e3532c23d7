import DBus
import Foundation
import LocationSupport
import SharedTestSupport
import Testing

private let echo = DBusMessage.methodCall(destination: "x.Test", path: "/x", interface: "x.Test", member: "Echo")

/// Runs a call on another thread and returns its outcome as text.
private func callOutcome(_ connection: DBusConnection, timeout: Double? = nil) -> String {
    do {
        return "reply \(try connection.call(echo, timeout: timeout).body)"
    } catch {
        return "\(error)"
    }
}

@Suite struct ConnectionFailureTests {
    @Test func malformedReplyClosesTheConnectionAndFailsTheCall() throws {
        let (bus, descriptor) = FakeBus.start { bus in
            try bus.acceptClient()
            let call = try bus.readMessage()
            var bytes = try DBusMessage.methodReturn(to: call).encoded(serial: 2)
            bytes[0] = UInt8(ascii: "X")
            try bus.write(bytes)
        }
        let connection = try DBusConnection(fileDescriptor: descriptor)
        let closed = Locked<DBusError?>(nil)
        let closedEvent = DispatchSemaphore(value: 0)
        connection.setEventHandler { event in
            if case .closed(let error) = event { closed.withLock { $0 = error } }
            closedEvent.signal()
        }
        let outcome = callOutcome(connection)
        bus.finish()
        #expect(closedEvent.wait(timeout: .now() + 5) == .success)
        let reason = "malformed D-Bus message at byte 0: endianness flag is 88, expected \"l\" (108) or \"B\" (66)"
        #expect(outcome == "D-Bus connection closed: \(reason)")
        #expect(
            closed.withLock { $0 }
                == .malformedMessage(offset: 0, reason: "endianness flag is 88, expected \"l\" (108) or \"B\" (66)"))
        #expect(!connection.isOpen)
        #expect(throws: DBusError.disconnected(reason: reason)) { try connection.call(echo) }
    }

    @Test func aLengthBeyondTheProtocolsLimitClosesTheConnection() throws {
        let (bus, descriptor) = FakeBus.start { bus in
            try bus.acceptClient()
            let call = try bus.readMessage()
            let bytes = try DBusMessage.methodReturn(to: call, body: [.uint32(1)]).encoded(serial: 2)
            try bus.write(Array(patched(bytes, uint32: 1 << 27, at: 4).prefix(16)))  // only the header is sent
            bus.waitForHangUp()
        }
        let connection = try DBusConnection(fileDescriptor: descriptor, maximumMessageSize: 4096)
        let outcome = callOutcome(connection)
        connection.close()
        bus.finish()
        #expect(
            outcome
                == "D-Bus connection closed: D-Bus message of \((1 << 27) + 32) bytes exceeds the limit of \(1 << 27)")
    }

    @Test func unansweredCallTimesOut() throws {
        let (bus, descriptor) = FakeBus.start { bus in
            try bus.acceptClient()
            _ = try bus.readMessage()
            bus.waitForHangUp()  // never answers
        }
        let connection = try DBusConnection(fileDescriptor: descriptor)
        #expect(callOutcome(connection, timeout: 0.05) == "no reply to Echo within 0.05 s")
        connection.close()
        bus.finish()
    }

    @Test func closeWakesAWaitingCall() throws {
        let received = DispatchSemaphore(value: 0)
        let (bus, descriptor) = FakeBus.start { bus in
            try bus.acceptClient()
            _ = try bus.readMessage()
            received.signal()
            bus.waitForHangUp()
        }
        let connection = try DBusConnection(fileDescriptor: descriptor)
        let outcome = Locked<String?>(nil)
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let text = callOutcome(connection, timeout: 30)
            outcome.withLock { $0 = text }
            finished.signal()
        }
        received.wait()
        connection.close()
        #expect(finished.wait(timeout: .now() + 5) == .success)
        #expect(outcome.withLock { $0 } == "D-Bus connection closed: closed by the client")
        bus.finish()
    }

    @Test func rejectedAuthenticationThrows() {
        let (bus, descriptor) = FakeBus.start { bus in
            try bus.rejectClient(with: "REJECTED DBUS_COOKIE_SHA1")
            bus.waitForHangUp()
        }
        #expect(
            throws: DBusError.authenticationFailed("the bus answered \"REJECTED DBUS_COOKIE_SHA1\" to AUTH EXTERNAL")
        ) {
            try DBusConnection(fileDescriptor: descriptor)
        }
        bus.finish()
    }

    @Test func silentBusTimesOutTheHandshake() {
        let (bus, descriptor) = FakeBus.start { bus in
            bus.waitForHangUp()
        }
        #expect(throws: DBusError.disconnected(reason: "no data within 0.05 s")) {
            try DBusConnection(fileDescriptor: descriptor, replyTimeout: 0.05)
        }
        bus.finish()
    }

    @Test func callFromTheEventHandlerIsRefusedInsteadOfDeadlocking() throws {
        let handlerSet = DispatchSemaphore(value: 0)
        let (bus, descriptor) = FakeBus.start { bus in
            try bus.acceptClient()
            handlerSet.wait()
            try bus.send(.signal(path: "/x", interface: "x.Test", member: "Tick"), serial: 2)
            bus.waitForHangUp()
        }
        let connection = try DBusConnection(fileDescriptor: descriptor)
        let outcome = Locked<String?>(nil)
        let done = DispatchSemaphore(value: 0)
        connection.setEventHandler { [weak connection] event in
            guard case .signal = event, let connection else { return }
            outcome.withLock { $0 = callOutcome(connection) }
            done.signal()
        }
        handlerSet.signal()
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(
            outcome.withLock { $0 }
                == "invalid D-Bus value: Echo called from the connection's event handler would wait forever")
        connection.close()
        bus.finish()
    }
}
