/// Identifies a request or subscription of a ``LocationRequestCenter``, to cancel or force-complete it.
///
/// Each center numbers its requests 1, 2, 3, … in the order they are made; an ID made from any other number
/// names no request, and cancelling or force-completing it does nothing.
public struct LocationRequestID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The request's number within its center, ≥ 1.
    public let rawValue: Int

    /// The ID with the given number.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// `#N`.
    public var description: String { "#\(rawValue)" }
}
