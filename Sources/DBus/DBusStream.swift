/// Buffered reading of auth lines and framed messages from a socket; used by one thread at a time.
///
/// A message is read in two steps: ``readHeader(timeout:)`` reads as far as the end of its header, then the caller
/// either reads its body with ``readBody(of:timeout:)`` or skips it with ``skip(_:timeout:)``. A skipped message is
/// drained through the buffer, never held whole, whatever its size (up to ``DBus/protocolMaximumMessageSize``);
/// a body is read into memory only when the caller wants it and the message is at most ``maximumMessageSize``
/// bytes. So a peer can make the stream hold at most ``maximumMessageSize`` bytes (plus one read's worth).
final class DBusStream {
    /// One message whose header has been read.
    struct Frame {
        /// Where the message's parts lie.
        let layout: DBusMessage.Layout
        /// The header, or why it could not be read (the message is then skipped whole).
        let header: Result<DBusMessageHeader, DBusError>
        /// The message's length in bytes.
        var length: Int { layout.length }
    }

    let socket: DBusSocket
    let maximumMessageSize: Int
    /// The unread bytes are `storage[start..<end]`; the array grows to hold a message read whole, and no further.
    private var storage: [UInt8]
    private var start = 0
    private var end = 0

    /// The longest authentication line accepted, in bytes.
    static let maximumLineLength = 4096
    /// The most bytes one `read(2)` asks for: the buffer's size until a larger message is read whole.
    static let readSize = 65536

    init(socket: DBusSocket, maximumMessageSize: Int) {
        self.socket = socket
        self.maximumMessageSize = maximumMessageSize
        storage = [UInt8](repeating: 0, count: Self.readSize)
    }

    /// The size of the buffer, in bytes: at most ``maximumMessageSize`` or ``readSize``, whichever is larger.
    var bufferCapacity: Int { storage.count }

    /// Reads one `\r\n`-terminated line, without the terminator.
    func readLine(timeout: Double) throws(DBusError) -> String {
        while true {
            if let newline = storage[start..<end].firstIndex(of: UInt8(ascii: "\n")) {
                let line = storage[start..<newline]
                consume(newline + 1 - start)
                guard line.last == UInt8(ascii: "\r") else { throw .authenticationFailed("line not ended by CR LF") }
                return String(decoding: line.dropLast(), as: UTF8.self)
            }
            guard end - start <= Self.maximumLineLength else {
                throw .authenticationFailed("line longer than \(Self.maximumLineLength) bytes")
            }
            try fill(room: Self.maximumLineLength + 1, timeout: timeout)
        }
    }

    /// Reads the next message whole, wanting every one: a peer endpoint's and a test's way to read.
    ///
    /// - Throws: ``DBusError/disconnected(reason:)`` at end of stream, the framing errors of ``readHeader(timeout:)``,
    ///   and the error of a message that cannot be read (too large, malformed), which is skipped.
    func readMessage(timeout: Double?) throws(DBusError) -> DBusMessage {
        try readBody(of: try readHeader(timeout: timeout), timeout: timeout).get()
    }

    /// Reads the next message's fixed header and header fields.
    ///
    /// - Parameter timeout: Bounds each wait for bytes; `nil` waits forever.
    /// - Returns: The frame, whose header may be an error: a message whose header cannot be read (malformed, or
    ///   longer than ``maximumMessageSize``) can still be skipped, since the fixed header gives its length.
    /// - Throws: ``DBusError/disconnected(reason:)`` at end of stream; ``DBusError/malformedMessage(offset:reason:)``
    ///   for a bad endianness flag or protocol version and ``DBusError/messageTooLarge(size:limit:)`` for a
    ///   message longer than ``DBus/protocolMaximumMessageSize``: after either the stream cannot find the next
    ///   message, so the connection must close.
    func readHeader(timeout: Double?) throws(DBusError) -> Frame {
        try fill(toCount: DBusMessage.fixedHeaderLength, timeout: timeout)
        let layout = try DBusMessage.layout(of: storage, at: start)
        guard layout.length <= DBus.protocolMaximumMessageSize else {
            throw .messageTooLarge(size: layout.length, limit: DBus.protocolMaximumMessageSize)
        }
        guard layout.headerLength <= maximumMessageSize else {
            return Frame(
                layout: layout, header: .failure(.messageTooLarge(size: layout.length, limit: maximumMessageSize)))
        }
        try fill(toCount: layout.headerLength, timeout: timeout)
        return Frame(
            layout: layout,
            header: Result { () throws(DBusError) in try DBusMessage.header(in: storage, at: start, layout) })
    }

    /// Reads the body of `frame`, the message ``readHeader(timeout:)`` returned last, and decodes the message.
    ///
    /// - Returns: The message, or why it cannot be read: its header's error,
    ///   ``DBusError/messageTooLarge(size:limit:)`` when it is longer than ``maximumMessageSize``, or the body's
    ///   ``DBusError/malformedMessage(offset:reason:)``. Such a message is skipped; the stream goes on after it.
    /// - Throws: ``DBusError/disconnected(reason:)`` when the stream ends first.
    func readBody(of frame: Frame, timeout: Double?) throws(DBusError) -> Result<DBusMessage, DBusError> {
        let header: DBusMessageHeader
        switch frame.header {
        case .success(let read): header = read
        case .failure(let error):
            try skip(frame, timeout: timeout)
            return .failure(error)
        }
        guard frame.length <= maximumMessageSize else {
            try skip(frame, timeout: timeout)
            return .failure(.messageTooLarge(size: frame.length, limit: maximumMessageSize))
        }
        try fill(toCount: frame.length, timeout: timeout)
        defer { consume(frame.length) }
        return Result { () throws(DBusError) in
            DBusMessage(
                header: header,
                body: try DBusMessage.body(in: storage, at: start, frame.layout, signature: header.signature))
        }
    }

    /// Skips the rest of `frame`, the message ``readHeader(timeout:)`` returned last, reading its bytes a buffer at
    /// a time without keeping them.
    ///
    /// - Throws: ``DBusError/disconnected(reason:)`` when the stream ends first.
    func skip(_ frame: Frame, timeout: Double?) throws(DBusError) {
        var remaining = frame.length
        while remaining > end - start {
            remaining -= end - start
            (start, end) = (0, 0)
            try fill(room: 1, timeout: timeout)
        }
        consume(remaining)
    }

    /// Marks `count` buffered bytes as read.
    private func consume(_ count: Int) {
        start += count
        if start == end { (start, end) = (0, 0) }
    }

    /// Reads until `count` bytes are buffered, making room for them.
    private func fill(toCount count: Int, timeout: Double?) throws(DBusError) {
        while end - start < count { try fill(room: count, timeout: timeout) }
    }

    /// Reads once, after making room for `count` unread bytes in all: moves the unread bytes to the front when
    /// the buffer's end is reached or they would not fit behind it, and grows the buffer when they would not fit
    /// at all.
    private func fill(room count: Int, timeout: Double?) throws(DBusError) {
        if end == storage.count || start + count > storage.count {
            let (unread, unreadCount) = (start, end - start)
            storage.withUnsafeMutableBytes { bytes in
                guard let base = bytes.baseAddress else { return }
                base.copyMemory(from: base + unread, byteCount: unreadCount)  // memmove: the ranges may overlap
            }
            (start, end) = (0, unreadCount)
            if count > storage.count { storage += repeatElement(0, count: count - storage.count) }
        }
        let free = end..<min(storage.count, end + Self.readSize)
        let read = try storage.withUnsafeMutableBytes { bytes in
            Result { () throws(DBusError) in
                try socket.read(into: UnsafeMutableRawBufferPointer(rebasing: bytes[free]), timeout: timeout)
            }
        }.get()
        guard read > 0 else {
            throw .disconnected(reason: end == start ? "end of stream" : "end of stream inside a message")
        }
        end += read
    }
}
