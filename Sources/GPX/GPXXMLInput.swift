import Foundation

/// Where the scanner's bytes come from: a file read with `read(2)`, or a document in memory.
///
/// Not `Sendable`: used by one stream, on one thread at a time. The file is opened once, so a FIFO or a device
/// works too, and closed by ``close()`` or when the input is released.
final class GPXXMLInput {
    private enum Source {
        case descriptor(Int32)
        case data(Data, offset: Int)
        case closed
    }

    /// The name diagnostics use: the file's path, or the name given with the data.
    let name: String
    private var source: Source
    /// Whether reads wait in `poll(2)` first: the file is not a regular one (a FIFO, a pipe, a device).
    private var waitsForData = false
    private let cancellation: GPXReadCancellation?

    /// Opens the file at `path` for reading, without waiting for a FIFO's writer.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - cancellation: Ends a wait for data from another thread.
    /// - Throws: ``GPXDiagnostic`` of kind `io` when it cannot be opened.
    init(path: String, cancellation: GPXReadCancellation? = nil) throws(GPXDiagnostic) {
        name = path
        self.cancellation = cancellation
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw GPXDiagnostic(
                kind: .io, source: path, message: "cannot open file: \(String(cString: strerror(errno)))")
        }
        source = .descriptor(descriptor)
        var information = stat()
        waitsForData = fstat(descriptor, &information) != 0 || (information.st_mode & S_IFMT) != S_IFREG
    }

    /// Reads `data`, naming it `name` in diagnostics.
    init(data: Data, name: String) {
        self.name = name
        source = .data(data, offset: 0)
        cancellation = nil
    }

    deinit {
        close()
    }

    /// Reads at most `count` bytes into `destination`; 0 at the end.
    ///
    /// - Throws: ``GPXDiagnostic`` of kind `io` when reading the file fails (not for a closed input, which reads
    ///   as ended).
    func read(into destination: UnsafeMutablePointer<UInt8>, count: Int) throws(GPXDiagnostic) -> Int {
        switch source {
        case .descriptor(let descriptor):
            while true {
                if waitsForData { try waitForData(descriptor) }
                let result = readDescriptor(descriptor, destination, count)
                if result >= 0 { return result }
                if errno != EINTR && errno != EAGAIN {
                    throw GPXDiagnostic(
                        kind: .io, source: name, message: "cannot read file: \(String(cString: strerror(errno)))")
                }
            }
        case .data(let data, let offset):
            let length = min(count, data.count - offset)
            guard length > 0 else { return 0 }
            let start = data.startIndex + offset
            data.copyBytes(to: destination, from: start..<start + length)
            source = .data(data, offset: offset + length)
            return length
        case .closed:
            return 0
        }
    }

    /// Waits until `descriptor` has data or its writer has gone (a FIFO without any writer yet keeps waiting), or
    /// the cancellation fires.
    ///
    /// - Throws: ``GPXDiagnostic`` of kind `io` when cancelled or when `poll(2)` fails.
    private func waitForData(_ descriptor: Int32) throws(GPXDiagnostic) {
        var descriptors = [
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: cancellation?.descriptor ?? -1, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            if cancellation?.isCancelled == true {
                throw GPXDiagnostic(kind: .io, source: name, message: "reading was cancelled")
            }
            let result = poll(&descriptors, nfds_t(descriptors.count), -1)
            if result > 0 && descriptors[1].revents == 0 { return }
            if result < 0 && errno != EINTR {
                throw GPXDiagnostic(
                    kind: .io, source: name, message: "cannot wait for data: \(String(cString: strerror(errno)))")
            }
        }
    }

    /// Closes the file (or drops the data).
    ///
    /// Later reads return 0. Calling it again does nothing.
    func close() {
        if case .descriptor(let descriptor) = source { _ = closeDescriptor(descriptor) }
        source = .closed
    }
}

/// `read(2)`, named apart from ``GPXXMLInput/read(into:count:)``.
private func readDescriptor(_ descriptor: Int32, _ destination: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int {
    read(descriptor, destination, count)
}

/// `close(2)`, named apart from the `close()` methods of ``GPXXMLInput`` and ``GPXTrackWriter``.
func closeDescriptor(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
