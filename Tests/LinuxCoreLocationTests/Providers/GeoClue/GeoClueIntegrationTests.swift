import DBus
import Foundation
import SharedTestSupport
import Testing

@testable import LinuxCoreLocation

/// The fix the integration test serves (sentences made with `nmeaSentence` of the NMEA provider tests): 48°51.5040′ N
/// 2°17.6700′ E (48.8584, 2.2945), 35.0 m above mean sea level, HDOP 7.5, 10.0 knots (5.1444 m/s) towards 90°, at
/// 12:34:56 UTC.
let servedSentences = [
    nmeaSentence("GPGGA,123456.00,4851.5040,N,00217.6700,E,1,08,7.5,35.0,M,47.0,M,,"),
    nmeaSentence("GPRMC,123456.00,A,4851.5040,N,00217.6700,E,10.0,90.0,010126,,,A"),
]

@Suite(.serialized, GeoClueEnvironment.needed) struct GeoClueIntegrationTests {
    @Test func fixesFromTheRealDaemonReachDelegatesAndTheLastStopReleasesTheClient() throws {
        guard let environment = try GeoClueEnvironment.start(sentences: { servedSentences }) else { return }
        defer { environment.stop() }
        let provider = GeoClueLocationProvider(options: GeoClueOptions(desktopID: GeoClueEnvironment.desktopID))
        #expect(provider.isAvailable)
        let thread = CallbackThread()
        defer { thread.stop() }
        let authorization = LocationAuthorization(status: .authorizedWhenInUse, policy: .grant)
        let delegates = [RecordingDelegate(), RecordingDelegate()]
        let managers = thread.sync {
            UncheckedBox(
                delegates.map { delegate in
                    let manager = CLLocationManager(
                        configuration: LocationManagerConfiguration(provider: provider, authorization: authorization))
                    manager.delegate = delegate
                    manager.startUpdatingLocation()
                    return manager
                })
        }
        for delegate in delegates {
            #expect(
                delegate.wait(timeout: 30) { $0.contains(.locations([48.8584])) },
                "no fix; GeoClue's log: \(environment.geoclueLog)")
        }
        let location = try #require(thread.sync { managers.value[0].location })
        #expect(location.coordinate.latitude == 48.8584)
        #expect(abs(location.coordinate.longitude - 2.2945) < 1e-9)
        #expect(location.altitude == 35)
        #expect(abs(location.speed - 10 * 1852 / 3600) < 1e-3)
        #expect(location.course == 90)
        // GeoClue puts an NMEA time of day on the latest date on which that time is not in the future.
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let today = try #require(utc.date(bySettingHour: 12, minute: 34, second: 56, of: Date()))
        let expectedTime = today > Date() ? today.addingTimeInterval(-86_400) : today
        #expect(location.timestamp == expectedTime)
        // GeoClue turns HDOP into accuracy by buckets: up to 1 → 0 m, 2 → 1 m, 5 → 3 m, 10 → 50 m, 20 → 100 m
        // (gclue-location.c, get_accuracy_from_hdop); it reports no vertical accuracy, so the provider uses the
        // same figure.
        #expect(location.horizontalAccuracy == 50)
        #expect(location.verticalAccuracy == 50)
        let client = try #require(provider.clientPath)
        #expect(environment.server.hasClient, "GeoClue reads the NMEA socket while a client is started")

        thread.sync { managers.value[0].stopUpdatingLocation() }
        #expect(LocationHub.shared.isRunning(provider))
        #expect(provider.clientPath == client)
        thread.sync { managers.value[1].stopUpdatingLocation() }
        #expect(!LocationHub.shared.isRunning(provider))
        #expect(provider.clientPath == nil)
        #expect(
            environment.server.wait(timeout: 5) { !environment.server.hasClient },
            "GeoClue let go of its NMEA source: no client of it is active any more")
        #expect(environment.server.connectionCount == 1)
    }

    /// Issue 16: spoofed signals from another connection to the real system bus are ignored.
    ///
    /// Any local user could send us a unicast `NameOwnerChanged` that shut the provider down, or a
    /// `LocationUpdated` that made us read a path of their choosing.
    @Test func spoofedSignalsFromAnotherConnectionAreIgnored() throws {
        guard let environment = try GeoClueEnvironment.start(sentences: { servedSentences }) else { return }
        defer { environment.stop() }
        let provider = GeoClueLocationProvider(options: GeoClueOptions(desktopID: GeoClueEnvironment.desktopID))
        let events = ProviderEvents()
        provider.start(events.handler)
        defer { provider.stop() }
        #expect(events.wait(for: 1) == ["locations(1)"], "no fix; GeoClue's log: \(environment.geoclueLog)")
        let client = try #require(provider.clientPath)
        let victim = try #require(provider.connectionName)
        let spoofer = try DBusConnection.systemBus()
        defer { spoofer.close() }
        var left = DBusMessage.signal(
            path: DBus.busPath, interface: DBus.busInterface, member: "NameOwnerChanged",
            body: [.string("org.freedesktop.GeoClue2"), .string(":1.1"), .string("")])
        left.destination = victim
        var updated = DBusMessage.signal(
            path: client, interface: "org.freedesktop.GeoClue2.Client", member: "LocationUpdated",
            body: [.objectPath("/"), .objectPath(client + "/Location/999")])
        updated.destination = victim
        var elsewhere = updated
        elsewhere.body = [.objectPath("/"), .objectPath("/org/freedesktop/GeoClue2/Manager")]
        for signal in [left, updated, elsewhere] { try spoofer.send(signal) }
        let expected = [
            "a NameOwnerChanged not sent by the bus": 1, "a LocationUpdated not sent by GeoClue's unique name": 2,
        ]
        var ignored: [String: Int] = [:]
        for _ in 0..<500 where ignored != expected {  // at most 5 s for the bus to pass the signals on
            usleep(10_000)
            ignored = provider.ignoredSignals
        }
        #expect(ignored == expected)
        #expect(events.all.allSatisfy { $0 == "locations(1)" }, "\(events.all)")
        #expect(provider.clientPath == client, "still started")
    }

    @Test func aDesktopIDTheConfigurationForbidsIsDenied() throws {
        guard let environment = try GeoClueEnvironment.start(sentences: { servedSentences }) else { return }
        defer { environment.stop() }
        let provider = GeoClueLocationProvider(options: GeoClueOptions(desktopID: GeoClueEnvironment.deniedDesktopID))
        let thread = CallbackThread()
        defer { thread.stop() }
        let delegate = RecordingDelegate()
        let manager = thread.sync {
            let manager = CLLocationManager(
                configuration: LocationManagerConfiguration(
                    provider: provider,
                    authorization: LocationAuthorization(status: .authorizedWhenInUse, policy: .grant)))
            manager.delegate = delegate
            manager.startUpdatingLocation()
            return UncheckedBox(manager)
        }
        // A bound, not a delay: the wait ends with the denial. GeoClue's answer took over 10 s once in a full run
        // beside another build.
        #expect(delegate.wait(timeout: 30) { $0.contains(.error(.denied)) })
        #expect(!delegate.events.contains { if case .locations = $0 { true } else { false } })
        #expect(provider.clientPath == nil, "the refused client was deleted")
        thread.sync { manager.value.stopUpdatingLocation() }
        #expect(!LocationHub.shared.isRunning(provider))
    }

    @Test func withoutAnAgentAccessIsDenied() throws {
        guard let environment = try GeoClueEnvironment.start(agent: false, sentences: { servedSentences }) else {
            return
        }
        defer { environment.stop() }
        let provider = GeoClueLocationProvider(
            options: GeoClueOptions(desktopID: GeoClueEnvironment.desktopID), replyTimeout: 2
        ) { timeout throws(DBusError) in try DBusConnection.systemBus(replyTimeout: timeout) }
        let events = ProviderEvents()
        let started = Date()
        provider.start(events.handler)
        let outcome = events.wait(for: 1)
        print("without an agent: \(outcome) after \(Date().timeIntervalSince(started)) s")
        provider.stop()
        #expect(outcome == ["failed(denied)"])
    }
}
