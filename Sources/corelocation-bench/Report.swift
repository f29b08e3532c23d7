import Foundation

/// One line of the printed table: what was measured, the figure, and how it was obtained or how it compares.
struct ReportRow {
    var name: String
    var result: String
    var notes: String

    init(_ name: String, _ result: String, _ notes: String = "") {
        self.name = name
        self.result = result
        self.notes = notes
    }

    /// The row as a Markdown table line, ready for Docs/Benchmarks.md.
    var markdown: String { "| \(name) | \(result) | \(notes) |" }
}

/// Prints rows as they are measured, so a long run shows progress.
func printRows(_ rows: [ReportRow]) {
    for row in rows { print(row.markdown) }
    fflush(nil)
}

/// "met" or "NOT met", for a target stated in the notes.
func verdict(_ met: Bool) -> String { met ? "target met" : "target NOT met" }

/// The verdict on a speed ratio against another tool, which issue 30 sets in wall and in processor time alike.
///
/// - Parameters:
///   - wall: theirs ÷ ours in wall time, from the same alternating runs.
///   - cpu: theirs ÷ ours in processor time (user + system of each child).
///   - target: the least ratio, e.g. 12 for "≥ 12×".
/// - Returns: the target and whether it was met, in both times or in which one.
func ratioVerdict(wall: Double, cpu: Double, target: Double) -> String {
    let stated = "target ≥ \(String(format: "%g", target))× in wall and CPU time: "
    switch (wall >= target, cpu >= target) {
    case (true, true): return stated + "target met"
    case (true, false): return stated + "target NOT met (met in wall time only)"
    case (false, true): return stated + "target NOT met (met in CPU time only)"
    case (false, false): return stated + "target NOT met"
    }
}
