import Foundation

/// Serialises the tests that change the process-wide defaults of managers made without a configuration
/// (`LocationProviders.defaultProvider`, `LocationAuthorization.shared`), whatever their target: Swift Testing
/// runs suites of one process in parallel, and `.serialized` orders only the tests of one suite.
public enum ProcessDefaults {
    private static let lock = NSLock()

    /// Runs `body` while no other test changes the process defaults.
    ///
    /// - Throws: What `body` throws.
    public static func withExclusiveAccess<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
