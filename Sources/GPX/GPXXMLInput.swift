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

    /// Opens the file at `path` for reading.
    ///
    /// - Throws: ``GPXDiagnostic`` of kind `io` when it cannot be opened.
    init(path: String) throws(GPXDiagnostic) {
        name = path
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw GPXDiagnostic(
                kind: .io, source: path, message: "cannot open file: \(String(cString: strerror(errno)))")
        }
        source = .descriptor(descriptor)
    }

    /// Reads `data`, naming it `name` in diagnostics.
    init(data: Data, name: String) {
        self.name = name
        source = .data(data, offset: 0)
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
                let result = readDescriptor(descriptor, destination, count)
                if result >= 0 { return result }
                if errno != EINTR {
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
