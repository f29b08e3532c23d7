import Foundation
import SharedTestSupport
import Testing

/// Issue 32, item 6 and nits: what `plot` and `record` say about inputs and outputs that are not files.
@Suite struct PlotInputTests {
    /// `plot /dev/null` named a URI the user never wrote (`provider URI "nmea:/dev/null?speed=max": speed: unknown
    /// parameter`, status 64); `/dev/zero` would have been read for ever.
    @Test(arguments: ["/dev/null", "/dev/zero"])
    func aDeviceIsAnInputErrorNamingThePath(path: String) async throws {
        let run = try await Tool.run(["plot", path, "-o", "-"])
        #expect(run.status == 66)
        #expect(
            run.error
                == "corelocation: error: cannot read \(path): it is a character device, not a file; plot draws a "
                + "GPX file or an NMEA log\n")
    }

    @Test func aFIFOIsRefusedBeforeItIsRead() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("track.nmea").path
        #expect(mkfifo(path, 0o600) == 0)
        let run = try await Tool.run(["plot", path, "-o", "-"])
        #expect(run.status == 66)
        #expect(run.error.contains("cannot read \(path): it is a FIFO, not a file"), "\(run.error)")
    }

    @Test func standardInputIsRefusedAsAUsageError() async throws {
        let run = try await Tool.run(["plot", "-", "-o", "-"])
        #expect(run.status == 64)
        #expect(run.error.hasPrefix("corelocation: error: plot draws a file, not standard input"), "\(run.error)")
    }

    /// A path that is not a URI's: `?` and `#` are parts of the file name, not a query or a fragment.
    @Test func anNMEALogWithURICharactersInItsNameIsReplayed() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("log?speed=1#x.nmea").path
        let epochs = (0..<3).map { second in
            [
                "GPRMC,12000\(second),A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W",
                "GPGGA,12000\(second),4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,",
            ]
        }.joined().map { sentence in
            let checksum = sentence.utf8.reduce(0, ^)
            return "$\(sentence)*\(String(format: "%02X", checksum))\r\n"
        }
        try Data(epochs.joined().utf8).write(to: URL(fileURLWithPath: path))
        let run = try await Tool.run(["plot", path, "-o", "-"])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.components(separatedBy: "class=\"fix accepted\"").count - 1 == 3)
    }

    /// `plot … -o /tmp` said "The operation could not be completed (NSCocoaErrorDomain error 512)".
    @Test func anOutputThatCannotBeWrittenSaysWhyInWords() async throws {
        let track = try PlotPictureTests.track(count: 2)
        let directory = try await Tool.run(["plot", track.url.path, "-o", NSTemporaryDirectory()])
        #expect(directory.status == 73)
        #expect(directory.error == "corelocation: error: cannot write \(NSTemporaryDirectory()): Is a directory\n")
        let missing = try await Tool.run(["plot", track.url.path, "-o", "/nonexistent/track.svg"])
        #expect(missing.status == 73)
        #expect(missing.error.hasSuffix("cannot write /nonexistent/track.svg: No such file or directory\n"))
    }

    /// `plot same.gpx -o same.gpx` replaced the track with its picture and exited 0: the input as the output, by
    /// any path to it, is refused as an output that cannot be written, and the track is left as it was.
    @Test func theInputFileIsRefusedAsTheOutput() async throws {
        let track = try PlotPictureTests.track(count: 2)
        let before = try Data(contentsOf: track.url)
        let link = track.url.deletingLastPathComponent().appendingPathComponent("link-\(UUID().uuidString).gpx")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: track.url)
        defer { try? FileManager.default.removeItem(at: link) }
        let directory = track.url.deletingLastPathComponent().path
        for output in [track.url.path, "\(directory)/./\(track.url.lastPathComponent)", link.path] {
            let run = try await Tool.run(["plot", track.url.path, "-o", output])
            #expect(run.status == 73, "\(output)")
            #expect(
                run.error
                    == "corelocation: error: cannot write \(output): it is the file being drawn; choose another name "
                    + "for the picture\n")
            #expect(try Data(contentsOf: track.url) == before, "\(output)")
        }
        let elsewhere = link.deletingLastPathComponent().appendingPathComponent("picture-\(UUID().uuidString).svg")
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        let drawn = try await Tool.run(["plot", track.url.path, "-o", elsewhere.path])
        #expect(drawn.status == 0, "\(drawn.error)")
    }

    /// `record -` created a file named `-` while `nmea:-` is standard input.
    @Test func recordToADashIsRefused() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let process = Tool.process(["record", "-", "--provider", "sample:?speed=max"])
        process.currentDirectoryURL = directory
        let error = Pipe()
        process.standardError = error
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 64)
        #expect(text.contains("record writes a file, not standard output"), "\(text)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("-").path))
    }

    /// A trial of the tool: `plot` of a GPX file whose `<time>`s go back said nothing of them, while `watch`'s replay
    /// of the same file announces the first and counts them; `plot` says the same, of the points it draws.
    @Test func timesThatGoBackAreAnnouncedAndCounted() async throws {
        let track = try TemporaryFile.track([
            ("48.0", "2.0", "10", "2024-01-01T00:00:02Z", "1"), ("48.001", "2.0", "10", "2024-01-01T00:00:01Z", "1"),
            ("48.002", "2.0", "10", "2024-01-01T00:00:03Z", "1"), ("48.003", "2.0", "10", "2024-01-01T00:00:00Z", "1"),
        ])
        let path = track.url.path
        let run = try await Tool.run(["plot", path, "-o", "-"])
        #expect(run.status == 0, "\(run.error)")
        #expect(
            run.error
                == "corelocation: \(path): warning: a <time> goes back (2024-01-01T00:00:01Z after "
                + "2024-01-01T00:00:02Z): the point is drawn where the file puts it, as any later one that goes back "
                + "is\ncorelocation: \(path): warning: 2 points whose <time> went back were drawn where the file puts "
                + "them\n")
        let one = try TemporaryFile.track([
            ("48.0", "2.0", "10", "2024-01-01T00:00:02Z", "1"), ("48.001", "2.0", "10", "2024-01-01T00:00:01Z", "1"),
        ])
        let single = try await Tool.run(["plot", one.url.path, "-o", "-"])
        #expect(single.error.split(separator: "\n").count == 1, "\(single.error)")
        #expect(single.error.contains("warning: a <time> goes back (2024-01-01T00:00:01Z after "), "\(single.error)")
    }

    /// A GPX file cut short is drawn as far as it goes, then the command fails as `watch` does (status 65).
    ///
    /// A trial of the tool: `plot` drew nothing of such a file, while `watch` replays the points before the cut.
    @Test(arguments: [[], ["--replay"]])
    func aCutGPXFileIsDrawnAsFarAsItGoesThenFails(options: [String]) async throws {
        let cut = try TemporaryFile(
            "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"t\"><trk><trkseg>\n"
                + "<trkpt lat=\"1\" lon=\"2\"><time>2026-01-01T00:00:00Z</time></trkpt>\n"
                + "<trkpt lat=\"1.001\" lon=\"2\"><time>2026-01-01T00:00:01Z</time></trkpt>\n<trkpt lat", suffix: ".gpx"
        )
        let picture = FileManager.default.temporaryDirectory.appendingPathComponent("cut-\(UUID().uuidString).svg")
        defer { try? FileManager.default.removeItem(at: picture) }
        let run = try await Tool.run(["plot"] + options + [cut.url.path, "-o", picture.path])
        #expect(run.status == 65)
        let noun = options.isEmpty ? "points" : "fixes"
        #expect(
            run.error
                == "corelocation: wrote \(picture.path): 2 \(noun), 2 accepted\n"
                + "corelocation: error: invalid input from \(cut.url.path): line 5: XML is not well-formed: "
                + "attribute lat has no value ('=' expected)\n")
        let svg = try String(contentsOf: picture, encoding: .utf8)
        #expect(svg.hasSuffix("</svg>\n"))
        #expect(svg.contains("<title>\(cut.url.lastPathComponent)</title>"))
    }
}
