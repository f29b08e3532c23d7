import Foundation

/// How an executable links the Swift runtime and Foundation: said in the bench's first line for the tool that the
/// end-to-end, GPX replay and tool-memory rows run.
///
/// `statically` for a tool built with `swift build -c release --static-swift-stdlib --product corelocation`, as
/// `Scripts/install.sh` and the .deb build it; `dynamically` for `swift build -c release`. A static tool starts in
/// a fraction of the CPU time (no symbol binding over some fifty shared libraries; 1.9 ms for `--version` since the
/// seventh round) and calls the runtime directly (Docs/Benchmarks.md, issue 30). The bench and the tool beside it
/// need not have been built the same way, so the tool itself is asked.
enum RuntimeLinkage: String, CustomStringConvertible {
    case statically, dynamically

    /// The linkage of `executable`, from the libraries the dynamic loader would load for it
    /// (`LD_TRACE_LOADED_OBJECTS=1`, what `ldd` does: the loader lists them and the program does not run); `nil`
    /// when the loader cannot be asked.
    init?(of executable: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.environment = ["LD_TRACE_LOADED_OBJECTS": "1"]
        let listing = Pipe()
        process.standardOutput = listing
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let libraries = String(decoding: listing.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else { return nil }
        self = libraries.contains("/libswiftCore.so") ? .dynamically : .statically
    }

    /// The phrase of the bench's first line, `tool's Swift runtime linked statically`.
    var description: String { "tool's Swift runtime linked \(rawValue)" }
}
