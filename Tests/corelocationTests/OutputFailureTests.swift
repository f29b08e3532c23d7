import Foundation
import GPX
import SharedTestSupport
import Testing

/// A full or closed standard output or error never traps the tool (issue 16).
///
/// A full or closed standard output
/// ends it with status 74 and one error line; a closed pipe (`| head`) ends it quietly with status 0, never by
/// SIGPIPE; standard error that cannot be written is skipped. Each test fails before the fix by a signal (the
/// trap in `FileHandle.write`, or SIGPIPE).
@Suite struct OutputFailureTests {
    /// How a run ended: its status or signal, and what it wrote on standard error.
    struct Ending {
        var reason: Process.TerminationReason
        var status: Int32
        var error: String
    }

    /// Runs the tool through `sh -c`, with `redirections` such as `>/dev/full` or `2>&-` applied to it.
    static func run(_ arguments: [String], redirections: String) async throws -> Ending {
        try await offThePool {
            Result { () throws -> Ending in
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/bin/sh")
                process.arguments = ["-c", "exec \"$0\" \"$@\" \(redirections)", Tool.executable.path] + arguments
                let error = Pipe()
                process.standardError = error
                process.standardInput = FileHandle.nullDevice
                try process.run()
                let text = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                return Ending(reason: process.terminationReason, status: process.terminationStatus, error: text)
            }
        }.get()
    }

    @Test(arguments: [
        (">/dev/full", "No space left on device"), (">&-", "Bad file descriptor"), (">/dev/full 2>&-", ""),
    ])
    func aFullOrClosedStandardOutputEndsWithStatus74(redirections: String, reason: String) async throws {
        let log = try TemporaryFile.nmeaLog(count: 3_000)
        for provider in ["nmea:\(log.url.path)?speed=max", "fixed:48.8584,2.2945"] {
            let ending = try await Self.run(
                ["watch", "--provider", provider, "--format", "jsonl"], redirections: redirections)
            #expect(ending.reason == .exit, "\(provider) \(redirections): killed by signal \(ending.status)")
            #expect(ending.status == 74, "\(provider) \(redirections)")
            if !reason.isEmpty {
                #expect(ending.error.contains("error: cannot write to standard output: \(reason)"), "\(ending.error)")
            }
        }
    }

    @Test(arguments: ["2>&-", "2>/dev/full"])
    func aClosedOrFullStandardErrorIsSkipped(redirections: String) async throws {
        let log = try TemporaryFile.nmeaLog(count: 50)
        let output = try TemporaryFile("", suffix: ".jsonl")
        let ending = try await Self.run(
            ["watch", "--provider", "nmea:\(log.url.path)?speed=max", "--format", "jsonl"],
            redirections: ">\(output.url.path) \(redirections)")
        #expect(ending.reason == .exit, "killed by signal \(ending.status)")
        #expect(ending.status == 0)
        let lines = try String(contentsOf: output.url, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 50 && lines.allSatisfy { $0.hasPrefix("{\"type\":\"location\"") })
    }

    /// With a standard descriptor closed, the files the tool opens do not take its number: `record` with standard
    /// error (or output, or input) closed writes a valid GPX without the library's warnings in it.
    @Test(arguments: ["2>&-", ">&- 2>&-", "<&- >&- 2>&-"])
    func aClosedStandardDescriptorIsNotReusedForARecording(redirections: String) async throws {
        let log = try TemporaryFile.nmeaLog(count: 30)
        // A sentence with a wrong checksum, so that the library warns on standard error at the end of the log.
        let handle = try FileHandle(forWritingTo: log.url)
        try handle.seekToEnd()
        try handle.write(
            contentsOf: Data("$GPRMC,000100.00,A,4807.000,N,01131.000,E,022.4,084.4,230394,003.1,W*00\r\n".utf8))
        try handle.close()
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("closed-\(UUID().uuidString).gpx")
        defer { try? FileManager.default.removeItem(at: output) }
        let ending = try await Self.run(
            ["record", output.path, "--provider", "nmea:\(log.url.path)?speed=max"], redirections: redirections)
        #expect(ending.reason == .exit, "killed by signal \(ending.status)")
        #expect(ending.status == 0)
        let text = try String(contentsOf: output, encoding: .utf8)
        #expect(!text.contains("LinuxCoreLocation: ") && !text.contains("corelocation: "), "\(text.suffix(300))")
        let points = try GPXReader().readDocument(contentsOf: output).tracks.flatMap(\.segments).flatMap(\.points)
        #expect(points.count == 30)
    }

    /// `corelocation watch … | head -1`: the reader closes the pipe after one line; the tool, replaying a log in
    /// a loop (endless output), ends quietly with status 0.
    @Test func aClosedPipeEndsQuietlyWithStatus0() async throws {
        let log = try TemporaryFile.nmeaLog(count: 100)
        let ending = try await offThePool {
            Result { () throws -> Ending in
                let process = Process()
                process.executableURL = Tool.executable
                process.arguments = ["watch", "--provider", "nmea:\(log.url.path)?speed=max&loop", "--format", "jsonl"]
                let output = Pipe()
                let error = Pipe()
                process.standardOutput = output
                process.standardError = error
                process.standardInput = FileHandle.nullDevice
                try process.run()
                var first = Data()
                while !first.contains(UInt8(ascii: "\n")),
                    let chunk = try output.fileHandleForReading.read(upToCount: 1)
                {
                    first += chunk
                }
                try output.fileHandleForReading.close()
                let text = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                #expect(String(decoding: first, as: UTF8.self).hasPrefix("{\"type\":\"location\""))
                return Ending(reason: process.terminationReason, status: process.terminationStatus, error: text)
            }
        }.get()
        #expect(ending.reason == .exit, "killed by signal \(ending.status)")
        #expect(ending.status == 0)
        #expect(!ending.error.contains("error"), "\(ending.error)")
    }
}
