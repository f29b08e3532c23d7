import LinuxCoreLocation
import LocationBlocks
import Testing

// The code of Docs/LocationBlocks.docc/PortingFromMMPReactiveCoreLocation.md's example, compiled and run here so the
// article cannot go stale; `print` collects its lines instead.

func portedFromMMP(_ streams: LocationStreams) async throws -> [String] {
    var lines: [String] = []
    // [[[service distanceFilter:kCLDistanceFilterNone] desiredAccuracy:kCLLocationAccuracyBestForNavigation]
    //     activityType:CLActivityTypeFitness]
    streams.distanceFilter = kCLDistanceFilterNone
    streams.desiredAccuracy = kCLLocationAccuracyBestForNavigation
    streams.activityType = .fitness

    // [[[service authorizeAlways] requestAuthorization] subscribeNext:…]: the current status, then each change
    for await status in streams.requestAuthorization(.always) where status != .notDetermined {
        lines.append("authorization: \(status)")
        break
    }

    // [[service location] subscribeNext:…]: one fix, and the service stops before it returns
    let fix = try await streams.location()
    lines.append("location: \(fix.coordinate.latitude),\(fix.coordinate.longitude)")

    // [[[service stop:doneSubject] locations] subscribeNext:… completed:…]
    let tracking = Task {
        var received: [String] = []
        for await fix in streams.locations() {
            received.append("received location: \(fix.coordinate.latitude),\(fix.coordinate.longitude)")
        }
        received.append("stopped")  // completed: the service has stopped by now
        return received
    }
    tracking.cancel()  // [doneSubject sendCompleted]
    lines += await tracking.value.suffix(1)
    return lines
}

@Suite struct PortingExampleTests {
    @Test func theMMPExampleRuns() async throws {
        // A URI of its own, so that no other example shares (and races for) this provider instance; not determined,
        // so the explicit request is what grants "always".
        let streams = LocationStreams(
            configuration: LocationManagerConfiguration(
                provider: try LocationProviders.provider(for: "fixed:48.8584,2.2945,7"),
                authorization: LocationAuthorization(status: .notDetermined)))
        #expect(
            try await portedFromMMP(streams) == [
                "authorization: authorizedAlways", "location: 48.8584,2.2945", "stopped",
            ])
        #expect(streams.activityType == .fitness)
    }

    /// "Porting from MMPReactiveCoreLocation": MMP's `locationAgeLimit`, 5 s by default, is `ageFilter: 5` — a fix
    /// 6 s old is dropped, one 4 s old passes — where `locations()` alone delivers every fix.
    @Test func mmpsDefaultAgeLimitIsAnAgeFilterOfFiveSeconds() async {
        let harness = BlocksHarness([
            .init(at: 10, .locations([fix(1, at: 10, age: 6), fix(2, at: 10, age: 4)])),
            .init(at: 11, .locations([fix(3, at: 11)])),
        ])
        let streams = harness.makeStreams()
        var limited = streams.locations(ageFilter: 5).makeAsyncIterator()
        var every = streams.locations().makeAsyncIterator()
        harness.advance(by: 11)
        var latitudes: (limited: [Double], every: [Double]) = ([], [])
        for _ in 0..<2 { if let fix = await limited.next() { latitudes.limited.append(fix.coordinate.latitude) } }
        for _ in 0..<3 { if let fix = await every.next() { latitudes.every.append(fix.coordinate.latitude) } }
        #expect(latitudes.limited == [2, 3])
        #expect(latitudes.every == [1, 2, 3])
    }
}
