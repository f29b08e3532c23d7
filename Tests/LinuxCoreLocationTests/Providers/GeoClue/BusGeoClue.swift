import Foundation
import SharedTestSupport
import Synchronization

@testable import DBus
@testable import LinuxCoreLocation

/// A fake GeoClue2 on a real bus (a ``PrivateBus``): it owns `org.freedesktop.GeoClue2`, answers the provider's calls
/// as ``FakeGeoClue`` does, and once `Start` has been called emits a `LocationUpdated` every `interval` seconds, so
/// that fixes flow while a test attacks the provider from another connection.
///
/// Built from the DBus module's socket, stream and handshake, since `DBusConnection` exports no objects.
final class BusGeoClue: Sendable {
    /// The fake's unique name on the bus.
    let uniqueName: String
    private let socket: DBusSocket
    private let answers = FakeGeoClue()
    private let nextSerial = Atomic<UInt32>(1)
    private let started = Atomic<Bool>(false)
    private let stopped = Atomic<Bool>(false)
    private let ended = DispatchSemaphore(value: 0)

    /// Connects to `address`, takes GeoClue's name, and starts serving.
    ///
    /// - Throws: ``DBusError`` when the bus cannot be reached or refuses the name.
    init(address: DBusAddress, interval: Double) throws {
        socket = try DBusSocket.connect(to: address)
        let stream = DBusStream(socket: socket, maximumMessageSize: DBus.defaultMaximumMessageSize)
        _ = try DBusAuthentication.authenticate(stream, userID: DBusSocket.effectiveUserID, timeout: 5)
        let hello = try Self.call(GeoClueBus.busCall("Hello"), serial: 1, on: socket, stream: stream)
        guard case .string(let name)? = hello.body.first else { throw DBusError.invalidValue("no unique name") }
        uniqueName = name
        // Flag 4: DBUS_NAME_FLAG_DO_NOT_QUEUE; reply 1: DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER.
        let request = GeoClueBus.busCall("RequestName", [.string(GeoClueBus.service), .uint32(4)])
        guard try Self.call(request, serial: 2, on: socket, stream: stream).body == [.uint32(1)] else {
            throw DBusError.invalidValue("the bus did not give the fake GeoClue its name")
        }
        nextSerial.store(3, ordering: .relaxed)
        let reader = UncheckedBox(stream)
        Thread { [self] in
            serve(reader.value)
            ended.signal()
        }.start()
        Thread { [self] in
            while !stopped.load(ordering: .relaxed) {
                usleep(useconds_t(interval * 1_000_000))
                guard started.load(ordering: .relaxed) else { continue }
                send(
                    .signal(
                        path: FakeGeoClue.client, interface: GeoClueBus.clientInterface, member: "LocationUpdated",
                        body: [.objectPath("/"), .objectPath(FakeGeoClue.location)]))
            }
            ended.signal()
        }.start()
    }

    /// Stops serving and hangs up.
    func stop() {
        guard !stopped.exchange(true, ordering: .relaxed) else { return }
        socket.shutdown()
        ended.wait()
        ended.wait()
        socket.close()
    }

    /// Sends a call during the set-up and reads messages until its reply.
    private static func call(_ message: DBusMessage, serial: UInt32, on socket: DBusSocket, stream: DBusStream)
        throws -> DBusMessage
    {
        try socket.write(try message.encoded(serial: serial), timeout: 5)
        while true {
            let reply = try stream.readMessage(timeout: 5)
            if reply.replySerial == serial { return reply }
        }
    }

    private func send(_ message: DBusMessage) {
        let serial = nextSerial.add(1, ordering: .relaxed).oldValue
        guard let bytes = try? message.encoded(serial: serial) else { return }
        try? socket.write(bytes, timeout: 5)
    }

    /// Answers calls until the socket closes.
    private func serve(_ stream: DBusStream) {
        while let call = try? stream.readMessage(timeout: nil) {
            guard call.kind == .methodCall, call.destination != nil else { continue }
            for message in answers.standardAnswer(to: call) where message.kind != .signal { send(message) }
            if call.member == "Start" { started.store(true, ordering: .relaxed) }
            if call.member == "Stop" { started.store(false, ordering: .relaxed) }
        }
    }
}
