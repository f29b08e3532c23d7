import DBus
import Foundation
import LocationSupport
import SharedTestSupport
import Testing

/// Collects a connection's events for the test thread.
private final class EventLog: Sendable {
    private let events = Locked<[DBusConnection.Event]>([])
    private let arrived = DispatchSemaphore(value: 0)
    func record(_ event: DBusConnection.Event) {
        events.withLock { $0.append(event) }
        arrived.signal()
    }
    /// Waits (at most 5 s) for the next event and returns everything so far.
    func next() -> [DBusConnection.Event] {
        _ = arrived.wait(timeout: .now() + 5)
        return events.withLock { $0 }
    }
}

private let ping = DBusMessage.methodCall(destination: "x.Test", path: "/x", interface: "x.Test", member: "Echo")

@Suite struct ConnectionTests {
    @Test func handshakeSendsTheUserIDAndHelloGivesTheUniqueName() throws {
        let authLine = Locked<String?>(nil)
        let (bus, descriptor) = FakeBus.start { bus in
            authLine.withLock { $0 = try? bus.acceptClient(uniqueName: ":1.7") }
        }
        let connection = try DBusConnection(fileDescriptor: descriptor)
        bus.finish()
        let hexDigits = String(FakeBus.userID).unicodeScalars.map { String($0.value, radix: 16) }.joined()
        #expect(authLine.withLock { $0 } == "AUTH EXTERNAL \(hexDigits)")
        #expect(connection.uniqueName == ":1.7")
    }

    @Test func callsGetTheirRepliesAndErrors() throws {
        let (bus, descriptor) = FakeBus.start { bus in
            try bus.acceptClient()
            let calls = [try bus.readMessage(), try bus.readMessage()]
            // Answer the error first, whatever the order they came in: replies are matched by serial.
            let failing = try #require(calls.first { $0.body == [.string("b")] })
            let echoing = try #require(calls.first { $0.body == [.string("a")] })
            try bus.send(.error(to: failing, name: "x.Error.Nope", text: "not today"), serial: 2)
            try bus.send(.methodReturn(to: echoing, body: echoing.body), serial: 3)
        }
        let connection = try DBusConnection(fileDescriptor: descriptor)
        let results = Locked<[String: String]>([:])
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let argument = index == 0 ? "a" : "b"
            var message = ping
            message.body = [.string(argument)]
            let outcome: String
            do { outcome = "reply \(try connection.call(message).body)" } catch { outcome = "\(error)" }
            results.withLock { $0[argument] = outcome }
        }
        bus.finish()
        #expect(
            results.withLock { $0 } == ["a": "reply [DBus.DBusValue.string(\"a\")]", "b": "x.Error.Nope: not today"])
    }

    @Test func signalsReachTheHandlerAndPeerCallsAreAnswered() throws {
        let answers = Locked<[DBusMessage]>([])
        let handlerSet = DispatchSemaphore(value: 0)
        let (bus, descriptor) = FakeBus.start { bus in
            try bus.acceptClient()
            handlerSet.wait()
            try bus.send(.signal(path: "/x", interface: "x.Test", member: "Tick", body: [.uint32(5)]), serial: 2)
            try bus.send(
                .methodCall(destination: ":1.7", path: "/", interface: "org.freedesktop.DBus.Peer", member: "Ping"),
                serial: 3)
            try bus.send(.methodCall(destination: ":1.7", path: "/", interface: "x.Test", member: "Poke"), serial: 4)
            let replies = [try bus.readMessage(), try bus.readMessage()]
            answers.withLock { $0 = replies }
        }
        let log = EventLog()
        let connection = try DBusConnection(fileDescriptor: descriptor)
        connection.setEventHandler(log.record)
        handlerSet.signal()
        bus.finish()
        var events = log.next()
        if events.count < 2 { events = log.next() }
        #expect(events.count == 2)
        if case .signal(let signal)? = events.first {
            #expect(signal.member == "Tick")
            #expect(signal.body == [.uint32(5)])
        } else {
            Issue.record("expected the signal first, got \(events)")
        }
        if case .closed(.disconnected(let reason))? = events.last {
            #expect(reason == "end of stream")
        } else {
            Issue.record("expected the hang-up last, got \(events)")
        }
        let replies = answers.withLock { $0 }
        #expect(replies.map(\.kind) == [.methodReturn, .error])
        #expect(replies.map(\.replySerial) == [3, 4])
        #expect(replies.last?.errorName == "org.freedesktop.DBus.Error.UnknownMethod")
    }

}
