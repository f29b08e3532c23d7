import Foundation
import SharedTestSupport
import Testing

/// Issue 32, item 5: `nmea:-` on a standard input that stays open but silent (`nc host 10110 | corelocation …`), and
/// `nmea:FIFO` whose writer had gone, never ended: `--duration`, `--timeout`, SIGINT and SIGTERM were not heard, the
/// reader blocking in `read(2)` or, after the heading scan had taken the FIFO's bytes, in `open(2)` on the main
/// thread.
@Suite struct NMEAStalledInputTests {
    /// How a run ended.
    private struct Ending: Sendable {
        var status: Int32
        var diedOfSignal: Bool
        var output: String
        var error: String
        var seconds: Double
    }

    private static let fix = [
        "$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6A",
        "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47",
    ].map { $0 + "\r\n" }.joined()

    /// Runs the tool with standard input from a pipe that stays open (nothing is written to it) until the run ends;
    /// after `signalAfter` seconds, once the tool catches `signal`, sends it; a run still alive 20 s later is killed
    /// with SIGKILL, which the caller sees as `diedOfSignal`.
    private static func run(_ arguments: [String], signal: Int32? = nil, signalAfter: Double = 1) async throws
        -> Ending
    {
        try await offThePool {
            Result { () throws -> Ending in
                let process = Tool.process(arguments)
                let input = Pipe()
                let output = Pipe()
                let error = Pipe()
                process.standardInput = input
                process.standardOutput = output
                process.standardError = error
                let started = Date()
                try process.run()
                let pid = process.processIdentifier
                if let signal {
                    usleep(useconds_t(signalAfter * 1_000_000))
                    while process.isRunning, !Tool.catches(signal, pid: pid), Date().timeIntervalSince(started) < 20 {
                        usleep(20_000)
                    }
                    kill(pid, signal)
                }
                while process.isRunning, Date().timeIntervalSince(started) < 20 { usleep(20_000) }
                if process.isRunning { kill(pid, SIGKILL) }
                let outputData = output.fileHandleForReading.readDataToEndOfFile()
                let errorData = error.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                try? input.fileHandleForWriting.close()
                return Ending(
                    status: process.terminationStatus, diedOfSignal: process.terminationReason == .uncaughtSignal,
                    output: String(decoding: outputData, as: UTF8.self),
                    error: String(decoding: errorData, as: UTF8.self), seconds: Date().timeIntervalSince(started))
            }
        }.get()
    }

    @Test func onceOnASilentStandardInputTimesOut() async throws {
        let ending = try await Self.run(["once", "--provider", "nmea:-", "--timeout", "1"])
        #expect(!ending.diedOfSignal, "killed: \(ending.error)")
        #expect(ending.status == 2, "\(ending.error)")
        #expect(ending.seconds < 10)
    }

    @Test func watchOnASilentStandardInputEndsAfterItsDuration() async throws {
        let ending = try await Self.run(["watch", "--provider", "nmea:-", "--duration", "1"])
        #expect(!ending.diedOfSignal, "killed: \(ending.error)")
        #expect(ending.status == 0, "\(ending.error)")
        #expect(ending.seconds < 10)
    }

    @Test(arguments: [(SIGINT, 130), (SIGTERM, 143)] as [(Int32, Int32)])
    func watchOnASilentStandardInputHearsSignals(signal: Int32, status: Int32) async throws {
        let ending = try await Self.run(["watch", "--provider", "nmea:-"], signal: signal)
        #expect(!ending.diedOfSignal, "killed: \(ending.error)")
        #expect(ending.status == status, "\(ending.error)")
    }

    @Test func aFIFOIsReadOnceAndItsReplayEndsWhenTheWriterLeaves() async throws {
        let fifo = try TemporaryFIFO.make(named: "log.nmea")
        defer { fifo.cleanup() }
        let path = fifo.path
        // The writer: opening blocks until the tool opens the FIFO; it writes one epoch and leaves.
        Thread {
            blockPipeSignalOnThisThread()  // the tool may have closed its end before the write
            let descriptor = open(path, O_WRONLY)
            guard descriptor >= 0 else { return }
            _ = Self.fix.withCString { write(descriptor, $0, strlen($0)) }
            close(descriptor)
        }.start()
        let ending = try await Self.run([
            "watch", "--provider", "nmea:\(path)?speed=max", "--format", "jsonl", "--duration", "5",
        ])
        #expect(!ending.diedOfSignal, "killed: \(ending.error)")
        #expect(ending.status == 0, "\(ending.error)")
        #expect(ending.output.contains(#""latitude":48.1173"#), "the epoch reached the replay: \(ending.output)")
        #expect(ending.seconds < 5, "ended with the writer, not with --duration")
    }

    /// A trial of the tool: `nmea:/dev/stdin` on a pipe was taken for a serial device, read live and retried at the
    /// pipe's end until `--duration`; the names of standard input replay it as `nmea:-` does, to its end.
    @Test(arguments: ["/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"])
    func theNamesOfStandardInputReplayAPipeToItsEnd(_ path: String) async throws {
        let run = try await offThePool {
            Result {
                try Tool.runBlocking(
                    ["watch", "--provider", "nmea:\(path)", "--format", "jsonl", "--duration", "5"],
                    input: Data(Self.fix.utf8))
            }
        }.get()
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains(#""latitude":48.1173"#), "\(run.output)")
        #expect(run.error.hasPrefix("corelocation: nmea:\(path) finished: 1 fix written in "), "\(run.error)")
        #expect(!run.error.contains("retrying"), "\(run.error)")
    }

    @Test func onceOnAFIFOWithoutAWriterTimesOut() async throws {
        let fifo = try TemporaryFIFO.make(named: "log.nmea")
        defer { fifo.cleanup() }
        let ending = try await Self.run(["once", "--provider", "nmea:\(fifo.path)", "--timeout", "1"])
        #expect(!ending.diedOfSignal, "killed: \(ending.error)")
        #expect(ending.status == 2, "\(ending.error)")
    }
}
