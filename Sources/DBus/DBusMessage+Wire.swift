extension DBusMessage {
    /// The length of the fixed part of every message header: endianness, type, flags, version, body length, serial and
    /// the length of the header field array.
    public static let fixedHeaderLength = 16

    /// The message in little-endian wire format, numbered `serial`.
    ///
    /// - Parameters:
    ///   - serial: The message's serial, 1 or more.
    ///   - maximumSize: The largest message allowed, in bytes.
    /// - Returns: The message's bytes, header and body.
    /// - Throws: ``DBusError/invalidValue(_:)`` for values that cannot be marshalled or a missing required
    ///   header field, ``DBusError/messageTooLarge(size:limit:)`` when too large.
    public func encoded(serial: UInt32, maximumSize: Int = DBus.defaultMaximumMessageSize) throws(DBusError) -> [UInt8]
    {
        guard serial != 0 else { throw .invalidValue("serial 0 is reserved") }
        let header = self.header
        try header.checkRequiredFields()
        var fields: [DBusValue] = []
        func add(_ field: HeaderField, _ value: DBusValue?) {
            if let value { fields.append(.structure([.byte(field.rawValue), .variant(value)])) }
        }
        add(.path, header.path.map(DBusValue.objectPath))
        add(.interface, header.interface.map(DBusValue.string))
        add(.member, header.member.map(DBusValue.string))
        add(.errorName, header.errorName.map(DBusValue.string))
        add(.replySerial, header.replySerial.map(DBusValue.uint32))
        add(.destination, header.destination.map(DBusValue.string))
        add(.sender, header.sender.map(DBusValue.string))
        add(.signature, body.isEmpty ? nil : .signature(header.signature))

        var bodyWriter = DBusWriter()
        for value in body { try bodyWriter.write(value) }
        var writer = DBusWriter()
        for byte in [UInt8(ascii: "l"), header.kind.rawValue, header.flags.rawValue, 1] { writer.write(byte) }
        writer.write(UInt32(bodyWriter.bytes.count))
        writer.write(serial)
        try writer.write(.array(.structure([.byte, .variant]), fields))
        writer.pad(to: 8)
        let size = writer.bytes.count + bodyWriter.bytes.count
        guard size <= maximumSize else { throw .messageTooLarge(size: size, limit: maximumSize) }
        return writer.bytes + bodyWriter.bytes
    }

    /// Where the parts of one message lie, worked out from its 16-byte fixed header: what a stream needs to read a
    /// message piece by piece, or to skip it.
    struct Layout {
        /// Whether the message is big-endian (`B`) rather than little-endian (`l`).
        let bigEndian: Bool
        /// The fixed header and the header fields, padded to 8 bytes: where the body starts.
        let headerLength: Int
        /// The body's length in bytes.
        let bodyLength: Int
        /// The whole message's length in bytes.
        var length: Int { headerLength + bodyLength }
    }

    /// The layout of the message that starts at `start`; `bytes` must hold its 16-byte fixed header.
    ///
    /// - Throws: ``DBusError/malformedMessage(offset:reason:)`` for a bad endianness flag or protocol version.
    static func layout(of bytes: [UInt8], at start: Int) throws(DBusError) -> Layout {
        let bigEndian = try Self.isBigEndian(flag: bytes[start])
        guard bytes[start + 3] == 1 else {
            throw .malformedMessage(offset: 3, reason: "protocol version \(bytes[start + 3]), expected 1")
        }
        var reader = DBusReader(bytes: bytes, bigEndian: bigEndian, range: start + 4..<start + 16, origin: start)
        let bodyLength = Int(try reader.read(UInt32.self))
        _ = try reader.read(UInt32.self)
        let fieldsLength = Int(try reader.read(UInt32.self))
        return Layout(
            bigEndian: bigEndian, headerLength: (fixedHeaderLength + fieldsLength + 7) / 8 * 8, bodyLength: bodyLength)
    }

    /// The total length of the message whose first ``fixedHeaderLength`` bytes are given.
    ///
    /// - Throws: ``DBusError/malformedMessage(offset:reason:)`` for a bad endianness flag or protocol version,
    ///   ``DBusError/messageTooLarge(size:limit:)`` when the lengths add up to more than `maximumSize`.
    public static func frameLength(
        ofHeader header: [UInt8], maximumSize: Int = DBus.defaultMaximumMessageSize
    ) throws(DBusError) -> Int {
        guard header.count >= fixedHeaderLength else {
            throw .malformedMessage(offset: header.count, reason: "truncated: header needs 16 bytes")
        }
        let size = try layout(of: header, at: 0).length
        guard size <= maximumSize else { throw .messageTooLarge(size: size, limit: maximumSize) }
        return size
    }

    /// Parses one complete message.
    ///
    /// - Parameter bytes: Exactly one message, as framed by ``frameLength(ofHeader:maximumSize:)``.
    /// - Throws: ``DBusError/malformedMessage(offset:reason:)`` naming the byte and the rule broken: lengths
    ///   that disagree with the bytes, a bad endianness flag, an unknown message type, a header field of the
    ///   wrong type, a missing required field, a body that does not match its signature, a zero serial.
    public init(decoding bytes: [UInt8]) throws(DBusError) {
        guard bytes.count >= Self.fixedHeaderLength else {
            throw .malformedMessage(offset: bytes.count, reason: "truncated: header needs 16 bytes")
        }
        let layout = try Self.layout(of: bytes, at: 0)
        guard bytes.count == layout.length else {
            throw .malformedMessage(offset: bytes.count, reason: "expected \(layout.length) bytes, have \(bytes.count)")
        }
        let header = try Self.header(in: bytes, at: 0, layout)
        self.init(header: header, body: try Self.body(in: bytes, at: 0, layout, signature: header.signature))
    }

    /// Parses the header of the message at `start`, whose `layout.headerLength` bytes `bytes` must hold.
    ///
    /// - Throws: ``DBusError/malformedMessage(offset:reason:)`` for an unknown message type, a zero serial, a
    ///   header field of the wrong type or a missing required field; offsets count from `start`.
    static func header(in bytes: [UInt8], at start: Int, _ layout: Layout) throws(DBusError) -> DBusMessageHeader {
        guard let kind = Kind(rawValue: bytes[start + 1]) else {
            throw .malformedMessage(offset: 1, reason: "unknown message type \(bytes[start + 1])")
        }
        var header = DBusMessageHeader(kind: kind)
        header.flags = Flags(rawValue: bytes[start + 2])
        var reader = DBusReader(
            bytes: bytes, bigEndian: layout.bigEndian, range: start + 8..<start + layout.headerLength, origin: start)
        header.serial = try reader.read(UInt32.self)
        guard header.serial != 0 else { throw .malformedMessage(offset: 8, reason: "serial is 0") }
        guard case .array(_, let fields) = try reader.read(.array(.structure([.byte, .variant]))) else {
            throw reader.failure("header fields are not an array")
        }
        for case .structure(let parts) in fields {
            guard case .byte(let code) = parts[0], case .variant(let value) = parts[1] else { continue }
            try header.apply(code: code, value: value, at: reader.position - start)
        }
        try reader.align(to: 8)
        try header.checkRequiredFields()
        return header
    }

    /// Parses the body of the message at `start`, whose `layout.length` bytes `bytes` must hold.
    ///
    /// - Throws: ``DBusError/malformedMessage(offset:reason:)`` when the body does not match `signature`;
    ///   offsets count from `start`.
    static func body(in bytes: [UInt8], at start: Int, _ layout: Layout, signature: String) throws(DBusError)
        -> [DBusValue]
    {
        var reader = DBusReader(
            bytes: bytes, bigEndian: layout.bigEndian, range: start + layout.headerLength..<start + layout.length,
            origin: start)
        let types: [DBusType]
        do {
            types = try DBusType.parse(signature)
        } catch {
            throw reader.failure("\(error)")
        }
        var body: [DBusValue] = []
        for type in types { body.append(try reader.read(type)) }
        guard reader.isAtEnd else { throw reader.failure("bytes left over after the body \"\(signature)\"") }
        return body
    }

    private static func isBigEndian(flag: UInt8) throws(DBusError) -> Bool {
        switch flag {
        case UInt8(ascii: "l"): return false
        case UInt8(ascii: "B"): return true
        default:
            throw .malformedMessage(offset: 0, reason: "endianness flag is \(flag), expected \"l\" (108) or \"B\" (66)")
        }
    }

}

extension DBusMessageHeader {
    /// Stores a header field; unknown codes are ignored, as the specification says.
    fileprivate mutating func apply(code: UInt8, value: DBusValue, at offset: Int) throws(DBusError) {
        guard let field = HeaderField(rawValue: code) else { return }
        switch (field, value) {
        case (.path, .objectPath(let text)): path = text
        case (.interface, .string(let text)): interface = text
        case (.member, .string(let text)): member = text
        case (.errorName, .string(let text)): errorName = text
        case (.replySerial, .uint32(let number)): replySerial = number
        case (.destination, .string(let text)): destination = text
        case (.sender, .string(let text)): sender = text
        case (.signature, .signature(let text)): signature = text
        case (.unixFDs, .uint32): throw .malformedMessage(offset: offset, reason: "file descriptors are not supported")
        default: throw .malformedMessage(offset: offset, reason: "header field \(code) has type \(value.type)")
        }
    }

    /// Throws when a field the message type requires is missing.
    func checkRequiredFields() throws(DBusError) {
        let missing: String? =
            switch kind {
            case .methodCall: path == nil ? "PATH" : member == nil ? "MEMBER" : nil
            case .methodReturn: replySerial == nil ? "REPLY_SERIAL" : nil
            case .error: errorName == nil ? "ERROR_NAME" : replySerial == nil ? "REPLY_SERIAL" : nil
            case .signal: path == nil ? "PATH" : interface == nil ? "INTERFACE" : member == nil ? "MEMBER" : nil
            }
        if let missing {
            throw .malformedMessage(offset: 12, reason: "\(kind) message lacks the \(missing) header field")
        }
    }
}

/// The header field codes (D-Bus Specification, "Header Fields").
private enum HeaderField: UInt8 {
    case path = 1
    case interface, member, errorName, replySerial, destination, sender, signature, unixFDs
}
