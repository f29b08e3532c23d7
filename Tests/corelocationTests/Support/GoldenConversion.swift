import Foundation
import SharedTestSupport

/// One conversion of a shared file by the built tool, as the bench runs it (`Docs/Benchmarks.md`): `corelocation
/// watch --provider "nmea:FILE?speed=max" --format F` for a gpsd log, `gpx:FILE?speed=max` for a GPX file; and its
/// picture, `corelocation plot FILE -o -` (format `svg`).
///
/// Its output is summed with SHA-256 (`sha256sum` from coreutils) for ``GoldenOutputTests``. A GPX document
/// without any `<time` element replays from the clock (the replay's start is the moment it runs), so its outputs
/// carry the run's time: ``timesRemoved`` then says they are summed without their time stamps (the first CSV
/// column, the JSON `timestamp` member), and the manifest keys their formats `csv-untimed`, `jsonl-untimed`.
struct GoldenConversion: Sendable {
    /// The file, as `folder/name` under `../shared/data`: the manifest's key.
    let file: String
    let url: URL
    /// The `--format` value, or `svg` for `plot`.
    let format: String
    let scheme: String
    let timesRemoved: Bool

    /// The format as the manifest names it.
    var key: String { timesRemoved ? format + "-untimed" : format }

    /// The formats each kind of file is converted to: every NMEA output the bench's end-to-end rows time, the GPX
    /// replay's two, and the picture.
    static let plan = [
        (folder: "gpsd-logs", suffix: ".log", scheme: "nmea", formats: ["jsonl", "gpx", "csv", "text", "svg"]),
        (folder: "gpsd-suite", suffix: ".log", scheme: "nmea", formats: ["jsonl", "gpx", "csv", "text", "svg"]),
        (folder: "gpx", suffix: ".gpx", scheme: "gpx", formats: ["csv", "jsonl", "svg"]),
    ]

    /// The shared folders the conversions read.
    static var folders: [String] { plan.map(\.folder) }

    /// Every conversion of the files now in the present folders, sorted by file then format.
    static func all() throws -> [GoldenConversion] {
        var conversions: [GoldenConversion] = []
        for entry in plan where SharedData.isPresent(entry.folder) {
            let directory = SharedData.directory(entry.folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
            where name.hasSuffix(entry.suffix) {
                let url = directory.appendingPathComponent(name)
                let bytes = try Data(contentsOf: url)
                let untimed = entry.scheme == "gpx" && bytes.range(of: Data("<time".utf8)) == nil
                for format in entry.formats {
                    conversions.append(
                        GoldenConversion(
                            file: "\(entry.folder)/\(name)", url: url, format: format, scheme: entry.scheme,
                            timesRemoved: untimed && format != "svg"))
                }
            }
        }
        return conversions
    }

    /// Runs the tool and returns the SHA-256 of its standard output, in hexadecimal.
    ///
    /// The tool runs in the file's folder and is given the file's name, not its path: outputs quote the provider URI
    /// (`locationUnknown: no fix right now from nmea:hemi.log?speed=max`), and an absolute path would make them
    /// depend on where `../shared` is (a fresh clone's CI found exactly that).
    ///
    /// - Throws: ``Failure`` when the tool does not exit with status 0 or `sha256sum` fails.
    func digest() throws -> String {
        let name = url.lastPathComponent
        let process = Tool.process(
            format == "svg"
                ? ["plot", name, "-o", "-"]
                : ["watch", "--provider", "\(scheme):\(name)?speed=max", "--format", format])
        process.currentDirectoryURL = url.deletingLastPathComponent()
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var bytes = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, process.terminationReason == .exit else {
            throw Failure(description: "\(file) → \(format): the tool ended with status \(process.terminationStatus)")
        }
        if timesRemoved { bytes = Self.removingTimes(bytes, format: format) }
        return try Self.sha256(bytes)
    }

    /// The output without its time stamps: each line's first CSV field, or each JSON `"timestamp":"…",` member.
    static func removingTimes(_ bytes: Data, format: String) -> Data {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let kept = lines.map { line -> Substring in
            if format == "csv" { return line.firstIndex(of: ",").map { line[$0...] } ?? line }
            guard let start = line.range(of: "\"timestamp\":\""),
                let end = line[start.upperBound...].range(of: "\",")
            else { return line }
            return line[..<start.lowerBound] + line[end.upperBound...]
        }
        return Data(kept.joined(separator: "\n").utf8)
    }

    /// `sha256sum` of `bytes`, through a pipe.
    static func sha256(_ bytes: Data) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Integration.executable("sha256sum") ?? "/usr/bin/sha256sum")
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        // sha256sum reads everything before it writes its one line, so writing first cannot block on its output.
        try input.fileHandleForWriting.write(contentsOf: bytes)
        try input.fileHandleForWriting.close()
        let line = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let digest = String(line.prefix(64))
        guard process.terminationStatus == 0, digest.count == 64 else {
            throw Failure(description: "sha256sum failed: \(line)")
        }
        return digest
    }

    /// A conversion that could not be summed.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }
}
