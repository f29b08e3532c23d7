import DBus
import Foundation
import SharedTestSupport
import Testing

@testable import LinuxCoreLocation

/// Issue 32, item 1: another local user's messages cannot take location away.
///
/// On a private `dbus-daemon` with the
/// system bus's 32 MiB message limit, a fake GeoClue sends fixes while a second peer sends the provider messages it
/// never asked for.
@Suite(.serialized) struct GeoClueHostilePeerTests {
    /// Runs `body` with a provider started on a private bus, fed by a fake GeoClue, once three fixes have come;
    /// stops everything afterwards.
    private static func withStartedProvider(
        _ body: (GeoClueLocationProvider, ProviderEvents, PrivateBus) throws -> Void
    ) throws {
        let bus = try PrivateBus.start()
        defer { bus.stop() }
        let geoclue = try BusGeoClue(address: bus.address, interval: 0.05)
        defer { geoclue.stop() }
        let address = bus.address
        let provider = GeoClueLocationProvider(
            options: GeoClueOptions(desktopID: "org.example.Test"), identifier: "geoclue:", replyTimeout: 2,
            announce: { _ in },
            connect: { timeout throws(DBusError) in try DBusConnection(address: address, replyTimeout: timeout) })
        let events = ProviderEvents()
        provider.start(events.handler)
        defer { provider.stop() }
        _ = events.wait(for: 3)
        try body(provider, events, bus)
    }

    /// Sends `message` to the started provider's connection from another connection to `bus`, then waits (at most
    /// 10 s of real time: the fake sends a fix every 50 ms) for 10 more fixes, and expects them and no failure, on the
    /// same connection.
    private static func send(
        _ message: DBusMessage, to provider: GeoClueLocationProvider, events: ProviderEvents, on bus: PrivateBus
    ) throws {
        let victim = try #require(provider.connectionName)
        let attacker = try DBusConnection(address: bus.address, maximumMessageSize: PrivateBus.maximumMessageSize)
        defer { attacker.close() }
        var addressed = message
        addressed.destination = victim
        try attacker.send(addressed)
        let before = events.all.count
        for _ in 0..<1000 where events.all.count < before + 10 && !events.all.contains(where: { $0.hasPrefix("f") }) {
            usleep(10_000)
        }
        #expect(!events.all.contains { $0.hasPrefix("failed") }, "\(events.failureReasons)")
        #expect(events.all.count >= before + 10, "fixes stopped after the message: \(events.all.suffix(3))")
        #expect(provider.connectionName == victim, "the same connection is still in use")
    }

    @Test func anOversizedSignalFromAnotherPeerIsSkippedAndFixesGoOn() throws {
        try Self.withStartedProvider { provider, events, bus in
            #expect(events.all == ["locations(1)", "locations(1)", "locations(1)"])
            // The tester's message: a unicast signal of 1,048,600 bytes, any interface, any member.
            let flood = DBusMessage.signal(
                path: "/org/example/Attack", interface: "org.example.Attack", member: "Flood",
                body: [.byteArray([UInt8](repeating: 0x41, count: 1_048_480))])
            try Self.send(flood, to: provider, events: events, on: bus)
            let statistics = try #require(provider.connectionStatistics)
            #expect(statistics.skippedBytes > 1 << 20, "the flood was skipped: \(statistics)")
            #expect(statistics.unreadableMessages == 0)
            #expect(provider.ignoredSignals.isEmpty, "a signal of no interest to the provider is not even counted")
        }
    }

    /// A `LocationUpdated` as large as the bus lets through, from a peer that is not GeoClue: its header says so,
    /// so its 32 MiB body is drained unread and the signal counted as not believed.
    @Test func aLocationUpdatedOfTheBussMaximumSizeFromAnotherPeerIsIgnoredUnread() throws {
        try Self.withStartedProvider { provider, events, bus in
            let spoof = DBusMessage.signal(
                path: FakeGeoClue.client, interface: GeoClueBus.clientInterface, member: "LocationUpdated",
                body: [
                    .objectPath("/"), .objectPath(FakeGeoClue.location),
                    .byteArray([UInt8](repeating: 0, count: 32 << 20 - 4096)),
                ])
            try Self.send(spoof, to: provider, events: events, on: bus)
            #expect(provider.ignoredSignals == ["a LocationUpdated not sent by GeoClue's unique name": 1])
            let statistics = try #require(provider.connectionStatistics)
            #expect(statistics.skippedBytes > 32 << 20 - 4096)
            #expect(statistics.unreadableMessages == 0)
        }
    }
}
