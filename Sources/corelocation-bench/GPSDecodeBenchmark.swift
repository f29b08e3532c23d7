import Foundation

/// gpsd's C decoder on the same bytes: `gpsdecode < FILE > /dev/null`.
///
/// It decodes every sentence and writes a JSON report per fix. `nil` when `gpsdecode` is not installed.
func measureGPSDecode(_ input: BenchInput) throws -> Measurement? {
    guard let gpsdecode = executablePath("gpsdecode") else { return nil }
    let run = try runTool(gpsdecode, [], input: input.path, discardOutput: true)
    return Measurement(
        name: "gpsdecode (gpsd, C)", lines: input.lines, bytes: input.bytes, seconds: run.seconds,
        cpuSeconds: run.cpuSeconds)
}
