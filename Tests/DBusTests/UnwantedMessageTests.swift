import Foundation
import LocationSupport
import SharedTestSupport
import Testing

@testable import DBus

/// Issue 32, items 1 and 2: what a peer sends that nobody asked for, or that cannot be read, is skipped — unread,
/// not kept — and fails only what waited for it; the connection stays open.
@Suite struct UnwantedMessageTests {
    /// A signal from `:1.66` whose body is one byte array of `count` bytes.
    private static func flood(_ count: Int, member: String = "Flood") -> DBusMessage {
        var signal = DBusMessage.signal(
            path: "/x", interface: "x.Attack", member: member,
            body: [.byteArray([UInt8](repeating: 0x41, count: count))])
        signal.sender = ":1.66"
        return signal
    }

    private static let tick = DBusMessage.signal(path: "/x", interface: "x.Test", member: "Tick", body: [.uint32(5)])

    /// A connection with a 4 KiB message limit whose signals go to the returned log, the fake bus's `script` run
    /// once the handler is set.
    private static func connect(
        filter: (@Sendable (DBusMessageHeader) -> Bool)? = nil,
        script: @escaping @Sendable (DBusPeerEndpoint) throws -> Void
    ) throws -> (DBusConnection, FakeBus, Locked<[DBusConnection.Event]>, DispatchSemaphore) {
        let handlerSet = DispatchSemaphore(value: 0)
        let (bus, descriptor) = FakeBus.start { bus in
            try bus.acceptClient()
            handlerSet.wait()
            try script(bus)
        }
        let connection = try DBusConnection(fileDescriptor: descriptor, maximumMessageSize: 4096)
        let events = Locked<[DBusConnection.Event]>([])
        let ticked = DispatchSemaphore(value: 0)
        connection.setSignalFilter(filter)
        connection.setEventHandler { event in
            events.withLock { $0.append(event) }
            if case .signal(let signal) = event, signal.member == "Tick" { ticked.signal() }
        }
        handlerSet.signal()
        return (connection, bus, events, ticked)
    }

    @Test func aRefusedSignalOfAnySizeIsSkippedAndTheNextOneArrives() throws {
        let flood = try Self.flood(1 << 20).encoded(serial: 2, maximumSize: 1 << 27)
        let (connection, bus, events, ticked) = try Self.connect(
            filter: { $0.interface != "x.Attack" },
            script: { bus in
                try bus.write(flood)
                try bus.send(Self.tick, serial: 3)
                bus.waitForHangUp()
            })
        #expect(ticked.wait(timeout: .now() + 5) == .success)
        #expect(connection.isOpen)
        let statistics = connection.statistics
        #expect(statistics.skippedMessages == 1)
        #expect(statistics.skippedBytes == flood.count)
        #expect(statistics.unreadableMessages == 0)
        let signals = events.withLock { $0 }.compactMap { event in
            if case .signal(let signal) = event { signal.member } else { nil }
        }
        #expect(signals == ["Tick"])
        connection.close()
        bus.finish()
    }

    @Test func anAcceptedSignalOverTheLimitIsReportedAndTheConnectionStaysOpen() throws {
        let flood = try Self.flood(5000).encoded(serial: 2)
        let (connection, bus, events, ticked) = try Self.connect { bus in
            try bus.write(flood)
            try bus.send(Self.tick, serial: 3)
            bus.waitForHangUp()
        }
        #expect(ticked.wait(timeout: .now() + 5) == .success)
        #expect(connection.isOpen)
        let recorded = events.withLock { $0 }
        #expect(recorded.count == 2)
        if case .unreadable(let header, let error)? = recorded.first {
            #expect(header.member == "Flood")
            #expect(header.sender == ":1.66")
            #expect(error == .messageTooLarge(size: flood.count, limit: 4096))
        } else {
            Issue.record("expected the flood reported as unreadable first, got \(recorded)")
        }
        #expect(connection.statistics.unreadableMessages == 1)
        connection.close()
        bus.finish()
    }

    @Test func aRefusedSignalsBodyIsNeverDecoded() throws {
        // A body that does not match its signature: decoding it would count it as unreadable.
        var encoded = try DBusMessage.signal(path: "/x", interface: "x.Attack", member: "Bad", body: [.boolean(true)])
            .encoded(serial: 2)
        encoded[encoded.count - 4] = 7
        let broken = encoded
        let (connection, bus, _, ticked) = try Self.connect(
            filter: { $0.interface != "x.Attack" },
            script: { bus in
                try bus.write(broken)
                try bus.send(Self.tick, serial: 3)
                bus.waitForHangUp()
            })
        #expect(ticked.wait(timeout: .now() + 5) == .success)
        #expect(connection.statistics.skippedMessages == 1)
        #expect(connection.statistics.unreadableMessages == 0)
        connection.close()
        bus.finish()
    }

    @Test func malformedMessagesAreSkippedWhole() throws {
        var encoded = try DBusMessage.signal(path: "/x", interface: "x.Test", member: "Bad", body: [.boolean(true)])
            .encoded(serial: 2)
        encoded[encoded.count - 4] = 2  // boolean 2
        let badBody = encoded
        encoded = try Self.tick.encoded(serial: 3)
        encoded[1] = 9  // unknown message type
        let badHeader = encoded
        let (connection, bus, events, ticked) = try Self.connect { bus in
            try bus.write(badBody + badHeader)
            try bus.send(Self.tick, serial: 4)
            bus.waitForHangUp()
        }
        #expect(ticked.wait(timeout: .now() + 5) == .success)
        #expect(connection.isOpen)
        #expect(connection.statistics.unreadableMessages == 2)
        let recorded = events.withLock { $0 }
        if case .unreadable(let header, let error)? = recorded.first {
            #expect(header.member == "Bad")
            #expect(error == .malformedMessage(offset: badBody.count - 4, reason: "boolean is 2, expected 0 or 1"))
        } else {
            Issue.record("expected the bad body reported first, got \(recorded)")
        }
        #expect(recorded.count == 2, "the unknown message type is skipped without a word: \(recorded)")
        connection.close()
        bus.finish()
    }

    @Test func anOversizedReplyFailsItsCallAlone() throws {
        let (bus, descriptor) = FakeBus.start { bus in
            try bus.acceptClient()
            let first = try bus.readMessage()
            let reply = DBusMessage.methodReturn(to: first, body: [.byteArray([UInt8](repeating: 1, count: 8000))])
            try bus.write(try reply.encoded(serial: 2, maximumSize: 1 << 27))
            let second = try bus.readMessage()
            try bus.send(.methodReturn(to: second, body: [.string("fine")]), serial: 3)
            bus.waitForHangUp()
        }
        let connection = try DBusConnection(fileDescriptor: descriptor, maximumMessageSize: 4096)
        let echo = DBusMessage.methodCall(destination: "x.Test", path: "/x", interface: "x.Test", member: "Echo")
        do {
            _ = try connection.call(echo)
            Issue.record("the oversized reply was read")
        } catch DBusError.messageTooLarge(let size, let limit) {
            #expect(size > 8000)
            #expect(limit == 4096)
        }
        #expect(try connection.call(echo).body == [.string("fine")])
        #expect(connection.statistics.unreadableMessages == 1)
        connection.close()
        bus.finish()
    }

    @Test func aSkippedMessageIsDrainedThroughTheBufferNotKept() throws {
        let (bus, descriptor) = FakeBus.start { bus in
            try bus.write(try Self.flood(4 << 20).encoded(serial: 2, maximumSize: 1 << 27))
            try bus.write(try Self.flood(64 << 10).encoded(serial: 3, maximumSize: 1 << 27))
            try bus.send(Self.tick, serial: 4)
        }
        let stream = DBusStream(socket: DBusSocket(fileDescriptor: descriptor), maximumMessageSize: 4096)
        defer { stream.socket.close() }
        let unwanted = try stream.readHeader(timeout: 5)
        #expect(unwanted.length > 4 << 20)
        try stream.skip(unwanted, timeout: 5)
        let tooLarge = try stream.readHeader(timeout: 5)
        #expect(throws: DBusError.messageTooLarge(size: tooLarge.length, limit: 4096)) {
            try stream.readBody(of: tooLarge, timeout: 5).get()
        }
        #expect(try stream.readMessage(timeout: 5).member == "Tick")
        #expect(stream.bufferCapacity == DBusStream.readSize, "nothing was read whole")
        bus.finish()
    }

    @Test func byteArraysDecodeAsBytesAndEqualTheirArrayForm() throws {
        let bytes: [UInt8] = [0, 1, 0xFF]
        let message = DBusMessage.signal(
            path: "/x", interface: "x.Test", member: "Bytes", body: [.array(.byte, bytes.map(DBusValue.byte))])
        let decoded = try DBusMessage(decoding: try message.encoded(serial: 1))
        #expect(decoded.body == [.byteArray(bytes)])
        #expect(decoded.body == message.body)
        #expect(DBusValue.byteArray(bytes).type == .array(.byte))
        #expect(DBusValue.byteArray(bytes) != .array(.byte, [.byte(0), .byte(1)]))
        #expect(try DBusMessage(decoding: try decoded.encoded(serial: 1)) == decoded)
    }
}
