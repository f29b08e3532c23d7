extension DBusMessage {
    /// The length of the fixed part of every message header: endianness, type, flags, version, body length, serial and
    /// the length of the header field array.
    public static let fixedHeaderLength = 16

    private enum Field: UInt8 {
        case path = 1
        case interface, member, errorName, replySerial, destination, sender, signature, unixFDs
    }

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
        try checkRequiredFields()
        var fields: [DBusValue] = []
        func add(_ field: Field, _ value: DBusValue?) {
            if let value { fields.append(.structure([.byte(field.rawValue), .variant(value)])) }
        }
        add(.path, path.map(DBusValue.objectPath))
        add(.interface, interface.map(DBusValue.string))
        add(.member, member.map(DBusValue.string))
        add(.errorName, errorName.map(DBusValue.string))
        add(.replySerial, replySerial.map(DBusValue.uint32))
        add(.destination, destination.map(DBusValue.string))
        add(.sender, sender.map(DBusValue.string))
        add(.signature, body.isEmpty ? nil : .signature(signature))

        var bodyWriter = DBusWriter()
        for value in body { try bodyWriter.write(value) }
        var writer = DBusWriter()
        for byte in [UInt8(ascii: "l"), kind.rawValue, flags.rawValue, 1] { writer.write(byte) }
        writer.write(UInt32(bodyWriter.bytes.count))
        writer.write(serial)
        try writer.write(.array(.structure([.byte, .variant]), fields))
        writer.pad(to: 8)
        let size = writer.bytes.count + bodyWriter.bytes.count
        guard size <= maximumSize else { throw .messageTooLarge(size: size, limit: maximumSize) }
        return writer.bytes + bodyWriter.bytes
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
        let bigEndian = try Self.isBigEndian(flag: header[0])
        guard header[3] == 1 else {
            throw .malformedMessage(offset: 3, reason: "protocol version \(header[3]), expected 1")
        }
        var reader = DBusReader(bytes: header, bigEndian: bigEndian, range: 4..<16)
        let bodyLength = Int(try reader.read(UInt32.self))
        _ = try reader.read(UInt32.self)
        let fieldsLength = Int(try reader.read(UInt32.self))
        let headerLength = (fixedHeaderLength + fieldsLength + 7) / 8 * 8
        let size = headerLength + bodyLength
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
        let size = try Self.frameLength(ofHeader: bytes, maximumSize: Int.max)
        guard bytes.count == size else {
            throw .malformedMessage(offset: bytes.count, reason: "expected \(size) bytes, have \(bytes.count)")
        }
        guard let kind = Kind(rawValue: bytes[1]) else {
            throw .malformedMessage(offset: 1, reason: "unknown message type \(bytes[1])")
        }
        self.init(kind: kind)
        let bigEndian = bytes[0] == UInt8(ascii: "B")
        flags = Flags(rawValue: bytes[2])
        var reader = DBusReader(bytes: bytes, bigEndian: bigEndian, range: 4..<size)
        let bodyLength = Int(try reader.read(UInt32.self))
        serial = try reader.read(UInt32.self)
        guard serial != 0 else { throw .malformedMessage(offset: 8, reason: "serial is 0") }
        guard case .array(_, let fields) = try reader.read(.array(.structure([.byte, .variant]))) else {
            throw reader.failure("header fields are not an array")
        }
        var bodySignature = ""
        for case .structure(let parts) in fields {
            guard case .byte(let code) = parts[0], case .variant(let value) = parts[1] else { continue }
            try apply(code: code, value: value, signature: &bodySignature, at: reader.position)
        }
        try reader.align(to: 8)
        guard size - reader.position == bodyLength else {
            throw reader.failure("body length \(bodyLength) disagrees with the message length")
        }
        try checkRequiredFields()
        var bodyReader = DBusReader(bytes: bytes, bigEndian: bigEndian, range: reader.position..<size, origin: 0)
        let types: [DBusType]
        do {
            types = try DBusType.parse(bodySignature)
        } catch {
            throw reader.failure("\(error)")
        }
        for type in types { body.append(try bodyReader.read(type)) }
        guard bodyReader.isAtEnd else {
            throw bodyReader.failure("bytes left over after the body \"\(bodySignature)\"")
        }
    }

    private static func isBigEndian(flag: UInt8) throws(DBusError) -> Bool {
        switch flag {
        case UInt8(ascii: "l"): return false
        case UInt8(ascii: "B"): return true
        default:
            throw .malformedMessage(offset: 0, reason: "endianness flag is \(flag), expected \"l\" (108) or \"B\" (66)")
        }
    }

    private mutating func apply(code: UInt8, value: DBusValue, signature: inout String, at offset: Int)
        throws(DBusError)
    {
        guard let field = Field(rawValue: code) else { return }  // unknown fields are ignored, as the spec says
        func mismatch() -> DBusError {
            .malformedMessage(offset: offset, reason: "header field \(code) has type \(value.type)")
        }
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
        default: throw mismatch()
        }
    }

    private func checkRequiredFields() throws(DBusError) {
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
