import Foundation
import Testing

/// A path that begins with `~` names a folder called `~`, for every file the tool reads or writes (a trial of the
/// tool: `gpx:~/t.gpx` replayed the home directory's file, found through the password database, while `nmea:`,
/// the start-up check and the error lines took `./~/t.gpx`).
@Suite struct LiteralPathTests {
    @Test func aLeadingTildeIsAFolderOfTheWorkingDirectory() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tilde-\(UUID().uuidString)")
        let tilde = directory.appendingPathComponent("~")
        try FileManager.default.createDirectory(at: tilde, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(
            ("<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"t\"><trk><trkseg>\n"
                + "<trkpt lat=\"1\" lon=\"2\"><time>2026-01-01T00:00:00Z</time></trkpt>\n"
                + "<trkpt lat=\"1.001\" lon=\"2\"><time>2026-01-01T00:00:01Z</time></trkpt>\n</trkseg></trk></gpx>\n")
                .utf8
        ).write(to: tilde.appendingPathComponent("t.gpx"))
        let replay = try Tool.runBlocking(
            ["watch", "--provider", "gpx:~/t.gpx?speed=max", "--format", "csv"], in: directory)
        #expect(replay.status == 0, "\(replay.error)")
        #expect(replay.output.split(separator: "\n").count == 3)  // the header and both points
        let plot = try Tool.runBlocking(["plot", "~/t.gpx", "-o", "~/t.svg"], in: directory)
        #expect(plot.status == 0, "\(plot.error)")
        #expect(plot.error == "corelocation: wrote ~/t.svg: 2 points, 2 accepted\n")
        #expect(FileManager.default.fileExists(atPath: tilde.appendingPathComponent("t.svg").path))
    }
}
