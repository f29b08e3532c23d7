import Foundation
import NMEA0183

/// The bare `NMEADecoder` over the file, read in 64 KiB chunks.
func measureDecoder(_ input: BenchInput) throws -> Measurement {
    ProcessStatus.resetPeakResident()
    let file = try FileHandle(forReadingFrom: URL(fileURLWithPath: input.path))
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
    return Measurement(
        name: "decoder (NMEADecoder alone)", lines: input.lines, bytes: input.bytes, seconds: run.seconds,
        cpuSeconds: run.cpuSeconds, fixes: decoder.statistics.fixes,
        peakResidentKilobytes: ProcessStatus.kilobytes("VmHWM"))
}
