import Foundation

extension GPXReader {
    /// Reads a whole file into memory, for a document that must be read more than once from a pipe, a FIFO or a
    /// device, which give their bytes only once.
    ///
    /// Reads as ``events(contentsOf:cancellation:)`` does: a FIFO is opened without waiting for its writer and
    /// waited for in `poll(2)`, so `cancellation` ends the read from another thread. Memory is bounded by `limit`.
    /// Thread-safe: uses nothing shared.
    ///
    /// - Parameters:
    ///   - url: The file.
    ///   - limit: The most bytes kept, ≥ 0; a longer document is refused.
    ///   - cancellation: Wakes a read waiting for data; `nil` when nobody needs to.
    /// - Returns: The file's bytes, up to its end.
    /// - Throws: ``GPXDiagnostic`` of kind `io` when the file cannot be opened or read, or the read was cancelled;
    ///   of kind `limitExceeded` when the document is longer than `limit` bytes.
    public static func contents(
        of url: URL, limit: Int, cancellation: GPXReadCancellation? = nil
    ) throws(GPXDiagnostic) -> Data {
        let input = try GPXXMLInput(path: url.path, cancellation: cancellation)
        defer { input.close() }
        var contents = Data()
        let chunk = 64 * 1024
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: chunk)
        defer { buffer.deallocate() }
        while true {
            let count = try input.read(into: buffer, count: chunk)
            if count == 0 { return contents }
            guard contents.count + count <= limit else {
                throw GPXDiagnostic(
                    kind: .limitExceeded, source: url.path,
                    message: "a document read from a pipe, FIFO or device is held in memory and may be at most "
                        + "\(limit / (1024 * 1024)) MiB; save it to a regular file")
            }
            contents.append(buffer, count: count)
        }
    }
}
