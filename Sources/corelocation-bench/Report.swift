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
