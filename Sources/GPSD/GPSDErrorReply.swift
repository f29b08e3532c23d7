/// gpsd's `ERROR` reply to a request it could not honour, for example an unknown command or device.
///
/// Source of semantics: gpsd_json(5), "ERROR". The connection stays open after an `ERROR`.
public struct GPSDErrorReply: Sendable, Equatable {
    /// gpsd's explanation (`message`), for example `Unrecognized request '?FOO'`.
    public var message: String

    /// Creates a reply with the given message.
    public init(message: String) {
        self.message = message
    }
}

extension GPSDErrorReply {
    init(_ object: JSONObjectReader) throws(GPSDDecodingError) {
        self.init(message: try object.string("message") ?? "")
    }
}
