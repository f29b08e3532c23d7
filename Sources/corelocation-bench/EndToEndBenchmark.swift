import Foundation

/// The main job end to end (issue 17): the built `corelocation` decoding the input log into each output format,
/// `corelocation watch --provider "nmea:FILE?speed=max" --format F > /dev/null`, against the tool a user would pick
/// instead for the same bytes: `gpsdecode < FILE` (JSON, one report per sentence) for JSON Lines, CSV and text, and
/// `gpsbabel -i nmea -f FILE -o gpx -F /dev/null` for GPX.
///
/// The runs alternate (each of ours, then gpsdecode, then GPSBabel, `runs` times), so a change of the shared
/// machine's load hits all alike; the fastest run of each is kept, and each ratio is theirs over ours from the same
/// runs, on wall time (processor time beside it: ours uses two threads, the reader and the writer; the ratio of
/// processor times is printed too, as it moves less with the shared machine's load).
func measureEndToEnd(_ input: BenchInput, runs: Int) throws -> [ReportRow] {
    let name = "tool end to end, nmea:FILE?speed=max"
    guard let tool = builtTool() else {
        return [ReportRow(name, "skipped", "build the tool first: swift build -c release --product corelocation")]
    }
    let formats = [("jsonl", "JSON Lines"), ("csv", "CSV"), ("text", "text"), ("gpx", "GPX")]
    let gpsdecode = executablePath("gpsdecode")
    let gpsbabel = executablePath("gpsbabel")
    var best: [String: ChildRun] = [:]
    func keep(_ key: String, _ run: ChildRun) {
        if run.seconds < best[key]?.seconds ?? .infinity { best[key] = run }
    }
    for _ in 0..<max(1, runs) {
        for (format, _) in formats {
            keep(
                format, try runChild(tool, ["watch", "--provider", "nmea:\(input.path)?speed=max", "--format", format]))
        }
        if let gpsdecode { keep("gpsdecode", try runChild(gpsdecode, [], input: input.path)) }
        if let gpsbabel {
            keep("gpsbabel", try runChild(gpsbabel, ["-i", "nmea", "-f", input.path, "-o", "gpx", "-F", "/dev/null"]))
        }
    }
    return formats.compactMap { format, label in
        guard let ours = best[format] else { return nil }
        // Issue 30's targets for JSON Lines and GPX; issue 17's for CSV and text, which issue 30 does not name.
        let (other, target) =
            switch format {
            case "gpx": ("gpsbabel", 25.0)
            case "jsonl": ("gpsdecode", 12.0)
            default: ("gpsdecode", 5.0)
            }
        let figures = String(format: "ours %.2f s (%.2f s CPU)", ours.seconds, ours.cpuSeconds)
        guard let theirs = best[other] else {
            return ReportRow("\(name) → \(label) vs \(other)", figures, "\(other) not installed")
        }
        let ratio = theirs.seconds / ours.seconds
        let cpuRatio = theirs.cpuSeconds / ours.cpuSeconds
        return ReportRow(
            "\(name) → \(label) vs \(other)",
            String(
                format: "%.2f× wall, %.2f× CPU (%@; %@ %.2f s, %.2f s CPU)", ratio, cpuRatio, figures, other,
                theirs.seconds, theirs.cpuSeconds),
            "\(input.bytes / 1_000_000) MB, best of \(max(1, runs)) alternating runs; "
                + ratioVerdict(wall: ratio, cpu: cpuRatio, target: target))
    }
}
