import LinuxCoreLocation
import LocationBlocks
import Testing

@testable import corelocation

/// 0 means "off" or "none" for every option of the tool, or is refused with a message.
@Suite struct ZeroMeansOffTests {
    @Test func maxAgeZeroAcceptsAnyAge() throws {
        let any = try OnceCommand.level(Arguments(["--accuracy", "8", "--max-age", "0"], spec: OnceCommand.spec))
        #expect(any.accuracy.maximumAge == .infinity)
        #expect(any.accuracy.horizontalAccuracy == 8)
        #expect(any.name == nil)
        #expect(OnceCommand.describe(any.accuracy, level: any.name) == "≤8.0 m at any age")
        let standard = try OnceCommand.level(Arguments(["--accuracy", "8"], spec: OnceCommand.spec))
        #expect(standard.accuracy.maximumAge == 60)
    }

    /// `--max-age` sets the age of a named level too, which keeps its name.
    ///
    /// The trial of the tool found `--max-age` ignored by a named level: `--max-age 0`, the advice for a receiver
    /// with a wrong date, did nothing with the default `block`. A later trial: the timeout message said `≤15.0 m,
    /// ≤120.0 s old` of `--accuracy house --max-age 120`, without the level's name.
    @Test func maxAgeSetsTheAgeOfANamedLevelToo() throws {
        let house = try OnceCommand.level(
            Arguments(["--accuracy", "house", "--max-age", "120"], spec: OnceCommand.spec))
        #expect(house.accuracy == LocationRequestAccuracy(horizontalAccuracy: 15, maximumAge: 120))
        #expect(OnceCommand.describe(house.accuracy, level: house.name) == "the house level (≤15.0 m, ≤120.0 s old)")
        let block = try OnceCommand.level(Arguments(["--max-age", "0"], spec: OnceCommand.spec))
        #expect(block.accuracy == LocationRequestAccuracy(horizontalAccuracy: 100, maximumAge: .infinity))
        #expect(OnceCommand.describe(block.accuracy, level: block.name) == "the block level (≤100.0 m at any age)")
        #expect(try OnceCommand.level(Arguments(["--accuracy", "room"], spec: OnceCommand.spec)).accuracy == .room)
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
