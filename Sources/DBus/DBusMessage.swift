/// A D-Bus message: a method call, its return or error, or a signal: its ``header`` and its ``body``.
///
/// Source: D-Bus Specification, "Message Format".
///
/// The header's fields read and write as the message's own properties (`message.member`, `message.serial = 7`;
/// see ``DBusMessageHeader``), and ``signature`` is always the body's. Values are plain data; a connection assigns
/// the serial when it sends the message.
@dynamicMemberLookup
public struct DBusMessage: Sendable, Equatable {
    /// The message type, header byte 1.
    public enum Kind: UInt8, Sendable {
        /// Calls a method; a return or an error answers it unless ``Flags/noReplyExpected`` is set.
        case methodCall = 1
        /// The successful answer to a call, with its results.
        case methodReturn = 2
        /// The failed answer to a call, with an error name and usually a message string.
        case error = 3
        /// A broadcast event.
        case signal = 4
    }

    /// Header byte 2.
    public struct Flags: OptionSet, Sendable {
        /// The raw bits.
        public let rawValue: UInt8
        /// Creates flags from raw bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// The caller does not want a reply.
        public static let noReplyExpected = Flags(rawValue: 0x1)
        /// The bus must not start a service to deliver the message.
        public static let noAutoStart = Flags(rawValue: 0x2)
        /// The caller accepts an interactive authorization prompt.
        public static let allowInteractiveAuthorization = Flags(rawValue: 0x4)
    }

    /// The header fields, stored with an empty signature: ``header`` adds the body's.
    private var fields: DBusMessageHeader
    /// The arguments.
    public var body: [DBusValue]

    /// Creates a message of `kind` with no header fields set.
    public init(kind: Kind, body: [DBusValue] = []) {
        fields = DBusMessageHeader(kind: kind)
        self.body = body
    }

    /// Creates a message with `header`'s fields and `body`; the signature is the body's (`header.signature` is not
    /// kept).
    public init(header: DBusMessageHeader, body: [DBusValue] = []) {
        fields = header
        fields.signature = ""
        self.body = body
    }

    /// The header: its fields, and the body's ``signature``.
    public var header: DBusMessageHeader {
        get {
            var header = fields
            header.signature = signature
            return header
        }
        set {
            fields = newValue
            fields.signature = ""
        }
    }

    /// A header field as the message's own property, such as `message.member` or `message.replySerial`.
    public subscript<Value>(dynamicMember field: WritableKeyPath<DBusMessageHeader, Value>) -> Value {
        get { header[keyPath: field] }
        set {
            fields[keyPath: field] = newValue
            fields.signature = ""
        }
    }

    /// A method call.
    ///
    /// - Parameters:
    ///   - destination: The bus name of the service, e.g. `org.freedesktop.GeoClue2`.
    ///   - path: The object path.
    ///   - interface: The interface of the method.
    ///   - member: The method name.
    ///   - body: The arguments.
    /// - Returns: The call, to be numbered when sent.
    public static func methodCall(
        destination: String?, path: String, interface: String?, member: String, body: [DBusValue] = []
    ) -> DBusMessage {
        var message = DBusMessage(kind: .methodCall, body: body)
        message.destination = destination
        message.path = path
        message.interface = interface
        message.member = member
        return message
    }

    /// A signal emitted by the object at `path`.
    public static func signal(path: String, interface: String, member: String, body: [DBusValue] = []) -> DBusMessage {
        var message = DBusMessage(kind: .signal, body: body)
        message.path = path
        message.interface = interface
        message.member = member
        return message
    }

    /// The successful reply to `call`.
    public static func methodReturn(to call: DBusMessage, body: [DBusValue] = []) -> DBusMessage {
        var message = DBusMessage(kind: .methodReturn, body: body)
        message.replySerial = call.serial
        message.destination = call.sender
        return message
    }

    /// The error reply to `call`, with a human-readable `text` as its only argument.
    public static func error(to call: DBusMessage, name: String, text: String) -> DBusMessage {
        var message = DBusMessage(kind: .error, body: [.string(text)])
        message.errorName = name
        message.replySerial = call.serial
        message.destination = call.sender
        return message
    }

    /// The signature of the body, for example `oo`.
    public var signature: String { body.map(\.type.description).joined() }

    /// The error's text: the first argument when it is a string, else `""`.
    public var errorText: String {
        if case .string(let text)? = body.first { text } else { "" }
    }
}
