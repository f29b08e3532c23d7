import Foundation

/// The Python side of the pynmea2 comparison, written to a temporary file at run time: parse every line and
/// read the position, time, speed and course fields of the sentences that have them; print the counts.
let pynmea2Script = #"""
    import sys
    import pynmea2

    lines = parsed = rejected = positions = 0
    for raw in sys.stdin.buffer:
        lines += 1
        try:
            message = pynmea2.parse(raw.decode("ascii", "replace").strip())
        except Exception:
            rejected += 1
            continue
        parsed += 1
        try:
            if hasattr(message, "latitude"):
                message.latitude, message.longitude
                positions += 1
            getattr(message, "timestamp", None)
            getattr(message, "spd_over_grnd", None)
            getattr(message, "true_course", None)
        except Exception:
            pass
    print(lines, parsed, rejected, positions)
    """#

/// The path of a `python3` that can import pynmea2, or `nil`.
///
/// The first on `PATH`, else Debian's `/usr/bin/python3`, which Debian's python3-nmea2 installs for (a `PATH` may
/// lead to another Python first, such as pyenv's).
func pythonWithPyNMEA2() -> String? {
    [executablePath("python3"), "/usr/bin/python3"].compactMap { $0 }.first { python in
        FileManager.default.isExecutableFile(atPath: python)
            && (try? runTool(python, ["-c", "import pynmea2"], input: "/dev/null", discardOutput: true)) != nil
    }
}

/// pynmea2 on the same bytes, through `python3`.
///
/// `nil` when python3 or the pynmea2 package is missing.
func measurePyNMEA2(_ input: BenchInput) throws -> Measurement? {
    guard let python = pythonWithPyNMEA2() else { return nil }
    let script = FileManager.default.temporaryDirectory.appendingPathComponent("corelocation-bench-\(getpid()).py")
    Interruption.removeOnInterruption(script.path)
    try pynmea2Script.write(to: script, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: script) }
    let run = try runTool(python, [script.path], input: input.path, discardOutput: false)
    let counts = run.output.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
    return Measurement(
        name: "pynmea2 (Python)", lines: input.lines, bytes: input.bytes, seconds: run.seconds,
        cpuSeconds: run.cpuSeconds, fixes: counts.count == 4 ? counts[3] : nil)
}
