import Foundation

/// The "limit" rows (issue 30): what reading the input and finding its line ends costs at the least, so every
/// other figure reads as a fraction of what the machine allows.

/// `wc -l < FILE > /dev/null` (coreutils), a child process as gpsdecode is.
///
/// `nil` when `wc` is not installed.
func measureWordCountLines(_ input: BenchInput) throws -> Measurement? {
    guard let wc = executablePath("wc") else { return nil }
    let run = try runTool(wc, ["-l"], input: input.path, discardOutput: false)
    let counted = Int(run.output.trimmingCharacters(in: .whitespacesAndNewlines))
    guard counted == input.lines else {
        throw LineCountMismatch(counter: "wc -l", counted: counted ?? -1, expected: input.lines)
    }
    return Measurement(
        name: "limit: wc -l (coreutils)", lines: input.lines, bytes: input.bytes, seconds: run.seconds,
        cpuSeconds: run.cpuSeconds)
}

/// The line ends of the input counted in this process with `memchr`, over the file read with `read(2)` in 1 MiB
/// chunks into one buffer: the least any line decoder reading the file must do.
func measureMemchrLines(_ input: BenchInput) throws -> Measurement {
    let descriptor = open(input.path, O_RDONLY)
    guard descriptor >= 0 else { throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: input.path]) }
    defer { close(descriptor) }
    let chunk = 1 << 20
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 64)
    defer { buffer.deallocate() }
    let run = try timed { () throws -> Int in
        var lines = 0
        while true {
            let count = read(descriptor, buffer, chunk)
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: input.path]) }
            if count == 0 { return lines }
            var start = UnsafeRawPointer(buffer)
            let end = start + count
            while let found = memchr(start, Int32(UInt8(ascii: "\n")), end - start) {
                lines += 1
                start = UnsafeRawPointer(found) + 1
            }
        }
    }
    guard run.result == input.lines else {
        throw LineCountMismatch(counter: "memchr", counted: run.result, expected: input.lines)
    }
    return Measurement(
        name: "limit: memchr over 1 MiB reads (in process)", lines: input.lines, bytes: input.bytes,
        seconds: run.seconds, cpuSeconds: run.cpuSeconds)
}

/// A limit row that did not count the input's lines: it did not read what the other rows read.
struct LineCountMismatch: Error, CustomStringConvertible {
    var counter: String
    var counted: Int
    var expected: Int

    var description: String { "\(counter) counted \(counted) lines, not the input's \(expected)" }
}
