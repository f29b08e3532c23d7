import Foundation

/// The large input: the gpsd logs repeated into one temporary file.
struct BenchInput {
    var path: String
    var bytes: Int
    /// Lines in the file (sentences plus the logs' few comment lines).
    var lines: Int

    /// The gpsd logs directory: `argument`, else `../shared/data/gpsd-logs` beside the package root.
    static func logDirectory(_ argument: String?) -> URL {
        if let argument { return URL(fileURLWithPath: argument) }
        var root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while root.path != "/",
            !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path)
        {
            root.deleteLastPathComponent()
        }
        return root.deletingLastPathComponent().appendingPathComponent("shared/data/gpsd-logs")
    }

    /// Writes the `*.log` files of `directory`, repeated, to a temporary file of at least `megabytes` MB.
    ///
    /// Streams the copies, so the input is never held in memory.
    static func build(from directory: URL, megabytes: Int) throws -> BenchInput {
        let logs = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "log" }.sorted { $0.path < $1.path }
        guard !logs.isEmpty else { throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: directory.path]) }
        var corpus = Data()
        for log in logs {
            corpus += try Data(contentsOf: log)
            if corpus.last != UInt8(ascii: "\n") { corpus.append(UInt8(ascii: "\n")) }
        }
        let corpusLines = corpus.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("corelocation-bench-\(getpid()).nmea").path
        Interruption.removeOnInterruption(path)
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        var (written, lines) = (0, 0)
        while written < megabytes * 1_000_000 {
            try handle.write(contentsOf: corpus)
            written += corpus.count
            lines += corpusLines
        }
        return BenchInput(path: path, bytes: written, lines: lines)
    }
}
