import DBus
import Foundation
import LocationSupport
import SharedTestSupport
import Synchronization
import Testing

@testable import LinuxCoreLocation

/// Which signals the provider believes (issue 16, "Trust"), and how often it tells about updates it skips, against
/// the fake GeoClue; the same spoofs against a real `dbus-daemon` are in `GeoClueIntegrationTests`.
@Suite struct GeoClueTrustTests {
    /// Polls `condition` for at most 5 s of real time: the fake answers on a thread of its own.
    private func wait(_ condition: () -> Bool) -> Bool {
        for _ in 0..<500 where !condition() { usleep(10_000) }
        return condition()
    }

    /// A `LocationUpdated` of the fake's client naming `location`, sent by `sender` (`nil`: GeoClue's unique name).
    private static func update(_ location: String = FakeGeoClue.location, sender: String? = nil) -> DBusMessage {
        var signal = DBusMessage.signal(
            path: FakeGeoClue.client, interface: GeoClueBus.clientInterface, member: "LocationUpdated",
            body: [.objectPath("/"), .objectPath(location)])
        signal.sender = sender
        return signal
    }

    /// A `NameOwnerChanged` about GeoClue's name, sent by `sender` (`nil`: the bus).
    private static func ownerChanged(from old: String, to new: String, sender: String? = nil) -> DBusMessage {
        var signal = DBusMessage.signal(
            path: DBus.busPath, interface: DBus.busInterface, member: "NameOwnerChanged",
            body: [.string(GeoClueBus.service), .string(old), .string(new)])
        signal.sender = sender
        return signal
    }

    /// A provider on a fake whose `Start` is answered with `signals`, and the lines it announces.
    private static func start(after signals: [DBusMessage], location: [(String, DBusValue)] = FakeGeoClue.paris)
        -> (GeoClueLocationProvider, ProviderEvents, FakeGeoClue, Locked<[String]>)
    {
        let fake = FakeGeoClue(location: location) { call in
            call.member == "Start" ? [.methodReturn(to: call)] + signals : nil
        }
        let announced = Locked<[String]>([])
        let provider = GeoClueLocationProvider(
            options: GeoClueOptions(desktopID: "org.example.Test"), identifier: "geoclue:", replyTimeout: 1,
            announce: { line in announced.withLock { $0.append(line) } }, connect: fake.connect)
        let events = ProviderEvents()
        provider.start(events.handler)
        return (provider, events, fake, announced)
    }

    @Test func signalsNotFromGeoCluesUniqueNameOrTheBusAreIgnored() {
        let (provider, events, fake, announced) = Self.start(after: [
            Self.ownerChanged(from: FakeGeoClue.uniqueName, to: "", sender: ":1.66"),  // "GeoClue left", says a user
            Self.update(sender: ":1.66"),  // a location of the spoofer's choosing
            Self.update("/org/freedesktop/GeoClue2/Client/2/Location/1"),  // another client's
            Self.update("/org/example/Elsewhere"),
            Self.update(),  // the real one, last
        ])
        defer { provider.stop() }
        #expect(events.wait(for: 1) == ["locations(1)"])
        #expect(fake.calls.filter { $0 == "GetAll" }.count == 1, "only the genuine update is read")
        #expect(
            provider.ignoredSignals == [
                "a NameOwnerChanged not sent by the bus": 1, "a LocationUpdated not sent by GeoClue's unique name": 1,
                "a LocationUpdated not about this client's locations": 2,
            ])
        #expect(
            announced.withLock { $0 }.sorted() == [
                "geoclue: ignored a LocationUpdated not about this client's locations (further ones are counted, not "
                    + "shown)",
                "geoclue: ignored a LocationUpdated not sent by GeoClue's unique name (further ones are counted, not "
                    + "shown)",
                "geoclue: ignored a NameOwnerChanged not sent by the bus (further ones are counted, not shown)",
            ])
    }

    @Test func aNewOwnerAnnouncedByTheBusIsFollowed() {
        let (provider, events, fake, _) = Self.start(after: [
            Self.ownerChanged(from: FakeGeoClue.uniqueName, to: ":1.9"),
            Self.update(),  // from the old owner's name: no longer GeoClue
            Self.update(sender: ":1.9"),
        ])
        defer { provider.stop() }
        #expect(events.wait(for: 1) == ["locations(1)"])
        #expect(fake.calls.filter { $0 == "GetAll" }.count == 1)
        #expect(provider.ignoredSignals == ["a LocationUpdated not sent by GeoClue's unique name": 1])
    }

    @Test func theBusSayingGeoClueLeftStillFailsTheProvider() {
        let (provider, events, _, announced) = Self.start(after: [
            Self.ownerChanged(from: FakeGeoClue.uniqueName, to: "")
        ])
        defer { provider.stop() }
        #expect(events.wait(for: 1) == ["failed(network)"])
        // The reason travels with the error (issue 15's tester, item 7), not on a line of its own.
        #expect(events.failureReasons == ["GeoClue service failed: D-Bus connection closed: GeoClue2 left the bus"])
        #expect(announced.withLock { $0 }.isEmpty)
    }

    /// Issue 16: an infinite accuracy printed one line per update; now one line per cause, then a count.
    @Test func skippedUpdatesAreAnnouncedOncePerCauseAndCountedAtStop() {
        var infinite = FakeGeoClue.paris
        infinite[2] = ("Accuracy", .double(.infinity))
        let (provider, events, fake, announced) = Self.start(
            after: Array(repeating: Self.update(), count: 4), location: infinite)
        #expect(wait { provider.skippedFixCount == 4 })
        #expect(fake.calls.filter { $0 == "GetAll" }.count == 4)
        provider.stop()
        #expect(events.all.isEmpty)
        #expect(
            announced.withLock { $0 } == [
                "geoclue: fix skipped: \(FakeGeoClue.location): accuracy inf is not a distance (further fixes skipped "
                    + "for this reason are counted, not shown)",
                "geoclue: 4 fixes skipped: Accuracy is not a distance",
            ])
    }
}
