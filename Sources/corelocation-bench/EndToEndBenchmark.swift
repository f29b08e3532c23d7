import Foundation

/// The main job end to end (issue 17): the built `corelocation` decoding the input log into each output format,
/// `corelocation watch --provider "nmea:FILE?speed=max" --format F > /dev/null`, against the tool a user would pick
/// instead for the same bytes: `gpsdecode < FILE` (JSON, one report per sentence) for JSON Lines, CSV and text, and
/// `gpsbabel -i nmea -f FILE -o gpx -F /dev/null` for GPX.
///
/// The runs alternate (each of ours, then gpsdecode, then GPSBabel, `runs` times), so a change of the shared
/// machine's load hits all alike; the least wall time and the least processor time of each are kept (``BestRuns``),
/// and each ratio is theirs over ours from the same runs, in wall and in processor time (ours uses two threads, the
/// reader and the writer, so its wall time needs the second core; issue 30 sets its goals in both).
func measureEndToEnd(_ input: BenchInput, runs: Int) throws -> [ReportRow] {
    let name = "tool end to end, nmea:FILE?speed=max"
    guard let tool = builtTool() else {
        return [ReportRow(name, "skipped", "build the tool first: swift build -c release --product corelocation")]
    }
    let formats = [("jsonl", "JSON Lines"), ("csv", "CSV"), ("text", "text"), ("gpx", "GPX")]
    let gpsdecode = executablePath("gpsdecode")
    let gpsbabel = executablePath("gpsbabel")
    var best = BestRuns()
    for _ in 0..<max(1, runs) {
        for (format, _) in formats {
            best.keep(
                format, try runChild(tool, ["watch", "--provider", "nmea:\(input.path)?speed=max", "--format", format]))
        }
        if let gpsdecode { best.keep("gpsdecode", try runChild(gpsdecode, [], input: input.path)) }
        if let gpsbabel {
            best.keep(
                "gpsbabel", try runChild(gpsbabel, ["-i", "nmea", "-f", input.path, "-o", "gpx", "-F", "/dev/null"]))
        }
    }
    return formats.compactMap { format, label in
        guard let ours = best.fastest[format], let oursCPU = best.leastCPU[format] else { return nil }
        // Issue 30's targets for JSON Lines and GPX; issue 17's for CSV and text, which issue 30 does not name.
        let (other, target) =
            switch format {
            case "gpx": ("gpsbabel", 25.0)
            case "jsonl": ("gpsdecode", 12.0)
            default: ("gpsdecode", 5.0)
            }
        let figures = String(format: "ours %.3f s, %.3f s CPU", ours.seconds, oursCPU)
        guard let theirs = best.fastest[other], let ratios = best.ratios(theirs: other, ours: format) else {
            return ReportRow("\(name) → \(label) vs \(other)", figures, "\(other) not installed")
        }
        return ReportRow(
            "\(name) → \(label) vs \(other)",
            String(
                format: "%.2f× wall, %.2f× CPU (%@; %@ %.3f s, %.3f s CPU)", ratios.wall, ratios.cpu, figures, other,
                theirs.seconds, best.leastCPU[other] ?? 0),
            "\(input.bytes / 1_000_000) MB, least wall and least CPU time of \(max(1, runs)) alternating runs; "
                + ratioVerdict(wall: ratios.wall, cpu: ratios.cpu, target: target))
    }
}
