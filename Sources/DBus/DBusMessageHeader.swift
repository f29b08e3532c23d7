/// What a message's header says — its type, who sent it, to whom, about what — read before its body.
///
/// A ``DBusConnection`` decides from the header alone whether a message's body is worth reading (a reply somebody
/// waits for, a signal its signal filter accepts): every other body is skipped without being decoded. The fields
/// mean what they mean in ``DBusMessage``. Source: D-Bus Specification, "Message Format", "Header Fields".
public struct DBusMessageHeader: Sendable, Equatable {
    /// The message type.
    public var kind: DBusMessage.Kind
    /// The header flags.
    public var flags: DBusMessage.Flags = []
    /// The sender's number for the message, 1 or more.
    public var serial: UInt32 = 0
    /// The object called or emitting (`PATH`).
    public var path: String?
    /// The interface (`INTERFACE`).
    public var interface: String?
    /// The method or signal name (`MEMBER`).
    public var member: String?
    /// The error's name (`ERROR_NAME`, errors only).
    public var errorName: String?
    /// The serial of the call answered (`REPLY_SERIAL`, returns and errors).
    public var replySerial: UInt32?
    /// The bus name the message is for (`DESTINATION`).
    public var destination: String?
    /// The unique name of the sender (`SENDER`), written by the bus.
    public var sender: String?
    /// The body's signature (`SIGNATURE`), `""` for an empty body.
    public var signature = ""

    /// A header of the given type with no fields set.
    public init(kind: DBusMessage.Kind) {
        self.kind = kind
    }
}

extension DBusMessage {
    /// The message's header fields; ``DBusMessageHeader/signature`` is the body's signature.
    public var header: DBusMessageHeader {
        var header = DBusMessageHeader(kind: kind)
        header.flags = flags
        header.serial = serial
        header.path = path
        header.interface = interface
        header.member = member
        header.errorName = errorName
        header.replySerial = replySerial
        header.destination = destination
        header.sender = sender
        header.signature = signature
        return header
    }

    /// A message with `header`'s fields and `body`; the signature is the body's (`header.signature` is not kept).
    public init(header: DBusMessageHeader, body: [DBusValue] = []) {
        self.init(kind: header.kind, body: body)
        flags = header.flags
        serial = header.serial
        path = header.path
        interface = header.interface
        member = header.member
        errorName = header.errorName
        replySerial = header.replySerial
        destination = header.destination
        sender = header.sender
    }
}
