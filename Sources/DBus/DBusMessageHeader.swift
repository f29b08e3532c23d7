/// What a message's header says — its type, who sent it, to whom, about what — read before its body.
///
/// A ``DBusMessage``'s fields are its header's: `message.member` is `message.header.member`.
///
/// A ``DBusConnection`` decides from the header alone whether a message's body is worth reading (a reply somebody
/// waits for, a signal its signal filter accepts): every other body is skipped without being decoded. The fields
/// mean what they mean in ``DBusMessage``. Source: D-Bus Specification, "Message Format", "Header Fields".
public struct DBusMessageHeader: Sendable, Equatable {
    /// The message type.
    public var kind: DBusMessage.Kind
    /// The header flags.
    public var flags: DBusMessage.Flags = []
    /// The sender's number for the message, 1 or more; 0 until a connection sends it.
    public var serial: UInt32 = 0
    /// The object called or emitting (`PATH`, required for calls and signals).
    public var path: String?
    /// The interface (`INTERFACE`, required for signals).
    public var interface: String?
    /// The method or signal name (`MEMBER`).
    public var member: String?
    /// The error's name (`ERROR_NAME`, errors only), for example `org.freedesktop.DBus.Error.AccessDenied`.
    public var errorName: String?
    /// The serial of the call answered (`REPLY_SERIAL`, returns and errors).
    public var replySerial: UInt32?
    /// The bus name the message is for (`DESTINATION`).
    public var destination: String?
    /// The unique name of the sender (`SENDER`), filled in by the bus.
    public var sender: String?
    /// The body's signature (`SIGNATURE`), `""` for an empty body.
    public var signature = ""

    /// A header of the given type with no fields set.
    public init(kind: DBusMessage.Kind) {
        self.kind = kind
    }
}
