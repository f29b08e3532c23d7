// corelocation-bench: performance of the NMEA stack, the manager and the blocks layer (issue 11).
//
// Usage: `corelocation-bench --help` (BenchOptions.usage below).
// Prints a Markdown table; method and figures: Docs/Benchmarks.md.

import Foundation

/// The command line.
struct BenchOptions {
    var only: Set<String>?
    var runs = 3
    var megabytes = 100
    var logDirectory: String?
    /// `--help` or `-h` was given: print `BenchOptions.usage` and run nothing.
    var wantsHelp = false

    /// The usage printed by `--help`.
    static let usage = """
        Usage: swift run -c release corelocation-bench [--only NAME[,NAME...]] [--runs N] [MEGABYTES] [LOG-DIRECTORY]
          --only NAMES   run only these measurements: \(Benchmark.allNames.sorted().joined(separator: ", "))
          --runs N       runs of each timed measurement (default 3)
          MEGABYTES      size of the input, built by repeating the gpsd logs (default 100)
          LOG-DIRECTORY  the gpsd logs (default ../shared/data/gpsd-logs next to the package)
          -h, --help     print this help
        Prints a Markdown table; method and figures: Docs/Benchmarks.md.
        """

    init(_ arguments: [String]) throws {
        var positional: [String] = []
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--only":
                guard let names = iterator.next() else { throw BenchUsageError("--only needs a name") }
                only = Set(names.split(separator: ",").map(String.init))
            case "--runs":
                guard let value = iterator.next().flatMap({ Int($0) }), value > 0 else {
                    throw BenchUsageError("--runs needs a positive number")
                }
                runs = value
            case "--help", "-h":
                wantsHelp = true
                return
            default: positional.append(argument)
            }
        }
        if let first = positional.first {
            guard let value = Int(first), value > 0 else { throw BenchUsageError("MEGABYTES: not a number: \(first)") }
            megabytes = value
        }
        logDirectory = positional.dropFirst().first
        if let unknown = only?.subtracting(Benchmark.allNames).first {
            throw BenchUsageError(
                "--only: unknown measurement \(unknown); known: \(Benchmark.allNames.sorted().joined(separator: ", "))")
        }
    }

    func wants(_ name: String) -> Bool { only?.contains(name) ?? true }
}

struct BenchUsageError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

let interruptionSources = Interruption.install()
do {
    let options = try BenchOptions(Array(CommandLine.arguments.dropFirst()))
    if options.wantsHelp {
        print(BenchOptions.usage)
        exit(0)
    }
    print(
        "corelocation-bench: \(ProcessInfo.processInfo.activeProcessorCount) CPUs, load average \(ProcessStatus.loadAverage()), best of \(options.runs) runs, "
            + (builtTool().map { RuntimeLinkage(of: $0)?.description ?? "tool's linkage unknown" } ?? "tool not built")
    )
    if ["gpsdecode", "pynmea2", "end-to-end", "gpx-replay", "tool-memory"].contains(where: options.wants) {
        installMissingComparisonTools()
    }
    var input: BenchInput?
    if Benchmark.inputNames.contains(where: options.wants) {
        let directory = BenchInput.logDirectory(options.logDirectory)
        let built = try BenchInput.build(from: directory, megabytes: options.megabytes)
        print("input: \(built.bytes) bytes, \(built.lines) lines, from \(directory.path)")
        input = built
    }
    defer { if let input { try? FileManager.default.removeItem(atPath: input.path) } }
    print("| measurement | result | notes |\n|---|---|---|")
    try Benchmark.runAll(options: options, input: input)
    print("load average after: \(ProcessStatus.loadAverage())")
} catch {
    FileHandle.standardError.write(Data("corelocation-bench: error: \(error)\n".utf8))
    exit(1)
}
