import Dispatch
import LinuxCoreLocation
import LocationBlocks
import SharedTestSupport
import Testing

// The code of Docs/LocationBlocks.docc/UsingLocationBlocks.md's example, compiled and run here so the article cannot go
// stale.

/// Prints where we are twice: with a one-shot request and with an async sequence.
func whereAmI() async throws -> [String] {
    var lines: [String] = []
    let configuration = LocationManagerConfiguration(
        provider: try LocationProviders.provider(for: "fixed:48.8584,2.2945,8"),
        authorization: LocationAuthorization(status: .authorizedWhenInUse))

    // One fix at house level (15 m, 15 s), waiting at most 10 s.
    let center = LocationRequestCenter(configuration: configuration)
    let result = await withCheckedContinuation { continuation in
        center.requestLocation(accuracy: .house, timeout: 10) { continuation.resume(returning: $0) }
    }
    lines.append("request: \(result.status) \(result.location?.coordinate.latitude ?? .nan)")

    // An async sequence: ending the loop stops the service, and the provider when nothing else needs it.
    let streams = LocationStreams(configuration: configuration)
    for await fix in streams.locations(accuracyFilter: 50, ageFilter: 15) {
        lines.append("stream: \(fix.coordinate.latitude),\(fix.coordinate.longitude) ±\(fix.horizontalAccuracy) m")
        break
    }
    return lines
}

/// Blocks on a manager, next to the app's own delegate: the first good fix, then stop.
final class FirstFix {
    let manager: CLLocationManager
    private(set) var fix: CLLocation?

    init(configuration: LocationManagerConfiguration, done: @escaping () -> Void) {
        manager = CLLocationManager.update(
            withAccuracy: 50, locationAge: 15, authorizationDesciption: .whenInUse, configuration: configuration)
        manager.startUpdatingLocation { [weak self] _, location, error, stop in
            guard let location else {
                print("no fix yet:", error.map { "\($0)" } ?? "unknown error")
                return
            }
            self?.fix = location
            stop?.pointee = true
            done()
        }
    }
}

@Suite struct ReadmeExampleTests {
    @Test func theExampleRuns() async throws {
        #expect(try await whereAmI() == ["request: success 48.8584", "stream: 48.8584,2.2945 ±8.0 m"])
    }

    @Test func theBlocksExampleRuns() throws {
        let queue = DispatchQueue(label: "example")
        // A URI of its own: the example above must not share (and so race for) this provider instance.
        let configuration = LocationManagerConfiguration(
            provider: try LocationProviders.provider(for: "fixed:48.8584,2.2945,9"),
            authorization: LocationAuthorization(status: .authorizedWhenInUse), callbackQueue: queue)
        let done = DispatchSemaphore(value: 0)
        let firstFix = UncheckedBox<FirstFix?>(nil)
        queue.sync { firstFix.value = FirstFix(configuration: configuration) { done.signal() } }
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(queue.sync { firstFix.value?.fix?.coordinate.longitude } == 2.2945)
    }
}
