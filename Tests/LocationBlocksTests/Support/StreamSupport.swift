import LinuxCoreLocation
import Testing

@testable import LocationBlocks

extension BlocksHarness {
    /// Streams wired to the harness: their managers deliver on the harness's queue.
    func makeStreams(bufferLimit: Int = LocationStreams.defaultBufferLimit) -> LocationStreams {
        LocationStreams(configuration: configuration, bufferLimit: bufferLimit)
    }
}

extension LocationStreams {
    /// Runs `body` in a new task and returns once the service it started runs, with the status that let it run.
    ///
    /// For streams whose authorization is not determined and granted on request: the service `body` starts asks
    /// for authorization, and the managers report the grant only after they started the provider, so when the
    /// grant arrives here the clock can be advanced. (A task gives no other sign that it reached its iteration.)
    func startedTask<Success: Sendable>(
        _ body: @escaping @Sendable () async throws -> Success
    ) async -> (task: Task<Success, any Error>, granted: CLAuthorizationStatus?) {
        var statuses = authorizationChanges().makeAsyncIterator()
        let before = await statuses.next()
        #expect(before == .notDetermined, "startedTask needs authorization not determined")
        let task = Task { try await body() }
        return (task, await statuses.next())
    }
}
