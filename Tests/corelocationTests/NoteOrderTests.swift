import Foundation
import SharedTestSupport
import Testing

/// A note on standard error follows the output written before it wherever the two can be seen interleaved (one file,
/// `> log 2>&1`), and nothing is lost where standard output is written out only in blocks (a file of its own: issue
/// 30 stopped writing it out before each of a replay's thousands of "waiting" notes there).
@Suite struct NoteOrderTests {
    /// An NMEA log of eight epochs a second apart from 2026-12-06T12:00:00Z whose fourth and fifth have no fix: in
    /// CSV, three rows, one "waiting" note, three rows.
    static func logWithALoss() throws -> TemporaryFile {
        let sentences = (0..<8).map { second in
            let time = String(format: "1200%02d.00", second)
            let (gga, rmc) =
                second == 3 || second == 4
                ? ("GPGGA,\(time),,,,,0,00,,,M,,M,,", "GPRMC,\(time),V,,,,,,,061226,,,N")
                : (
                    "GPGGA,\(time),4851.50,N,00217.67,E,1,08,0.9,35.0,M,47.0,M,,",
                    "GPRMC,\(time),A,4851.50,N,00217.67,E,0.5,54.7,061226,,,A"
                )
            return NMEADiagnosticsCommandTests.sentence(gga) + NMEADiagnosticsCommandTests.sentence(rmc)
        }
        return try TemporaryFile(sentences.joined(), suffix: ".nmea")
    }

    /// The rows of seconds `seconds`, by their first column.
    static func rowStarts(_ seconds: [Int]) -> [String] {
        seconds.map { String(format: "2026-12-06T12:00:%02d.000Z,", $0) }
    }

    /// Runs the tool over ``logWithALoss()`` into CSV with `redirections`, and expects it to end with status 0.
    static func convertLogWithALoss(redirections: String) async throws -> OutputFailureTests.Ending {
        let log = try logWithALoss()
        let ending = try await OutputFailureTests.run(
            ["watch", "--provider", "nmea:\(log.url.path)?speed=max", "--format", "csv"], redirections: redirections)
        #expect(ending.reason == .exit && ending.status == 0, "\(ending)")
        return ending
    }

    /// Expects `file` to hold the header, the rows of seconds 0-2, the "waiting" note and the rows of seconds 5-7,
    /// in that order, besides the replay's summary, which comes from its own thread and so anywhere.
    static func expectRowsAroundTheNote(in file: URL) throws {
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
            .filter { !$0.contains(" finished: ") }
        try #require(lines.count == 8, "\(lines)")
        #expect(lines[0].hasPrefix("timestamp,latitude,longitude,"))
        for (line, start) in zip(lines[1...3], rowStarts([0, 1, 2])) { #expect(line.hasPrefix(start), "\(line)") }
        #expect(lines[4] == "corelocation: waiting: locationUnknown (no fix right now; still trying)")
        for (line, start) in zip(lines[5...7], rowStarts([5, 6, 7])) { #expect(line.hasPrefix(start), "\(line)") }
    }

    @Test func aNoteFollowsTheRowsBeforeItInOneFile() async throws {
        let both = try TemporaryFile("", suffix: ".txt")
        _ = try await Self.convertLogWithALoss(redirections: ">\(both.url.path) 2>&1")
        try Self.expectRowsAroundTheNote(in: both.url)
    }

    /// Two names of one file are one file: the tool compares device and inode, not names.
    @Test func aNoteFollowsTheRowsBeforeItThroughAHardLink() async throws {
        let both = try TemporaryFile("", suffix: ".txt")
        let link = both.url.deletingLastPathComponent().appendingPathComponent("link-\(UUID().uuidString).txt")
        try FileManager.default.linkItem(at: both.url, to: link)
        defer { try? FileManager.default.removeItem(at: link) }
        _ = try await Self.convertLogWithALoss(redirections: ">>\(both.url.path) 2>>\(link.path)")
        try Self.expectRowsAroundTheNote(in: both.url)
    }

    /// Holds that nothing is lost where the notes no longer wait for standard output (not the order: a file of its
    /// own cannot show it).
    @Test func aFileOfItsOwnGetsEveryRow() async throws {
        let output = try TemporaryFile("", suffix: ".csv")
        let ending = try await Self.convertLogWithALoss(redirections: ">\(output.url.path)")
        let rows = try String(contentsOf: output.url, encoding: .utf8).split(separator: "\n").map(String.init)
        try #require(rows.count == 7, "\(rows)")
        for (row, start) in zip(rows.dropFirst(), Self.rowStarts([0, 1, 2, 5, 6, 7])) {
            #expect(row.hasPrefix(start), "\(row)")
        }
        let notes = ending.error.split(separator: "\n").filter { !$0.contains(" finished: ") }
        #expect(notes == ["corelocation: waiting: locationUnknown (no fix right now; still trying)"], "\(ending.error)")
    }
}
