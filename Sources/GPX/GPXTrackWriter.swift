import Foundation

/// Writes a GPX 1.1 track file point by point, keeping the file valid GPX after every append.
///
/// The file holds one `<trk>`; each ``append(_:)`` writes the new `<trkpt>` over the closing
/// tags and writes the closing tags again after it, in one positioned write, so a reader sees a
/// complete document after every call (see <doc:ReadingAndWritingGPX> for the exact format). Points are written
/// as described in ``GPXTrackWriterOptions`` and read back by ``GPXReader``.
///
/// The file is created with mode 0600 (owner read/write only) because a track reveals where
/// its owner has been. With ``GPXTrackWriterOptions/synchronizesEachAppend`` each append is
/// followed by `fsync(2)`, so a completed append survives power loss.
///
/// When a write fails, for example on a full disk, the file is put back as it was before the call (the closing
/// tags are written again where they stood, which needs no new space, and the rest is cut off), so it stays
/// complete GPX holding every point appended before; the call throws. When even the header cannot be written,
/// the file is removed, so no empty or partial file is left behind.
///
/// Thread-safe: calls may come from any thread and are serialised by an `NSLock` (a pthread mutex; not
/// `Mutex`, whose contended path ThreadSanitizer cannot see on Linux and reports as a race).
public final class GPXTrackWriter: @unchecked Sendable {
    private struct State {
        var descriptor: Int32
        var bodyEnd: Int
        var pointCount = 0
        var segmentIsEmpty = true
        var isClosed = false
    }

    /// The file being written.
    public let url: URL
    /// The options the file was created with.
    public let options: GPXTrackWriterOptions
    private let lock = NSLock()
    private var state: State

    /// Creates the file and writes an empty track (header and closing tags) to it.
    ///
    /// - Parameters:
    ///   - url: A file URL. Unless ``GPXTrackWriterOptions/replacesExistingFile`` is set, the
    ///     file must not exist yet (`O_EXCL`), so an earlier recording is never overwritten.
    ///   - options: Names, creator, metadata time and durability.
    /// - Throws: ``GPXDiagnostic`` of kind `io` when the file cannot be created or written; a file created but not
    ///   written is removed.
    public init(url: URL, options: GPXTrackWriterOptions = GPXTrackWriterOptions()) throws {
        self.url = url
        self.options = options
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (options.replacesExistingFile ? O_TRUNC : O_EXCL)
        let descriptor = open(url.path, flags, 0o600)
        guard descriptor >= 0 else { throw Self.ioError("cannot create file", path: url.path) }
        let header = Array(GPXTrackEncoding.header(options).utf8)
        do {
            guard fchmod(descriptor, 0o600) == 0 else { throw Self.ioError("cannot set mode 0600", path: url.path) }
            try Self.write(header + GPXTrackEncoding.trailer.utf8, to: descriptor, at: 0, path: url.path)
            if options.synchronizesEachAppend, fsync(descriptor) != 0 {
                throw Self.ioError("fsync failed", path: url.path)
            }
        } catch {
            _ = closeDescriptor(descriptor)
            unlink(url.path)
            throw error
        }
        state = State(descriptor: descriptor, bodyEnd: header.count)
    }

    deinit {
        if !state.isClosed { _ = closeDescriptor(state.descriptor) }
    }

    /// Runs `body` with the state under the lock.
    private func withState<T>(_ body: (inout State) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }

    /// The number of points appended so far.
    public var pointCount: Int { withState { $0.pointCount } }

    /// Appends one track point to the current segment.
    ///
    /// - Parameter point: Latitude must be in -90...90 and longitude in -180...180; optional values
    ///   must be finite. Negative speed, course, DOPs, accuracies or satellite counts mean
    ///   "invalid" (Apple's convention) and are left out; course is written modulo 360.
    /// - Throws: ``GPXDiagnostic`` of kind `outOfRange`/`invalidValue` for a point that cannot be
    ///   written (a coordinate out of range, a value that is not finite, a time outside the years 0000 to 9999;
    ///   the file is unchanged), or `io` when writing fails (the file is put back as it was) or the writer is
    ///   closed.
    public func append(_ point: GPXPoint) throws {
        let element = try GPXTrackEncoding.trackPoint(point, source: url.path)
        try withState { state in
            try self.writeBody(Array(element.utf8), state: &state)
            state.pointCount += 1
            state.segmentIsEmpty = false
        }
    }

    /// Ends the current track segment and starts a new one, for example after a loss of fix.
    ///
    /// Does nothing while the current segment is still empty, so no empty segments are written.
    ///
    /// - Throws: ``GPXDiagnostic`` of kind `io` when writing fails or the writer is closed.
    public func startSegment() throws {
        try withState { state in
            guard !state.segmentIsEmpty else { return }
            try self.writeBody(Array(GPXTrackEncoding.segmentBreak.utf8), state: &state)
            state.segmentIsEmpty = true
        }
    }

    /// Flushes (with `fsync(2)`) and closes the file; later appends throw.
    ///
    /// Calling it twice is harmless.
    ///
    /// - Throws: ``GPXDiagnostic`` of kind `io` when `fsync` or `close` fails.
    public func close() throws {
        try withState { state in
            guard !state.isClosed else { return }
            state.isClosed = true
            let synced = fsync(state.descriptor) == 0
            let closed = closeDescriptor(state.descriptor) == 0
            guard synced, closed else { throw Self.ioError("cannot flush and close", path: self.url.path) }
        }
    }

    /// Writes `body` where the closing tags begin, followed by the closing tags; on a failure, puts the file back.
    private func writeBody(_ body: [UInt8], state: inout State) throws {
        guard !state.isClosed else {
            throw GPXDiagnostic(kind: .io, source: url.path, message: "the writer is closed")
        }
        let trailer = Array(GPXTrackEncoding.trailer.utf8)
        do {
            try Self.write(body + trailer, to: state.descriptor, at: state.bodyEnd, path: url.path)
        } catch let failure as GPXDiagnostic {
            // The closing tags go back where they were: bytes the file already had, so no new space is needed.
            do {
                try Self.write(trailer, to: state.descriptor, at: state.bodyEnd, path: url.path)
                guard ftruncate(state.descriptor, off_t(state.bodyEnd + trailer.count)) == 0 else {
                    throw Self.ioError("cannot truncate", path: url.path)
                }
            } catch {
                throw GPXDiagnostic(
                    kind: .io, source: url.path,
                    message: "\(failure.message); the file could not be put back (\(error)): repair it with repair(at:)"
                )
            }
            throw failure
        }
        state.bodyEnd += body.count
        if options.synchronizesEachAppend, fsync(state.descriptor) != 0 {
            throw Self.ioError("fsync failed", path: url.path)
        }
    }

    /// `pwrite(2)` of all bytes, retrying after short writes and `EINTR`.
    private static func write(_ bytes: [UInt8], to descriptor: Int32, at offset: Int, path: String) throws {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                buffer.baseAddress.map {
                    pwrite(descriptor, $0 + written, buffer.count - written, off_t(offset + written))
                } ?? 0
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw ioError("write failed", path: path)
            }
            written += result
        }
    }

    private static func ioError(_ what: String, path: String) -> GPXDiagnostic {
        GPXDiagnostic(kind: .io, source: path, message: "\(what): \(String(cString: strerror(errno)))")
    }
}
