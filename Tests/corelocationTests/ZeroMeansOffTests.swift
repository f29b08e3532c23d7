import LinuxCoreLocation
import LocationBlocks
import Testing

@testable import corelocation

/// 0 means "off" or "none" for every option of the tool, or is refused with a message.
@Suite struct ZeroMeansOffTests {
    @Test func maxAgeZeroAcceptsAnyAge() throws {
        let any = try OnceCommand.accuracy(Arguments(["--accuracy", "8", "--max-age", "0"], spec: OnceCommand.spec))
        #expect(any.maximumAge == .infinity)
        #expect(any.horizontalAccuracy == 8)
        #expect(OnceCommand.describe(any) == "≤8.0 m at any age")
        let standard = try OnceCommand.accuracy(Arguments(["--accuracy", "8"], spec: OnceCommand.spec))
        #expect(standard.maximumAge == 60)
    }

    /// The trial of the tool found `--max-age` ignored by a named level: `--max-age 0`, the advice for a receiver
    /// with a wrong date, did nothing with the default `block`.
    @Test func maxAgeSetsTheAgeOfANamedLevelToo() throws {
        let house = try OnceCommand.accuracy(
            Arguments(["--accuracy", "house", "--max-age", "120"], spec: OnceCommand.spec))
        #expect(house == LocationRequestAccuracy(horizontalAccuracy: 15, maximumAge: 120))
        #expect(OnceCommand.describe(house) == "≤15.0 m, ≤120.0 s old")
        let block = try OnceCommand.accuracy(Arguments(["--max-age", "0"], spec: OnceCommand.spec))
        #expect(block == LocationRequestAccuracy(horizontalAccuracy: 100, maximumAge: .infinity))
        #expect(try OnceCommand.accuracy(Arguments(["--accuracy", "room"], spec: OnceCommand.spec)) == .room)
    }

    @Test func durationZeroIsNoLimit() throws {
        let arguments = try Arguments(["--duration", "0"], spec: WatchCommand.spec)
        #expect(try arguments.limit("duration", unit: "seconds") == nil)
        #expect(try Arguments(["--duration", "2.5"], spec: WatchCommand.spec).limit("duration", unit: "s") == 2.5)
    }

    @Test func desiredAccuracyZeroIsRefused() throws {
        let error = try #require(throws: Arguments.UsageError.self) { try DesiredAccuracy.parse("0") }
        #expect(error.description.contains("write best"))
        #expect(try DesiredAccuracy.parse("best") == kCLLocationAccuracyBest)
    }
}
