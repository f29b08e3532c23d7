import Foundation
import LinuxCoreLocation

/// The replay source alone: file → decoder → `CLLocation`s, without pacing, threads or a manager.
func measureReplaySource(_ input: BenchInput) throws -> Measurement {
    ProcessStatus.resetPeakResident()
    let source = try NMEAReplaySource(path: input.path)
    let run = try timed {
        var fixes = 0
        while let item = try source.next() {
            if case .locations(let locations) = item.event { fixes += locations.count }
        }
        return fixes
    }
    return Measurement(
        name: "replay source (file → CLLocation)", lines: input.lines, bytes: input.bytes, seconds: run.seconds,
        cpuSeconds: run.cpuSeconds, fixes: run.result, peakResidentKilobytes: ProcessStatus.kilobytes("VmHWM"))
}
