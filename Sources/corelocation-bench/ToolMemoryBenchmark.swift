import Foundation

/// The tool's memory does not grow with the file (issue 16).
///
/// Peak RSS of `corelocation watch --provider "nmea:FILE?speed=max" --format jsonl` on 10 MB and on 100 MB of the
/// logs, with
/// standard output a pipe read slowly (64 KiB, then a 5 ms pause: about 13 MB/s, well below what the tool writes),
/// so that the output blocks and the replay must wait for it. Target: the two peaks within 5 MB of each other.
func measureToolMemory(logDirectory: URL) throws -> [ReportRow] {
    let name = "tool memory, watch nmea:FILE?speed=max --format jsonl into a slow pipe"
    guard let tool = builtTool() else {
        return [ReportRow(name, "skipped", "build the tool first: swift build -c release --product corelocation")]
    }
    var peaks: [(megabytes: Int, run: ChildRun, output: Int)] = []
    for megabytes in [10, 100] {
        let input = try BenchInput.build(from: logDirectory, megabytes: megabytes)
        defer { try? FileManager.default.removeItem(atPath: input.path) }
        let pipe = Pipe()
        var received = 0
        let run = try runChild(
            tool, ["watch", "--provider", "nmea:\(input.path)?speed=max", "--format", "jsonl"], output: pipe
        ) {
            let reader = pipe.fileHandleForReading
            while let chunk = try? reader.read(upToCount: 65_536), !chunk.isEmpty {
                received += chunk.count
                usleep(5_000)
            }
        }
        peaks.append((megabytes, run, received))
    }
    let growth = peaks[1].run.peakResidentKilobytes - peaks[0].run.peakResidentKilobytes
    let describe = peaks.map {
        String(
            format: "%d MB: peak %.1f MB (%.0f MB of JSON Lines read in %.1f s)", $0.megabytes,
            Double($0.run.peakResidentKilobytes) / 1000, Double($0.output) / 1e6, $0.run.seconds)
    }
    return [
        ReportRow(
            name, describe.joined(separator: "; "),
            String(
                format: "difference %+.1f MB; the tool's own peak (GNU time); target within 5 MB: %@",
                Double(growth) / 1000,
                verdict(abs(growth) <= 5_000)))
    ]
}
