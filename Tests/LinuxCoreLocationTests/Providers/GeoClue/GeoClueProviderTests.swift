import DBus
import Foundation
import Synchronization
import Testing

@testable import LinuxCoreLocation

private func provider(_ fake: FakeGeoClue, desktopID: String = "org.example.Test") -> GeoClueLocationProvider {
    GeoClueLocationProvider(
        options: GeoClueOptions(accuracyLevel: .street, desktopID: desktopID, distanceThreshold: 10, timeThreshold: 2),
        replyTimeout: 1, connect: fake.connect)
}

@Suite struct GeoClueProviderTests {
    @Test func startConfiguresTheClientAndDeliversTheFixAndStopReleasesIt() throws {
        let fake = FakeGeoClue()
        let geoclue = provider(fake)
        let events = ProviderEvents()
        geoclue.start(events.handler)
        #expect(events.wait(for: 1) == ["locations(1)"])
        let fix = try #require(events.fixes.first)
        #expect(fix.coordinate.latitude == 48.8584)
        #expect(fix.coordinate.longitude == 2.2945)
        #expect(fix.horizontalAccuracy == 3)
        #expect(fix.altitude == 35)
        #expect(fix.speed == 5.5)
        #expect(fix.course == -1)
        #expect(fix.timestamp == Date(timeIntervalSince1970: 1_767_225_600.25))
        #expect(geoclue.clientPath == FakeGeoClue.client)
        geoclue.stop()
        #expect(geoclue.clientPath == nil)
        #expect(fake.waitForAllSessionsToEnd())
        #expect(
            fake.calls == [
                "AddMatch", "GetClient", "GetNameOwner", "Set DesktopId=org.example.Test",
                "Set RequestedAccuracyLevel=6",
                "Set DistanceThreshold=10", "Set TimeThreshold=2", "AddMatch", "Start", "GetAll", "Stop",
                "DeleteClient",
            ])
        #expect(events.all == ["locations(1)"], "nothing after stop")
    }

    @Test func accessDeniedOnStartIsReportedAsDeniedAndTheClientDeleted() {
        let fake = FakeGeoClue { call in
            call.member == "Start"
                ? [
                    .error(
                        to: call, name: "org.freedesktop.DBus.Error.AccessDenied",
                        text: "'x' disallowed, no agent for UID 1000")
                ]
                : nil
        }
        let geoclue = provider(fake)
        let events = ProviderEvents()
        geoclue.start(events.handler)
        #expect(events.wait(for: 1) == ["failed(denied)"])
        geoclue.stop()
        #expect(fake.waitForAllSessionsToEnd())
        #expect(fake.calls.suffix(2) == ["Start", "DeleteClient"])
    }

    @Test func getClientThatNeverAnswersMeansNoAgentAndIsDenied() {
        let fake = FakeGeoClue { call in call.member == "GetClient" ? [] : nil }
        let events = ProviderEvents()
        let geoclue = GeoClueLocationProvider(options: GeoClueOptions(), replyTimeout: 0.05, connect: fake.connect)
        geoclue.start(events.handler)
        #expect(events.wait(for: 1) == ["failed(denied)"])
        geoclue.stop()
    }

    @Test func noBusMeansUnavailableAndANetworkError() {
        let geoclue = GeoClueLocationProvider(options: GeoClueOptions(), replyTimeout: 1) { _ throws(DBusError) in
            throw DBusError.connectionFailed(
                "unix:path=/run/dbus/system_bus_socket", reason: "No such file or directory")
        }
        #expect(!geoclue.isAvailable)
        let events = ProviderEvents()
        geoclue.start(events.handler)
        #expect(events.wait(for: 1) == ["failed(network)"])
        geoclue.stop()
    }

    @Test func diagnosticsNameTheBareURIWithOneColon() throws {
        let bare = try #require(try LocationProviders.provider(for: "geoclue:") as? GeoClueLocationProvider)
        #expect(bare.identifier == "geoclue:")
        #expect(Diagnostics.line(bare.identifier, "no system D-Bus") == "geoclue: no system D-Bus")
        let configured = "geoclue:?accuracy=city"
        #expect(Diagnostics.line(configured, "no agent") == "geoclue:?accuracy=city: no agent")
    }

    @Test func availabilityAsksTheBusForTheServiceOrItsActivation() {
        let running = FakeGeoClue()
        #expect(provider(running).isAvailable)
        let activatable = FakeGeoClue { call in
            switch call.member {
            case "NameHasOwner": [.methodReturn(to: call, body: [.boolean(false)])]
            case "ListActivatableNames":
                [.methodReturn(to: call, body: [.array(.string, [.string("org.freedesktop.GeoClue2")])])]
            default: nil
            }
        }
        #expect(provider(activatable).isAvailable)
        let absent = FakeGeoClue { call in
            switch call.member {
            case "NameHasOwner": [.methodReturn(to: call, body: [.boolean(false)])]
            case "ListActivatableNames":
                [.methodReturn(to: call, body: [.array(.string, [.string("org.example.Other")])])]
            default: nil
            }
        }
        #expect(!provider(absent).isAvailable)
    }

    @Test func serviceMissingOnTheBusIsANetworkError() {
        let fake = FakeGeoClue { call in
            call.member == "GetClient"
                ? [
                    .error(
                        to: call, name: "org.freedesktop.DBus.Error.ServiceUnknown",
                        text: "not provided by any .service files")
                ]
                : nil
        }
        let geoclue = provider(fake)
        let events = ProviderEvents()
        geoclue.start(events.handler)
        #expect(events.wait(for: 1) == ["failed(network)"])
        geoclue.stop()
    }

    @Test func geoClueLeavingTheBusFailsTheProvider() {
        let fake = FakeGeoClue { call in
            guard call.member == "Start" else { return nil }
            return [
                .methodReturn(to: call),
                .signal(
                    path: DBus.busPath, interface: DBus.busInterface, member: "NameOwnerChanged",
                    body: [.string("org.freedesktop.GeoClue2"), .string(":1.4"), .string("")]),
            ]
        }
        let geoclue = provider(fake)
        let events = ProviderEvents()
        geoclue.start(events.handler)
        #expect(events.wait(for: 1) == ["failed(network)"])
        geoclue.stop()
    }

    @Test func malformedLocationIsSkippedAndTheNextOneDelivered() throws {
        let getAllCount = Atomic<Int>(0)
        let fake = FakeGeoClue { call in
            let update = DBusMessage.signal(
                path: FakeGeoClue.client, interface: GeoClueBus.clientInterface, member: "LocationUpdated",
                body: [.objectPath("/"), .objectPath(FakeGeoClue.location)])
            switch call.member {
            case "Start": return [.methodReturn(to: call), update, update]
            case "GetAll" where getAllCount.add(1, ordering: .relaxed).newValue == 1:
                return [.methodReturn(to: call, body: [.dictionary([("Latitude", .string("north"))])])]
            default: return nil
            }
        }
        let geoclue = provider(fake)
        let events = ProviderEvents()
        geoclue.start(events.handler)
        #expect(events.wait(for: 1) == ["locations(1)"])
        #expect(getAllCount.load(ordering: .relaxed) == 2)
        #expect(events.fixes.first?.coordinate.latitude == 48.8584)
        geoclue.stop()
    }

    /// Issue 32: a message the provider wants that is too large is an error for that message, not for the
    /// connection: a `GetAll` reply over 1 MiB skips one fix, and the next `LocationUpdated` gives one.
    @Test func anOversizedLocationIsSkippedAndTheConnectionStays() throws {
        let getAllCount = Atomic<Int>(0)
        let fake = FakeGeoClue { call in
            let update = DBusMessage.signal(
                path: FakeGeoClue.client, interface: GeoClueBus.clientInterface, member: "LocationUpdated",
                body: [.objectPath("/"), .objectPath(FakeGeoClue.location)])
            switch call.member {
            case "Start": return [.methodReturn(to: call), update, update]
            case "GetAll" where getAllCount.add(1, ordering: .relaxed).newValue == 1:
                let huge = FakeGeoClue.paris + [("Padding", .byteArray([UInt8](repeating: 0, count: 2 << 20)))]
                return [.methodReturn(to: call, body: [.dictionary(huge)])]
            default: return nil
            }
        }
        let geoclue = provider(fake)
        let events = ProviderEvents()
        geoclue.start(events.handler)
        #expect(events.wait(for: 1) == ["locations(1)"])
        #expect(getAllCount.load(ordering: .relaxed) == 2)
        #expect(geoclue.skippedFixCount == 1)
        #expect(geoclue.connectionStatistics?.unreadableMessages == 1)
        geoclue.stop()
    }
}
