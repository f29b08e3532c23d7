import Foundation

/// The tool's memory does not grow with the file (issues 16 and 30).
///
/// Peak RSS of `corelocation watch --provider "nmea:FILE?speed=max" --format F` for every output format into
/// `/dev/null`, and of `--format jsonl` into a pipe read slowly (64 KiB, then a 5 ms pause: about 13 MB/s, well
/// below what the tool writes, so that the output blocks and the replay must wait for it), each on 10 MB, 100 MB
/// and 1 GB of the logs. Targets (issue 30): every peak below 40 MB, and the peaks of one conversion within 5 MB
/// of each other from 10 MB to 1 GB.
func measureToolMemory(logDirectory: URL) throws -> [ReportRow] {
    guard let tool = builtTool() else {
        return [
            ReportRow(
                "tool memory", "skipped", "build the tool first: swift build -c release --product corelocation")
        ]
    }
    let sizes = [10, 100, 1_000]
    let conversions: [(format: String, slowPipe: Bool)] =
        ["jsonl", "gpx", "csv", "text"].map { ($0, false) } + [("jsonl", true)]
    var peaks = [[Int]](repeating: [], count: conversions.count)
    for megabytes in sizes {
        let input = try BenchInput.build(from: logDirectory, megabytes: megabytes)
        defer { try? FileManager.default.removeItem(atPath: input.path) }
        for (index, conversion) in conversions.enumerated() {
            let arguments = ["watch", "--provider", "nmea:\(input.path)?speed=max", "--format", conversion.format]
            let run: ChildRun
            if conversion.slowPipe {
                let pipe = Pipe()
                run = try runChild(tool, arguments, output: pipe) {
                    let reader = pipe.fileHandleForReading
                    while let chunk = try? reader.read(upToCount: 65_536), !chunk.isEmpty { usleep(5_000) }
                }
            } else {
                run = try runChild(tool, arguments)
            }
            peaks[index].append(run.peakResidentKilobytes)
        }
    }
    return conversions.enumerated().map { index, conversion in
        let kilobytes = peaks[index]
        let spread = (kilobytes.max() ?? 0) - (kilobytes.min() ?? 0)
        let below = kilobytes.allSatisfy { $0 < 40_000 }
        let figures = zip(sizes, kilobytes).map {
            String(format: "%@: %.1f MB", $0 >= 1_000 ? "\($0 / 1_000) GB" : "\($0) MB", Double($1) / 1_000)
        }
        let into = conversion.slowPipe ? "a slow pipe (13 MB/s)" : "/dev/null"
        return ReportRow(
            "tool memory, watch nmea:FILE?speed=max --format \(conversion.format) into \(into)",
            figures.joined(separator: "; "),
            String(
                format: "spread %.1f MB; the tool's own peak (GNU time); target below 40 MB and within 5 MB: %@",
                Double(spread) / 1_000, verdict(below && spread <= 5_000)))
    }
}
