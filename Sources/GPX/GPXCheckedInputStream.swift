import Foundation

/// An `InputStream` that passes on only the bytes ``GPXInstructionScanner`` has let through.
///
/// `XMLParser` reads the document from this stream, which reads the underlying stream, scans every byte
/// and holds back a `<?` whose target is still open, so a refused instruction never reaches libxml2
/// however the reads cut the document. After a refusal it passes on the bytes before the instruction,
/// then reports the end of the stream; ``refusal`` holds the diagnostic. Memory: one read of at most
/// `readSize` bytes plus a held-back target of at most ``GPXInstructionScanner/maximumTargetBytes``.
///
/// Not `Sendable` (as `Stream` is not): used by one parse, on the thread that parses.
final class GPXCheckedInputStream: InputStream {
    private let base: InputStream
    private let readSize: Int
    private var scanner: GPXInstructionScanner
    /// Bytes scanned but not yet passed on; the first is at document offset `bufferStart`.
    private var buffer: [UInt8] = []
    private var bufferStart = 0
    private var chunk: [UInt8]
    private var baseEnded = false
    /// Whether this stream has reported its end after a refusal.
    private var endedByRefusal = false

    /// The instruction refused, once the scanner has found one.
    private(set) var refusal: GPXDiagnostic?

    /// The refusal, once the parser has been told the stream ended because of it.
    ///
    /// Errors the parser reports from then on come from the cut, not from the document.
    var refusalAtEnd: GPXDiagnostic? { endedByRefusal ? refusal : nil }

    /// Wraps `base`, which this stream opens, reads and closes; `source` names the document in diagnostics.
    init(_ base: InputStream, source: String, readSize: Int = 64 * 1024) {
        self.base = base
        self.readSize = max(1, readSize)
        scanner = GPXInstructionScanner(source: source)
        chunk = [UInt8](repeating: 0, count: self.readSize)
        super.init(data: Data())
    }

    override func open() {
        base.open()
    }

    override func close() {
        base.close()
    }

    override var streamError: (any Error)? { base.streamError }

    override func read(_ destination: UnsafeMutablePointer<UInt8>, maxLength: Int) -> Int {
        while true {
            let ready = scanner.safeEnd - bufferStart
            if ready > 0, maxLength > 0 {
                let count = min(ready, maxLength)
                buffer.withUnsafeBufferPointer { destination.update(from: $0.baseAddress!, count: count) }
                buffer.removeFirst(count)
                bufferStart += count
                return count
            }
            if refusal != nil {
                endedByRefusal = true
                return 0
            }
            if baseEnded || maxLength <= 0 { return 0 }
            let count = chunk.withUnsafeMutableBufferPointer { base.read($0.baseAddress!, maxLength: readSize) }
            if count < 0 { return -1 }
            if count == 0 {
                baseEnded = true
                scanner.finish()
                continue
            }
            buffer.append(contentsOf: chunk[..<count])
            do {
                try chunk.withUnsafeBufferPointer { (bytes) throws(GPXDiagnostic) in
                    try scanner.scan(UnsafeBufferPointer(rebasing: bytes[..<count]))
                }
            } catch {
                refusal = error
            }
        }
    }
}
