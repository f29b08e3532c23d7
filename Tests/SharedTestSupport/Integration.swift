import Foundation
import LocationSupport
import Testing

/// What a test needs beyond the package — `../shared/data`, gpsd, GeoClue, another program — under the project's
/// rule: without it the test is skipped before it starts, with one wording that says what is missing and how to
/// make its absence a failure; with `CORELOCATION_REQUIRE_INTEGRATION=1` (as `.ci/run` sets) the test runs and
/// fails on what is missing.
///
/// `@Test(Integration.needs(.sharedData("gpsd-logs"), .program("gpsfake", package: "gpsd-clients")))`. Swift
/// Testing reports such a test as skipped, with the comment `needs ../shared/data/gpsd-logs (absent), gpsfake (not
/// installed: apt-get install gpsd-clients); set CORELOCATION_REQUIRE_INTEGRATION=1 to fail instead`.
public enum Integration {
    /// One thing a test needs, and whether this machine has it; checked when the trait is made.
    public struct Requirement: Sendable, CustomStringConvertible {
        /// Whether it is here.
        public let isMet: Bool
        /// What it is and, in parentheses, why it is missing: `../shared/data/gpsd-logs (absent)`.
        public let description: String

        /// A requirement of the test's own: `isMet` and what is missing when it is not.
        public init(isMet: Bool, missing description: String) {
            self.isMet = isMet
            self.description = description
        }

        /// The shared data folder `../shared/data/<folder>` (present when it holds its README).
        public static func sharedData(_ folder: String) -> Requirement {
            Requirement(isMet: SharedData.isPresent(folder), missing: "../shared/data/\(folder) (absent)")
        }

        /// A program on `PATH`, from a Debian package.
        public static func program(_ name: String, package: String) -> Requirement {
            Requirement(
                isMet: Integration.executable(name) != nil,
                missing: "\(name) (not installed: apt-get install \(package))")
        }
    }

    /// Whether `CORELOCATION_REQUIRE_INTEGRATION=1` makes a missing requirement a failure.
    public static var isRequired: Bool {
        ProcessInfo.processInfo.environment["CORELOCATION_REQUIRE_INTEGRATION"] == "1"
    }

    /// The trait of a test that needs `requirements`: skipped, naming what is missing, unless they are all here or
    /// integration is required.
    public static func needs(_ requirements: Requirement...) -> ConditionTrait {
        let missing = requirements.filter { !$0.isMet }
        return .enabled(if: missing.isEmpty || isRequired, Comment(rawValue: skipReason(missing)))
    }

    /// `needs A (why), B (why); set CORELOCATION_REQUIRE_INTEGRATION=1 to fail instead`.
    static func skipReason(_ missing: [Requirement]) -> String {
        "needs " + missing.map(\.description).joined(separator: ", ")
            + "; set CORELOCATION_REQUIRE_INTEGRATION=1 to fail instead"
    }

    /// Ends a test that finds, while it runs, that something it needs is missing (GeoClue already running on the
    /// system bus, a tmpfs that cannot be mounted): cancelled as skipped with the same wording, or failed when
    /// integration is required.
    ///
    /// - Throws: The cancellation that marks the test skipped, or ``Missing`` after recording the failure.
    public static func stop(
        missing requirement: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Never {
        let reason = skipReason([Requirement(isMet: false, missing: requirement)])
        if isRequired {
            Issue.record("\(reason), but CORELOCATION_REQUIRE_INTEGRATION=1", sourceLocation: sourceLocation)
            throw Missing(reason: requirement)
        }
        try Test.cancel(Comment(rawValue: reason), sourceLocation: sourceLocation)
    }

    /// Records that a required requirement is missing in a test that runs only because integration is required.
    public static func recordMissing(_ requirement: Requirement, sourceLocation: SourceLocation = #_sourceLocation) {
        Issue.record(
            "needs \(requirement.description), and CORELOCATION_REQUIRE_INTEGRATION=1", sourceLocation: sourceLocation)
    }

    /// Thrown by ``stop(missing:sourceLocation:)`` to end a test whose missing requirement was required.
    public struct Missing: Error {
        /// What was missing.
        public let reason: String
    }

    /// The path of `name` on `PATH` (then `/usr/bin`, `/usr/sbin`), or `nil`.
    public static func executable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return ProgramSearch.executable(named: name, path: path + ":/usr/bin:/usr/sbin")?.path
    }
}
