import Foundation

/// The measurements by name, in the order they run, and the comparisons printed after them.
enum Benchmark {
    /// Measurements over the large input, each timed `runs` times.
    static let throughputNames = ["decoder", "replay-source", "pipeline", "blocks", "gpsdecode", "pynmea2"]
    /// Measurements that need the large input file.
    static let inputNames = throughputNames + ["release"]
    static let allNames = Set(inputNames + ["fan-out", "memory", "gpsd"])

    /// Runs the measurements `options` asks for, printing each row as it is measured.
    static func runAll(options: BenchOptions, input: BenchInput?) throws {
        var throughput: [String: Measurement] = [:]
        if let input {
            for name in throughputNames where options.wants(name) {
                guard let measurement = try measureThroughput(name, input: input, runs: options.runs) else {
                    printRows([ReportRow(name, "skipped", "not installed")])
                    continue
                }
                throughput[name] = measurement
                printRows([measurement.row])
            }
            printRows(comparisons(throughput))
        }
        if options.wants("fan-out") { printRows(measureFanOut()) }
        if options.wants("memory") { printRows(measureMemory()) }
        if let input, options.wants("release") { printRows(measureRelease(input, runs: options.runs)) }
        if options.wants("gpsd") { printRows(try measureGPSDLatency()) }
    }

    /// The best of `runs` runs of the throughput measurement `name`; `nil` for a tool that is not installed.
    static func measureThroughput(_ name: String, input: BenchInput, runs: Int) throws -> Measurement? {
        let measure: () throws -> Measurement? =
            switch name {
            case "decoder": { try measureDecoder(input) }
            case "replay-source": { try measureReplaySource(input) }
            case "pipeline": { measurePipelineDelegate(input) }
            case "blocks": { measurePipelineBlocks(input) }
            case "gpsdecode": { try measureGPSDecode(input) }
            default: { try measurePyNMEA2(input) }
            }
        var results: [Measurement] = []
        for _ in 0..<runs {
            guard let result = try measure() else { return nil }
            results.append(result)
        }
        // The machine is shared: the fastest run is the least disturbed.
        return results.min { $0.seconds < $1.seconds }
    }

    /// The blocks pipeline against the tools (target ≥ 3×) and against the delegate pipeline (≤ 10 %).
    static func comparisons(_ results: [String: Measurement]) -> [ReportRow] {
        guard let blocks = results["blocks"] else { return [] }
        var rows: [ReportRow] = []
        for (tool, target) in [("gpsdecode", 3.0), ("pynmea2", 3.0)] {
            guard let other = results[tool] else { continue }
            let ratio = other.seconds / blocks.seconds
            rows.append(
                ReportRow(
                    "blocks pipeline ÷ \(tool)", String(format: "%.2f× (MB/s ratio)", ratio),
                    "target ≥ \(Int(target))×: \(verdict(ratio >= target))"))
        }
        if let delegate = results["pipeline"] {
            let overhead = blocks.seconds / delegate.seconds - 1
            rows.append(
                ReportRow(
                    "blocks layer overhead (block + filters vs delegate)", String(format: "%+.1f %%", overhead * 100),
                    String(format: "%.0f vs %.0f ns per fix; target ≤ 10 %%: %@",
                        blocks.seconds / Double(blocks.fixes ?? 1) * 1e9,
                        delegate.seconds / Double(delegate.fixes ?? 1) * 1e9, verdict(overhead <= 0.10))))
        }
        return rows
    }
}
