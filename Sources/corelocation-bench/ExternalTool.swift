import Foundation
import LocationSupport

/// One run of another program over the input: wall time, its processor time, and its standard output.
struct ToolRun {
    var seconds: Double
    var cpuSeconds: Double
    var output: String
}

/// The full path of `name` found on `PATH`, or `nil`.
func executablePath(_ name: String) -> String? { ProgramSearch.executable(named: name)?.path }

/// Runs `executable arguments < input`, reading its standard output; throws if it cannot start or fails.
func runTool(_ executable: String, _ arguments: [String], input: String, discardOutput: Bool) throws -> ToolRun {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: input))
    let pipe = Pipe()
    process.standardOutput = discardOutput ? FileHandle(forWritingAtPath: "/dev/null") : pipe
    process.standardError = FileHandle(forWritingAtPath: "/dev/null")
    func childCPU() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
    let (startCPU, start) = (childCPU(), monotonicNanoseconds())
    try process.run()
    Interruption.setChild(process.processIdentifier)
    defer { Interruption.setChild(nil) }
    let output = discardOutput ? Data() : pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let seconds = Double(monotonicNanoseconds() - start) / 1e9
    guard process.terminationStatus == 0 else {
        throw CocoaError(.executableLoad, userInfo: [NSFilePathErrorKey: executable])
    }
    return ToolRun(seconds: seconds, cpuSeconds: childCPU() - startCPU, output: String(decoding: output, as: UTF8.self))
}

/// Installs the programs the comparisons run when they are missing: `gpsdecode` (gpsd-clients), `gpsbabel`, GNU
/// `time`, which measures a child's own peak memory, and Python's pynmea2 (Debian's python3-nmea2).
///
/// With `apt-get`, as CI's `.ci/run` installs what the tests need, and only as root; without them, their rows
/// say "not installed".
func installMissingComparisonTools() {
    var packages = [("gpsdecode", "gpsd-clients"), ("gpsbabel", "gpsbabel"), ("time", "time")]
        .filter { executablePath($0.0) == nil }.map(\.1)
    if pythonWithPyNMEA2() == nil { packages.append("python3-nmea2") }
    guard !packages.isEmpty, getuid() == 0, let aptGet = executablePath("apt-get") else { return }
    print("installing \(packages.joined(separator: " ")) with apt-get")
    setenv("DEBIAN_FRONTEND", "noninteractive", 1)
    _ = try? runChild(aptGet, ["update", "-qq"])
    _ = try? runChild(aptGet, ["install", "-y", "-qq", "--no-install-recommends"] + packages)
}
