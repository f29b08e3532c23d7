// corelocation-bench: decoding throughput of the NMEA stack.
//
// Usage: swift run -c release corelocation-bench [MEGABYTES] [LOG-DIRECTORY]
//   MEGABYTES      size of the input, built by repeating the gpsd logs (default 100)
//   LOG-DIRECTORY  the gpsd logs (default ../shared/data/gpsd-logs next to the package)
// Each measurement runs 3 times; the fastest run is printed.
//
// Each measurement is a small function taking the input file and returning a `Measurement`, so other
// comparisons (gpsdecode, pynmea2, ...) can be added beside them.

import Foundation
import LinuxCoreLocation
import NMEA0183

/// The result of one measurement.
struct Measurement {
    var name: String
    var sentences: Int
    var bytes: Int
    var seconds: Double
    /// Processor time of the whole process (all threads, user + system), in seconds.
    var cpuSeconds: Double
    var fixes: Int
    /// Peak resident set size during the measurement, in kB (VmHWM after resetting it), when known.
    var peakResidentKilobytes: Int?

    var line: String {
        let rate = Double(sentences) / seconds
        let megabytes = Double(bytes) / 1_000_000 / seconds
        let peak = peakResidentKilobytes.map { String(format: ", peak RSS %.1f MB", Double($0) / 1000) } ?? ""
        return String(
            format: "%@: %.0f sentences/s, %.1f MB/s (%d sentences, %d fixes, %.2f s wall, %.2f s CPU%@)", name,
            rate, megabytes, sentences, fixes, seconds, cpuSeconds, peak)
    }
}

/// The gpsd logs directory: the argument, else `../shared/data/gpsd-logs` beside the package root.
func logDirectory(_ argument: String?) -> URL {
    if let argument { return URL(fileURLWithPath: argument) }
    var root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while root.path != "/", !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
        root.deleteLastPathComponent()
    }
    return root.deletingLastPathComponent().appendingPathComponent("shared/data/gpsd-logs")
}

/// Writes the logs of `directory`, repeated, to a temporary file of at least `megabytes` MB; returns its path
/// and size.
///
/// Streams the copies, so the input is never held in memory.
func buildInput(from directory: URL, megabytes: Int) throws -> (path: String, bytes: Int) {
    let logs = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        .filter { $0.pathExtension == "log" }.sorted { $0.path < $1.path }
    guard !logs.isEmpty else { throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: directory.path]) }
    var corpus = Data()
    for log in logs {
        corpus += try Data(contentsOf: log)
        if corpus.last != UInt8(ascii: "\n") { corpus.append(UInt8(ascii: "\n")) }
    }
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("corelocation-bench-\(getpid()).nmea").path
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    var written = 0
    while written < megabytes * 1_000_000 {
        try handle.write(contentsOf: corpus)
        written += corpus.count
    }
    return (path, written)
}

/// Resets the process's peak RSS (VmHWM) so the next reading covers only what follows.
func resetPeakResident() {
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
}

/// The peak RSS in kB since the last reset, from `/proc/self/status`.
func peakResidentKilobytes() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    else { return nil }
    return Int(line.split(separator: " ").dropFirst().first ?? "")
}

/// Runs `body` and returns its result with the wall-clock and process CPU seconds it took.
func timed<T>(_ body: () throws -> T) rethrows -> (result: T, seconds: Double, cpuSeconds: Double) {
    func cpu() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
    let (startCPU, start) = (cpu(), DispatchTime.now())
    let result = try body()
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    return (result, seconds, cpu() - startCPU)
}

/// The fastest of `runs` runs of a measurement (the machine is shared; the best run is the least disturbed).
func best(of runs: Int, _ measure: () throws -> Measurement) rethrows -> Measurement {
    var results: [Measurement] = []
    for _ in 0..<runs { results.append(try measure()) }
    return results.min { $0.seconds < $1.seconds }!
}

/// (a) The bare decoder over the file, read in 64 KiB chunks.
func measureDecoder(path: String, bytes: Int) throws -> Measurement {
    resetPeakResident()
    let file = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
    defer { try? file.close() }
    var options = NMEADecoderOptions()
    options.reportsSentences = false
    var decoder = NMEADecoder(options: options)
    let run = try timed {
        while let chunk = try file.read(upToCount: 65_536), !chunk.isEmpty {
            _ = decoder.feed(chunk)
        }
        _ = decoder.finish()
    }
    let statistics = decoder.statistics
    return Measurement(
        name: "decoder", sentences: statistics.acceptedSentences + statistics.rejectedSentences, bytes: bytes,
        seconds: run.seconds, cpuSeconds: run.cpuSeconds, fixes: statistics.fixes,
        peakResidentKilobytes: peakResidentKilobytes())
}

/// (a′) The replay source alone: file → decoder → `CLLocation`s, without pacing, threads or a manager.
func measureReplaySource(path: String, bytes: Int, sentences: Int) throws -> Measurement {
    resetPeakResident()
    let source = try NMEAReplaySource(path: path)
    let run = try timed {
        var fixes = 0
        while let item = try source.next() {
            if case .locations(let locations) = item.event { fixes += locations.count }
        }
        return fixes
    }
    return Measurement(
        name: "replay source", sentences: sentences, bytes: bytes, seconds: run.seconds, cpuSeconds: run.cpuSeconds,
        fixes: run.result, peakResidentKilobytes: peakResidentKilobytes())
}

/// Counts what a manager delivers and signals the provider's end.
final class CountingDelegate: NSObject, LinuxLocationManagerDelegate, @unchecked Sendable {
    let finished = DispatchSemaphore(value: 0)
    private(set) var locations = 0  // written only on the callback queue

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        self.locations += locations.count
    }
    func locationManagerProviderDidFinish(_ manager: CLLocationManager) {
        finished.signal()
    }
}

/// (b) The full pipeline: `nmea:FILE?speed=max` → replay provider → `CLLocationManager` → delegate callback
/// on a serial callback queue.
func measurePipeline(path: String, bytes: Int, sentences: Int) throws -> Measurement {
    resetPeakResident()
    let provider = freshReplayProvider(path: path)
    let queue = DispatchQueue(label: "corelocation-bench.callbacks")
    let delegate = CountingDelegate()
    let run = timed {
        let manager = queue.sync {
            let manager = CLLocationManager(
                configuration: LocationManagerConfiguration(
                    provider: provider, authorization: LocationAuthorization(status: .authorizedAlways),
                    callbackQueue: queue))
            manager.delegate = delegate
            manager.pausesLocationUpdatesAutomatically = false
            manager.startUpdatingLocation()
            return manager
        }
        delegate.finished.wait()
        return queue.sync {
            manager.stopUpdatingLocation()
            return delegate.locations
        }
    }
    return Measurement(
        name: "pipeline", sentences: sentences, bytes: bytes, seconds: run.seconds, cpuSeconds: run.cpuSeconds,
        fixes: run.result, peakResidentKilobytes: peakResidentKilobytes())
}

/// A fresh `nmea:PATH?speed=max` provider, built as the `nmea` scheme builds it but not cached by the registry,
/// so each run starts anew.
func freshReplayProvider(path: String) -> any LocationProvider {
    ReplayLocationProvider(
        identifier: "nmea:\(path)?speed=max", capabilities: [.location],
        options: ReplayOptions(speed: .asFastAsPossible),
        isAvailable: { true }, open: { try NMEAReplaySource(path: path) })
}

let arguments = CommandLine.arguments.dropFirst()
let megabytes = arguments.first.flatMap { Int($0) } ?? 100
let directory = logDirectory(arguments.dropFirst().first)
let runs = 3
do {
    let input = try buildInput(from: directory, megabytes: megabytes)
    defer { try? FileManager.default.removeItem(atPath: input.path) }
    print("input: \(input.bytes) bytes from \(directory.path) (\(megabytes) MB requested)")
    let decoder = try best(of: runs) { try measureDecoder(path: input.path, bytes: input.bytes) }
    print(decoder.line)
    print(
        try best(of: runs) {
            try measureReplaySource(path: input.path, bytes: input.bytes, sentences: decoder.sentences)
        }.line)
    print(
        try best(of: runs) { try measurePipeline(path: input.path, bytes: input.bytes, sentences: decoder.sentences) }
            .line)
} catch {
    FileHandle.standardError.write(Data("corelocation-bench: \(error)\n".utf8))
    exit(1)
}
