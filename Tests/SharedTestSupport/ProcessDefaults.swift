import Foundation

/// Serialises the tests that change the process-wide defaults of managers made without a configuration
/// (`LocationProviders.defaultProvider`, `LocationAuthorization.shared`), whatever their target: Swift Testing
/// runs suites of one process in parallel, and `.serialized` orders only the tests of one suite.
public enum ProcessDefaults {
    private static let turn = DispatchSemaphore(value: 1)

    /// Runs `body` while no other test changes the process defaults.
    ///
    /// The wait for the turn happens on a thread of its own (``offThePool(_:)``), never on the cooperative pool: a
    /// test holding the defaults may need a thread of the pool (an async API under test), and on the 2-core CI
    /// machine tests blocked waiting for their turn held both, so it waited until it timed out (issue 27's CI trial).
    ///
    /// - Throws: What `body` throws.
    public static func withExclusiveAccess<Result>(_ body: () async throws -> Result) async rethrows -> Result {
        await offThePool { turn.wait() }
        defer { turn.signal() }
        return try await body()
    }
}
