/// What went wrong talking D-Bus; every case reads as one line with its context.
public enum DBusError: Error, Equatable, CustomStringConvertible {
    /// A bus address could not be parsed or names no supported transport.
    case invalidAddress(String, reason: String)
    /// Connecting the socket failed (`errno` text included), for example no bus is running.
    case connectionFailed(String, reason: String)
    /// The bus rejected or garbled the SASL authentication.
    case authenticationFailed(String)
    /// A signature is not valid.
    case invalidSignature(String, reason: String)
    /// Bytes received are not a valid message: the offset into the message and why.
    case malformedMessage(offset: Int, reason: String)
    /// A message is larger than the connection accepts.
    case messageTooLarge(size: Int, limit: Int)
    /// A value does not fit the message being built (for example a NUL inside a string).
    case invalidValue(String)
    /// No reply arrived in time.
    case timedOut(member: String, seconds: Double)
    /// The peer answered with an error message.
    case errorReply(name: String, message: String)
    /// A reply's body did not have the expected signature.
    case unexpectedReply(member: String, signature: String, expected: String)
    /// The connection is closed; the reason if it closed by itself.
    case disconnected(reason: String)

    /// One line: what failed and why.
    public var description: String {
        switch self {
        case .invalidAddress(let address, let reason): "D-Bus address \"\(address)\": \(reason)"
        case .connectionFailed(let address, let reason): "cannot connect to D-Bus at \(address): \(reason)"
        case .authenticationFailed(let reason): "D-Bus authentication failed: \(reason)"
        case .invalidSignature(let signature, let reason): "invalid D-Bus signature \"\(signature)\": \(reason)"
        case .malformedMessage(let offset, let reason): "malformed D-Bus message at byte \(offset): \(reason)"
        case .messageTooLarge(let size, let limit): "D-Bus message of \(size) bytes exceeds the limit of \(limit)"
        case .invalidValue(let reason): "invalid D-Bus value: \(reason)"
        case .timedOut(let member, let seconds): "no reply to \(member) within \(seconds) s"
        case .errorReply(let name, let message): message.isEmpty ? name : "\(name): \(message)"
        case .unexpectedReply(let member, let signature, let expected):
            "reply to \(member) has signature \"\(signature)\", expected \"\(expected)\""
        case .disconnected(let reason): "D-Bus connection closed: \(reason)"
        }
    }
}
