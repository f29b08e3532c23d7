import Foundation
import Testing

@testable import LinuxCoreLocation

private let park = CLLocationCoordinate2D(latitude: 51.5073, longitude: -0.1657)

/// Async tests wait on sequences: a lost event must fail the test in minutes, not hang the run.
///
/// Three minutes, not one: on a two-core machine the blocking integration tests can hold both cooperative
/// threads for a minute, and an awaiting test resumes only when one is free.
@Suite(.timeLimit(.minutes(3))) struct LiveUpdatesTests {
    @Test func breakingTheLoopStopsTheProvider() async throws {
        let fixes = [0, 100, 200, 300].map { fix(Double($0), from: park) }
        let harness = ManagerHarness(track(fixes, every: 10))
        let updates = CLLocationUpdate.liveUpdates(.fitness, managerConfiguration: harness.configuration())
        var latitudes: [Double] = []
        do {
            var iterator = updates.makeAsyncIterator()
            #expect(harness.provider.isRunning)  // iteration started the updates
            harness.clock.advance(by: 40)
            while let update = try await iterator.next() {
                latitudes.append(try #require(update.location).coordinate.latitude)
                #expect(!update.isStationary)
                if latitudes.count == 2 { break }
            }
        }
        #expect(latitudes == fixes.prefix(2).map(\.coordinate.latitude))
        #expect(!harness.provider.isRunning)
        #expect(harness.provider.stopCount == 1)
    }

    @Test func cancellingTheTaskStopsTheProvider() async throws {
        let harness = ManagerHarness(track((1...5).map { fix(Double($0)) }, every: 1))
        let updates = CLLocationUpdate.liveUpdates(managerConfiguration: harness.configuration())
        let task = Task {
            var count = 0
            for try await _ in updates { count += 1 }
            return count
        }
        var spins = 0
        while !harness.provider.isRunning && spins < 1_000_000 {
            await Task.yield()
            spins += 1
        }
        #expect(harness.provider.isRunning)
        task.cancel()
        _ = try await task.value
        #expect(!harness.provider.isRunning)
    }

    @Test func providerKeepsRunningWhileAnotherManagerNeedsIt() async throws {
        let harness = ManagerHarness(track([fix(1), fix(2)], every: 1))
        let manager = harness.makeManager { $0.startUpdatingLocation() }
        do {
            var iterator = CLLocationUpdate.liveUpdates(managerConfiguration: harness.configuration())
                .makeAsyncIterator()
            harness.advance(by: 1)
            #expect(try await iterator.next()?.location?.coordinate.latitude == 1)
        }
        #expect(harness.provider.isRunning)
        harness.on(manager) { $0.stopUpdatingLocation() }
        #expect(!harness.provider.isRunning)
    }

    @Test func standingStillGivesOneStationaryUpdate() async throws {
        // Fitness pauses after 600 s without a move: fixes every 60 s at the same place, then a move.
        var fixes = (0..<12).map { _ in fix(0, from: park) }
        fixes.append(fix(200, from: park))
        let harness = ManagerHarness(track(fixes, every: 60))
        let queue = DispatchQueue(label: "LiveUpdatesTests.standingStill")
        var iterator = CLLocationUpdate.liveUpdates(.fitness, managerConfiguration: harness.configuration(queue: queue))
            .makeAsyncIterator()
        // A fix a minute, each handled before the clock moves on, as in real time: a jump of 13 minutes at once
        // would let the silence watch's 600 s timer fire before the callbacks of the fixes in between had run.
        for _ in fixes {
            queue.sync { harness.clock.advance(by: 60) }
            queue.sync {}
        }
        var stationary: [Bool] = []
        while stationary.count < 12, let update = try await iterator.next() {
            stationary.append(update.isStationary)
        }
        // Fixes at 60…600 s are delivered; the one at 660 s, 600 s after the first, pauses the updates and
        // gives the stationary update; the fix at 720 s is held back; the move at 780 s is delivered.
        #expect(stationary == Array(repeating: false, count: 10) + [true, false])
    }

    @Test func aProviderFallenSilentAfterAFixGivesOneStationaryUpdate() async throws {
        // As fixed: does: a fix, then nothing (here until a move at 1,000 s); activity other: 300 s.
        let harness = ManagerHarness([
            .init(at: 1, .locations([fix(0, from: park)])), .init(at: 1000, .locations([fix(200, from: park)])),
        ])
        var iterator = CLLocationUpdate.liveUpdates(managerConfiguration: harness.configuration())
            .makeAsyncIterator()
        harness.clock.advance(by: 1)
        let first = try #require(try await iterator.next())
        #expect(!first.isStationary && first.location != nil)
        harness.clock.advance(by: 300)
        let still = try #require(try await iterator.next())
        #expect(still.isStationary && still.stationary)
        #expect(still.location?.coordinate.latitude == first.location?.coordinate.latitude)
        // One stationary update only (none at 601 s or 901 s): the next update is the move.
        harness.clock.advance(by: 699)
        let moved = try #require(try await iterator.next())
        #expect(!moved.isStationary && moved.location?.coordinate.latitude != first.location?.coordinate.latitude)
    }
}
