import Foundation

extension GPXTrackWriter {
    /// Makes a file written by ``GPXTrackWriter`` valid again after a crash or power loss cut an
    /// append short.
    ///
    /// Every completed append leaves a valid file, but an append interrupted by power loss (without
    /// ``GPXTrackWriterOptions/synchronizesEachAppend``) can leave a partial `<trkpt>` line or
    /// zero bytes at the end. The writer puts each point, and each segment boundary, on its own
    /// line, so the file is cut after the last complete `</trkpt>` or `<trkseg>` line and the
    /// closing tags are written again. A file that is already complete is left byte-identical.
    ///
    /// Only the last MiB is read, so repairing a long recording takes little memory. The file
    /// keeps its inode and mode (0600). Only for files this writer produced; not for GPX from other tools. Do not call
    /// while a writer still has the file open.
    ///
    /// - Parameter url: The track file.
    /// - Returns: The number of bytes of the incomplete tail that were discarded (0 when none).
    /// - Throws: ``GPXDiagnostic`` of kind `io` when the file cannot be read or written, or of
    ///   kind `malformedXML` when no complete `<trkseg>` line is found (not a file of this writer).
    @discardableResult
    public static func repair(at url: URL) throws -> Int {
        do {
            let handle = try FileHandle(forUpdating: url)
            defer { try? handle.close() }
            let size = Int(try handle.seekToEnd())
            let tailStart = max(0, size - repairWindowBytes)
            try handle.seek(toOffset: UInt64(tailStart))
            let tail = [UInt8](try handle.readToEnd() ?? Data())
            let markers = ["</trkpt>\n", "<trkseg>\n"].map { Array($0.utf8) }
            guard let keep = markers.compactMap({ lastEnd(of: $0, in: tail) }).max() else {
                throw GPXDiagnostic(
                    kind: .malformedXML, source: url.path,
                    message:
                        "no complete <trkpt> or <trkseg> line in the last \(repairWindowBytes) bytes; not a file written by GPXTrackWriter"
                )
            }
            let trailer = Array(GPXTrackEncoding.trailer.utf8)
            if tail[keep...].elementsEqual(trailer) { return 0 }
            try handle.truncate(atOffset: UInt64(tailStart + keep))
            try handle.seekToEnd()
            try handle.write(contentsOf: trailer)
            try handle.synchronize()
            return tail.count - keep
        } catch let diagnostic as GPXDiagnostic {
            throw diagnostic
        } catch {
            throw GPXDiagnostic(
                kind: .io, source: url.path, message: "cannot repair file: \(error.localizedDescription)")
        }
    }

    /// How far from the end ``repair(at:)`` looks for the last complete line.
    static var repairWindowBytes: Int { 1 << 20 }

    /// The offset just past the last occurrence of `needle` in `bytes`.
    private static func lastEnd(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        var start = bytes.count - needle.count
        while start >= 0 {
            if bytes[start..<start + needle.count].elementsEqual(needle) { return start + needle.count }
            start -= 1
        }
        return nil
    }
}
