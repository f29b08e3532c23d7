import DBus
import Foundation
import LocationSupport
import SharedTestSupport
import Synchronization

@testable import LinuxCoreLocation

/// A GeoClue2 and bus stand-in on socket pairs: each connection the provider opens gets a thread that answers like
/// GeoClue 2.6 does, with the overrides a test gives, and records the calls it received.
final class FakeGeoClue: Sendable {
    /// What the fake sends for one call: replies and signals, in order.
    typealias Override = @Sendable (DBusMessage) -> [DBusMessage]?

    static let client = "/org/freedesktop/GeoClue2/Client/1"
    /// GeoClue makes each location an object under its client's path.
    static let location = "/org/freedesktop/GeoClue2/Client/1/Location/7"
    /// GeoClue's unique name on the fake bus, which the fake writes as the sender of GeoClue's messages.
    static let uniqueName = ":1.4"

    /// The properties of ``location`` that `GetAll` returns.
    let locationProperties: Locked<[(String, DBusValue)]>
    private let override: Override?
    private let received = Locked<[String]>([])
    private let ended = DispatchSemaphore(value: 0)
    private let connections = Atomic<Int>(0)

    init(location: [(String, DBusValue)] = FakeGeoClue.paris, override: Override? = nil) {
        locationProperties = Locked(location)
        self.override = override
    }

    /// A fix as GeoClue's NMEA source makes it: altitude and speed known, heading unknown.
    static let paris: [(String, DBusValue)] = [
        ("Latitude", .double(48.8584)), ("Longitude", .double(2.2945)), ("Accuracy", .double(3)),
        ("Altitude", .double(35)), ("Speed", .double(5.5)), ("Heading", .double(-1)), ("Description", .string("")),
        ("Timestamp", .structure([.uint64(1_767_225_600), .uint64(250_000)])),
    ]

    /// The calls received so far, as `Member` or `Set DesktopId=…`, across connections.
    var calls: [String] { received.withLock { $0 } }

    /// Opens a connection to a new session of the fake.
    func connect(_ timeout: Double) throws(DBusError) -> DBusConnection {
        let (bus, client) = GeoClueTestSockets.pair()
        let endpoint = UncheckedBox(DBusPeerEndpoint(fileDescriptor: bus))
        connections.add(1, ordering: .relaxed)
        Thread { [self] in
            serve(endpoint.value)
            endpoint.value.close()
            ended.signal()
        }.start()
        return try DBusConnection(fileDescriptor: client, replyTimeout: timeout)
    }

    /// Waits until every session has ended (the provider closed its connections).
    func waitForAllSessionsToEnd() -> Bool {
        (0..<connections.load(ordering: .relaxed)).allSatisfy { _ in ended.wait(timeout: .now() + 5) == .success }
    }

    private func serve(_ endpoint: DBusPeerEndpoint) {
        var serial: UInt32 = 100
        do {
            try endpoint.acceptClient()
            while true {
                let call = try endpoint.readMessage(timeout: 10)
                record(call)
                for message in override?(call) ?? standardAnswer(to: call) {
                    serial += 1
                    // Any size a bus passes on, over the client's limit too.
                    try endpoint.write(
                        try Self.stamped(message, answering: call).encoded(
                            serial: serial, maximumSize: DBus.protocolMaximumMessageSize))
                }
            }
        } catch {
            // The provider hung up: the session is over.
        }
    }

    /// The message with the sender a bus would write, unless the test set one: the bus for its own signals and
    /// its answers to calls to it, GeoClue's unique name for everything else.
    private static func stamped(_ message: DBusMessage, answering call: DBusMessage) -> DBusMessage {
        guard message.sender == nil else { return message }
        var stamped = message
        let fromBus =
            message.kind == .signal ? message.path == DBus.busPath : call.destination == DBus.busName
        stamped.sender = fromBus ? DBus.busName : uniqueName
        return stamped
    }

    private func record(_ call: DBusMessage) {
        var entry = call.member ?? "?"
        if entry == "Set", call.body.count == 3, case .string(let name) = call.body[1],
            case .variant(let value) = call.body[2]
        {
            entry = "Set \(name)=\(value.stringValue ?? value.unsignedValue.map { "\($0)" } ?? "?")"
        }
        received.withLock { $0.append(entry) }
    }

    /// GeoClue's answers: a client path, empty replies, and after `Start` one `LocationUpdated`.
    func standardAnswer(to call: DBusMessage) -> [DBusMessage] {
        switch call.member {
        case "NameHasOwner": return [.methodReturn(to: call, body: [.boolean(true)])]
        case "GetClient": return [.methodReturn(to: call, body: [.objectPath(Self.client)])]
        case "GetNameOwner": return [.methodReturn(to: call, body: [.string(Self.uniqueName)])]
        case "GetAll": return [.methodReturn(to: call, body: [.dictionary(locationProperties.withLock { $0 })])]
        case "Start":
            return [
                .methodReturn(to: call),
                .signal(
                    path: Self.client, interface: GeoClueBus.clientInterface, member: "LocationUpdated",
                    body: [.objectPath("/"), .objectPath(Self.location)]),
            ]
        default: return [.methodReturn(to: call)]
        }
    }
}

/// Collects a provider's events.
final class ProviderEvents: Sendable {
    private let events = Locked<[String]>([])
    private let locations = Locked<[CLLocation]>([])
    private let reasons = Locked<[String]>([])
    private let arrived = DispatchSemaphore(value: 0)

    var handler: @Sendable (LocationProviderEvent) -> Void {
        { [self] event in
            let text: String
            switch event {
            case .locations(let fixes):
                locations.withLock { $0 += fixes }
                text = "locations(\(fixes.count))"
            case .failed(let error):
                reasons.withLock { $0.append((error.userInfo[NSUnderlyingErrorKey]).map { "\($0)" } ?? "") }
                text = "failed(\(error.code))"
            case .fixLost: text = "fixLost"
            case .heading: text = "heading"
            case .finished: text = "finished"
            }
            events.withLock { $0.append(text) }
            arrived.signal()
        }
    }

    var all: [String] { events.withLock { $0 } }
    var fixes: [CLLocation] { locations.withLock { $0 } }
    /// The underlying error of each failure, as text (`""` when there is none).
    var failureReasons: [String] { reasons.withLock { $0 } }

    /// Waits (at most 5 s of real time, for the fake's thread) until `count` events have arrived.
    func wait(for count: Int) -> [String] {
        while all.count < count, arrived.wait(timeout: .now() + 5) == .success {}
        return all
    }
}
