import Foundation

/// GPX replay end to end: the built `corelocation` tool replaying a generated track as fast as possible into CSV
/// and JSON Lines, against GPSBabel converting the same file to CSV (`-t -i gpx -o unicsv`), and the tool's peak
/// resident set at 50,000 and 200,000 points (issue 17; the targets are issue 30's: ≥ 8× in wall and CPU time,
/// below 40 MB).
///
/// The track: timed points 1 s apart, each with `<ele>` and `<time>` (about 105 bytes a point), so a replay at
/// `speed=max` writes exactly one fix per point. Every program writes to `/dev/null`. The runs alternate (ours CSV,
/// ours JSON Lines, GPSBabel, ours on the small file), so a change of the shared machine's load hits all alike; the
/// least wall time and the least processor time of each are kept (``BestRuns``), and the ratios are GPSBabel's over
/// ours from the same runs. Peak RSS is the
/// largest over the runs, each child's own (`wait4`).
func measureGPXReplay(runs: Int) throws -> [ReportRow] {
    let name = "GPX replay (tool, speed=max)"
    guard let tool = builtTool() else {
        return [ReportRow(name, "skipped", "build the tool first: swift build -c release --product corelocation")]
    }
    let small = try GPXTrackInput(points: 50_000)
    let large = try GPXTrackInput(points: 200_000)
    defer {
        small.remove()
        large.remove()
    }
    let gpsbabel = executablePath("gpsbabel")
    var best = BestRuns()
    func ours(_ input: GPXTrackInput, _ format: String) throws -> ChildRun {
        try runChild(tool, ["watch", "--provider", "gpx:\(input.path)?speed=max", "--format", format])
    }
    for _ in 0..<max(1, runs) {
        best.keep("csv", try ours(large, "csv"))
        best.keep("jsonl", try ours(large, "jsonl"))
        if let gpsbabel {
            best.keep(
                "gpsbabel",
                try runChild(gpsbabel, ["-t", "-i", "gpx", "-f", large.path, "-o", "unicsv", "-F", "/dev/null"]))
        }
        best.keep("small", try ours(small, "csv"))
    }
    var rows: [ReportRow] = []
    for (format, label) in [("csv", "CSV"), ("jsonl", "JSON Lines")] {
        guard let run = best.fastest[format], let runCPU = best.leastCPU[format] else { continue }
        let figures = String(format: "ours %.3f s, %.3f s CPU", run.seconds, runCPU)
        guard let theirs = best.fastest["gpsbabel"], let ratios = best.ratios(theirs: "gpsbabel", ours: format) else {
            rows.append(ReportRow("\(name) → \(label), 200,000 points", figures, "gpsbabel not installed"))
            continue
        }
        rows.append(
            ReportRow(
                "\(name) → \(label) vs gpsbabel → CSV, 200,000 points (\(large.megabytes) MB)",
                String(
                    format: "%.2f× wall, %.2f× CPU (%@; gpsbabel %.3f s, %.3f s CPU)", ratios.wall, ratios.cpu,
                    figures, theirs.seconds, best.leastCPU["gpsbabel"] ?? 0),
                "least wall and least CPU time of \(runs) alternating runs; "
                    + ratioVerdict(wall: ratios.wall, cpu: ratios.cpu, target: 8)))
    }
    let peaks = best.largestPeak
    if let smallPeak = peaks["small"], let largePeak = peaks["csv"] {
        let flat = largePeak - smallPeak < 5_000
        rows.append(
            ReportRow(
                "\(name) → CSV, peak RSS at 50,000 / 200,000 points",
                String(format: "%.1f MB / %.1f MB", Double(smallPeak) / 1000, Double(largePeak) / 1000),
                "largest of \(runs) runs, the tool's whole process; gpsbabel \(peaks["gpsbabel"].map { String(format: "%.1f MB", Double($0) / 1000) } ?? "not installed") at 200,000; "
                    + "target < 40 MB and within 5 MB of each other: \(verdict(largePeak < 40_000 && flat))"))
    }
    return rows
}

/// A generated GPX track in a temporary file.
struct GPXTrackInput {
    var path: String
    var bytes: Int

    var megabytes: Int { (bytes + 500_000) / 1_000_000 }

    /// Writes `points` timed track points, 1 s apart, walking north-east at about 5 m/s.
    init(points: Int) throws {
        path =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("corelocation-bench-\(getpid())-\(points).gpx").path
        Interruption.removeOnInterruption(path)
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="corelocation-bench" xmlns="http://www.topografix.com/GPX/1/1">
            <trk><name>bench</name><trkseg>

            """
        bytes = 0
        for index in 0..<points {  // from 2024-01-01T00:00:00Z; fewer than 31 days of seconds
            let (day, second) = (index / 86_400, index % 86_400)
            let time = String(
                format: "2024-01-%02dT%02d:%02d:%02dZ", 1 + day, second / 3600, second / 60 % 60, second % 60)
            text += String(
                format: "      <trkpt lat=\"%.7f\" lon=\"%.7f\"><ele>%.1f</ele><time>%@</time></trkpt>\n",
                47 + Double(index) * 0.00004, 8 + Double(index) * 0.00003, 400 + Double(index % 100) * 0.1, time)
            if text.utf8.count > 1 << 20 {
                try handle.write(contentsOf: Data(text.utf8))
                bytes += text.utf8.count
                text = ""
            }
        }
        text += "</trkseg></trk>\n</gpx>\n"
        try handle.write(contentsOf: Data(text.utf8))
        bytes += text.utf8.count
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}
