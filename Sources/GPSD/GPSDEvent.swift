/// Everything a ``GPSDClient`` tells its handler, in stream order.
///
/// Delivered serially on the client's event queue. A connection yields
/// `connected`, then normally `version`, `devices`, `watch`, and a stream of `report`s, and ends
/// with `disconnected`; a new connection starts again with `connected`.
public enum GPSDEvent: Sendable, Equatable {
    /// A socket connection to gpsd was established and the `?WATCH` request was sent.
    case connected(GPSDEndpoint)
    /// gpsd's `VERSION` banner (already checked for protocol major version 3).
    case version(GPSDVersion)
    /// gpsd's `DEVICES` list: the devices open at connection time.
    case devices([GPSDDevice])
    /// A `DEVICE` appeared (``GPSDDevice/isActive``), changed, or disappeared (inactive).
    case device(GPSDDevice)
    /// gpsd's `WATCH` reply: the policy now in force.
    case watch(GPSDWatch)
    /// A measurement report.
    case report(GPSDReport)
    /// gpsd's `ERROR` reply to a request; the connection stays open.
    case errorReply(GPSDErrorReply)
    /// A line was skipped (overlong, invalid JSON, unusable member); the stream continues.
    case protocolError(GPSDProtocolError)
    /// The connection ended or could not be made. `retryAfter` is the backoff delay in seconds
    /// before the next attempt, or `nil` when the reason is terminal and the client has stopped.
    case disconnected(GPSDDisconnectReason, retryAfter: Double?)
}
