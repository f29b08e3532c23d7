import Foundation

/// The result of one throughput measurement.
struct Measurement {
    var name: String
    /// Input lines (NMEA sentences, plus the few comment lines of the logs).
    var lines: Int
    var bytes: Int
    var seconds: Double
    /// Processor time of the whole process (all threads, user + system), in seconds; of the child for tools.
    var cpuSeconds: Double
    /// Fixes delivered (or decoded), when the measurement counts them.
    var fixes: Int?
    /// Peak resident set size during the measurement, in kB (VmHWM after resetting it), when known.
    var peakResidentKilobytes: Int?

    var linesPerSecond: Double { Double(lines) / seconds }
    var megabytesPerSecond: Double { Double(bytes) / 1_000_000 / seconds }

    /// A row of the report: throughput, then the details.
    var row: ReportRow {
        let fixes = self.fixes.map { ", \($0) fixes" } ?? ""
        let peak = peakResidentKilobytes.map { String(format: ", peak RSS %.1f MB", Double($0) / 1000) } ?? ""
        return ReportRow(
            name,
            String(format: "%.0f lines/s, %.1f MB/s", linesPerSecond, megabytesPerSecond),
            String(format: "%.3f s wall, %.3f s CPU%@%@", seconds, cpuSeconds, fixes, peak))
    }
}

/// Processor time of this process so far (all threads, user + system), in seconds.
func processCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

/// Monotonic time in nanoseconds.
func monotonicNanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// Runs `body` and returns its result with the wall-clock and process CPU seconds it took.
func timed<T>(_ body: () throws -> T) rethrows -> (result: T, seconds: Double, cpuSeconds: Double) {
    let (startCPU, start) = (processCPUSeconds(), monotonicNanoseconds())
    let result = try body()
    let seconds = Double(monotonicNanoseconds() - start) / 1e9
    return (result, seconds, processCPUSeconds() - startCPU)
}
