import Foundation
import Testing

@testable import LinuxCoreLocation
@testable import LocationBlocks

/// MMPReactiveCoreLocation's authorization rules: a service asks when its signal is subscribed and the status
/// is not determined ("when in use" for locations, "always" for significant changes, regions and visits), and
/// `requestAuthorization` asks explicitly and reports the status changes.
@Suite(.timeLimit(.minutes(3))) struct LocationStreamAuthorizationTests {
    /// Starts an iteration of the named service and returns its iterator, which keeps it running.
    static func iterate(_ service: String, on streams: LocationStreams) -> Any {
        let home = CLCircularRegion(
            center: CLLocationCoordinate2D(latitude: 1, longitude: 2), radius: 50, identifier: "home")
        switch service {
        case "locations": return streams.locations().makeAsyncIterator()
        case "headings": return streams.headings().makeAsyncIterator()
        case "significantLocationChanges": return streams.significantLocationChanges().makeAsyncIterator()
        case "regionEvents": return streams.regionEvents(for: [home]).makeAsyncIterator()
        case "visits": return streams.visits().makeAsyncIterator()
        case "authorizationChanges": return streams.authorizationChanges().makeAsyncIterator()
        case "errors": return streams.errors().makeAsyncIterator()
        default:
            Issue.record("no service named \(service)")
            return ()
        }
    }

    @Test(arguments: [
        ("locations", "whenInUse"), ("headings", "whenInUse"), ("significantLocationChanges", "always"),
        ("regionEvents", "always"), ("visits", "always"),
    ]) func aStreamAsksForMMPsAuthorizationWhenNotDetermined(service: String, expected: String) {
        let asked = Recorder()
        let harness = BlocksHarness(
            [], status: .notDetermined,
            policy: AuthorizationPolicy { request, _ in
                asked.record("\(request)")
                return nil  // the user has not answered yet
            })
        let streams = harness.makeStreams()
        let iterator = Self.iterate(service, on: streams)
        #expect(asked.wait { !$0.isEmpty })
        #expect(asked.events == [expected])
        withExtendedLifetime(iterator) {}
    }

    /// Only a status not determined is asked about (MMP's rule); the status and error streams never ask.
    @Test(arguments: [
        (CLAuthorizationStatus.authorizedWhenInUse, "significantLocationChanges"),
        (.authorizedWhenInUse, "regionEvents"),
        (.denied, "locations"), (.restricted, "visits"), (.notDetermined, "authorizationChanges"),
        (.notDetermined, "errors"),
    ]) func aStreamAsksNothingOtherwise(status: CLAuthorizationStatus, service: String) {
        let harness = BlocksHarness([], status: status)
        let streams = harness.makeStreams()
        let iterator = Self.iterate(service, on: streams)
        // The request itself is synchronous (only its answer comes later), so this is final.
        #expect(!harness.authorization.app.hasBeenRequested)
        withExtendedLifetime(iterator) {}
    }

    /// MMP's `requestAuthorization`, after `authorizeWhenInUse` (its default) or `authorizeAlways`: the current
    /// status, then the change the answer brings.
    @Test(arguments: [
        (CLAuthorizationStatus.notDetermined, nil, "whenInUse", CLAuthorizationStatus.authorizedWhenInUse),
        (.notDetermined, CLLocationUpdateAuthorizationDescription.always, "always", .authorizedAlways),
        (.authorizedWhenInUse, .always, "always", .authorizedAlways),
    ]) func requestAuthorizationAsksAndDeliversTheChange(
        status: CLAuthorizationStatus, request: CLLocationUpdateAuthorizationDescription?, expected: String,
        granted: CLAuthorizationStatus
    ) async {
        let asked = Recorder()
        let harness = BlocksHarness(
            [], status: status,
            policy: AuthorizationPolicy { request, _ in
                asked.record("\(request)")
                return request == .always ? .authorizedAlways : .authorizedWhenInUse
            })
        let streams = harness.makeStreams()
        let sequence = request.map { streams.requestAuthorization($0) } ?? streams.requestAuthorization()
        var statuses: [CLAuthorizationStatus] = []
        for await status in sequence {
            statuses.append(status)
            if statuses.count == 2 { break }
        }
        #expect(statuses == [status, granted])
        #expect(asked.events == [expected])
        #expect(harness.provider.startCount == 0)
    }
}
