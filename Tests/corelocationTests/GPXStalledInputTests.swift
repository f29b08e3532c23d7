import Foundation
import GPX
import SharedTestSupport
import Testing

/// A `gpx:` provider reading a FIFO or a stalled pipe ends on SIGINT and SIGTERM (issue 16, finding 2: the reading
/// thread, blocked in `open(2)` without a writer or in `read(2)` on a stalled pipe, kept the tool alive until
/// SIGKILL; `record` blocked the main thread itself).
@Suite struct GPXStalledInputTests {
    /// How a run ended: its status, whether a signal killed it, what it wrote on standard error.
    private struct Ending: Sendable {
        var status: Int32
        var diedOfSignal: Bool
        var error: String
    }

    /// Runs the tool, waits (at most 20 s) until `ready(pid)` and the tool catches `signal` (its dispatch source is
    /// registered: one sent before would be lost, a start-up window that this suite does not test), sends `signal`,
    /// and waits at most 20 s for the end; a run still alive then is killed with SIGKILL, which the caller sees as
    /// `diedOfSignal`.
    private static func run(
        _ arguments: [String], signal number: Int32, when ready: @escaping @Sendable (Int32) -> Bool
    ) async throws -> Ending {
        try await offThePool {
            Result { () throws -> Ending in
                let process = Tool.process(arguments)
                process.standardOutput = FileHandle.nullDevice
                let error = Pipe()
                process.standardError = error
                try process.run()
                let pid = process.processIdentifier
                let readyBy = Date(timeIntervalSinceNow: 20)
                while process.isRunning, Date() < readyBy, !(ready(pid) && Tool.catches(number, pid: pid)) {
                    usleep(20_000)
                }
                kill(pid, number)
                let endBy = Date(timeIntervalSinceNow: 20)
                while process.isRunning, Date() < endBy { usleep(20_000) }
                if process.isRunning { kill(pid, SIGKILL) }
                let errorData = error.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                return Ending(
                    status: process.terminationStatus, diedOfSignal: process.terminationReason == .uncaughtSignal,
                    error: String(decoding: errorData, as: UTF8.self))
            }
        }.get()
    }

    /// Whether process `pid` has `path` open (listed in `/proc/PID/fd`).
    private static func hasOpen(_ path: String, pid: Int32) -> Bool {
        let directory = "/proc/\(pid)/fd"
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return descriptors.contains {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(directory)/\($0)")) == path
        }
    }

    /// The waiting notice of a FIFO's replay speaks of its FIFO, not of a provider that answers (a trial of the tool).
    @Test func theWaitingNoticeOfAFIFOSaysItHasReadNoFixFromIt() async throws {
        let fifo = try TemporaryFIFO.make(named: "track.gpx")
        defer { fifo.cleanup() }
        let run = try await Tool.run(["watch", "--provider", "gpx:\(fifo.path)", "--duration", "5.5"])
        #expect(run.status == 0)
        let notice = try #require(run.error.split(separator: "\n").first { $0.contains("still waiting") })
        #expect(
            notice
                == "corelocation: still waiting: gpx:\(fifo.path) has read no fix from its FIFO yet (nothing for 5 s)")
    }

    /// A silent pipe on standard input, named by any of its names, is standard input in the notice (a trial of the
    /// tool: `nmea:/dev/stdin` was said to read "its FIFO").
    @Test(arguments: ["nmea:-", "nmea:/dev/stdin", "gpx:/dev/fd/0"])
    func theWaitingNoticeOfStandardInputSaysSo(uri: String) async throws {
        let error = try await offThePool {
            Result { () throws -> String in
                let process = Tool.process(["watch", "--provider", uri, "--duration", "5.5"])
                let silent = Pipe()  // written to by no one, closed only after the run
                process.standardInput = silent
                process.standardOutput = FileHandle.nullDevice
                let error = Pipe()
                process.standardError = error
                try process.run()
                let text = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                try silent.fileHandleForWriting.close()
                return text
            }
        }.get()
        let notice = try #require(error.split(separator: "\n").first { $0.contains("still waiting") })
        #expect(
            notice == "corelocation: still waiting: \(uri) has read no fix from standard input yet (nothing for 5 s)")
    }

    @Test(arguments: [(SIGINT, 130), (SIGTERM, 143)] as [(Int32, Int32)])
    func watchOnAFIFOWithoutWriterEnds(signal: Int32, status: Int32) async throws {
        let fifo = try TemporaryFIFO.make(named: "track.gpx")
        defer { fifo.cleanup() }
        let path = fifo.path
        let ended = try await Self.run(["watch", "--provider", "gpx:\(path)"], signal: signal) {
            Self.hasOpen(path, pid: $0)
        }
        #expect(!ended.diedOfSignal, "killed: \(ended.error)")
        #expect(ended.status == status, "\(ended.error)")
        #expect(!ended.error.contains("error"), "\(ended.error)")
    }

    @Test func recordOnAFIFOWithoutWriterEndsAndLeavesAValidFile() async throws {
        let fifo = try TemporaryFIFO.make(named: "track.gpx")
        defer { fifo.cleanup() }
        let (path, file) = (fifo.path, fifo.path + ".rec.gpx")
        let ended = try await Self.run(["record", file, "--provider", "gpx:\(path)"], signal: SIGTERM) {
            Self.hasOpen(path, pid: $0)
        }
        #expect(!ended.diedOfSignal, "killed: \(ended.error)")
        #expect(ended.status == 143, "\(ended.error)")
        let document = try GPXReader().readDocument(contentsOf: URL(fileURLWithPath: file))
        #expect(document.tracks.flatMap(\.segments).flatMap(\.points).isEmpty)
        #expect(ended.error.contains("recorded 0 fixes"), "\(ended.error)")
    }

    @Test func watchOnAStalledWriterEnds() async throws {
        let fifo = try TemporaryFIFO.make(named: "track.gpx")
        defer { fifo.cleanup() }
        let path = fifo.path
        // The writer: opening blocks until the tool opens the FIFO; it then sends half a document and stalls until
        // the run has ended.
        let ended = DispatchSemaphore(value: 0)
        let writer = Thread {
            blockPipeSignalOnThisThread()  // the tool may have closed its end before the write
            let descriptor = open(path, O_WRONLY)
            guard descriptor >= 0 else { return }
            let start =
                #"<?xml version="1.0"?><gpx version="1.1" creator="x" xmlns="http://www.topografix.com/GPX/1/1">"#
                + #"<trk><trkseg><trkpt lat="45" lon="4"/>"#
            _ = start.withCString { write(descriptor, $0, strlen($0)) }
            ended.wait()
            close(descriptor)
        }
        writer.start()
        let ending = try await Self.run(["watch", "--provider", "gpx:\(path)"], signal: SIGINT) {
            Self.hasOpen(path, pid: $0)
        }
        ended.signal()
        #expect(!ending.diedOfSignal, "killed: \(ending.error)")
        #expect(ending.status == 130, "\(ending.error)")
    }
}
