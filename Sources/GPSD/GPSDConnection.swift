import Dispatch

/// One socket to gpsd with its dispatch sources.
///
/// Confined to the session's queue.
///
/// The file descriptor is closed only after every dispatch source on it has been cancelled (in
/// the last cancel handler), as Dispatch requires; ``closed`` is left at that moment so
/// ``GPSDClient/stop()`` can wait for it.
final class GPSDConnection: @unchecked Sendable {
    // @unchecked: every mutable member is touched only on `queue` (checked by dispatchPrecondition).
    enum ReadEvent {
        case bytes(ArraySlice<UInt8>)
        case endOfFile
        case failed(Int32)
    }

    let fd: Int32
    let closed = DispatchGroup()
    private let queue: DispatchQueue
    private var writeSource: (any DispatchSourceWrite)?
    private var readSource: (any DispatchSourceRead)?
    private var liveSources = 0
    private var isClosing = false
    private var buffer = [UInt8](repeating: 0, count: 65_536)

    init(fd: Int32, queue: DispatchQueue) {
        self.fd = fd
        self.queue = queue
        closed.enter()
    }

    /// Calls `handler` once when the socket becomes writable (a non-blocking connect finished).
    func whenWritable(_ handler: @escaping () -> Void) {
        dispatchPrecondition(condition: .onQueue(queue))
        let source = DispatchSource.makeWriteSource(fileDescriptor: fd, queue: queue)
        source.setEventHandler { [unowned self] in
            writeSource?.cancel()
            writeSource = nil
            handler()
        }
        adopt(source)
        writeSource = source
    }

    /// Starts delivering received bytes; stops after `endOfFile` or `failed`.
    func startReading(_ handler: @escaping (ReadEvent) -> Void) {
        dispatchPrecondition(condition: .onQueue(queue))
        let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
        source.setEventHandler { [unowned self] in
            switch Platform.read(fd, into: &buffer) {
            case .bytes(let count): handler(.bytes(buffer[..<count]))
            case .endOfFile: handler(.endOfFile)
            case .failed(let code): handler(.failed(code))
            case .wouldBlock: break
            }
        }
        adopt(source)
        readSource = source
    }

    /// Sends text; returns an errno on failure.
    func send(_ text: String) -> Int32? {
        Platform.send(fd, Array(text.utf8))
    }

    /// Sends FIN, drains what the peer already sent (so `close` does not turn into a reset),
    /// cancels the sources and closes the descriptor once they are gone.
    ///
    /// Idempotent.
    func close() {
        dispatchPrecondition(condition: .onQueue(queue))
        guard !isClosing else { return }
        isClosing = true
        Platform.shutdownWriting(fd)
        for _ in 0..<16 {
            guard case .bytes = Platform.read(fd, into: &buffer) else { break }
        }
        writeSource?.cancel()
        readSource?.cancel()
        writeSource = nil
        readSource = nil
        closeIfIdle()
    }

    private func adopt(_ source: some DispatchSourceProtocol) {
        liveSources += 1
        source.setCancelHandler { [self] in
            liveSources -= 1
            closeIfIdle()
        }
        source.resume()
    }

    private func closeIfIdle() {
        guard isClosing, liveSources == 0 else { return }
        liveSources = -1  // closed exactly once
        Platform.close(fd)
        closed.leave()
    }
}
