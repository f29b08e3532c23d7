/// Identifies a request or subscription of a ``LocationRequestCenter``, to cancel or force-complete it.
public struct LocationRequestID: Hashable, Sendable, CustomStringConvertible {
    let value: Int

    /// `#N`.
    public var description: String { "#\(value)" }
}
