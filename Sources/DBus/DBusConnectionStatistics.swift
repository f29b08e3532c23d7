/// What a ``DBusConnection``'s reader left unread since the connection opened.
///
/// Thread-safe to read through ``DBusConnection/statistics``; a snapshot.
public struct DBusConnectionStatistics: Sendable, Equatable {
    /// Messages whose body was skipped unread: signals the signal filter refused, replies no call waits for (any
    /// more), and calls from peers, answered from their header alone.
    public var skippedMessages = 0
    /// The bytes of those messages, headers included.
    public var skippedBytes = 0
    /// Messages that could not be read.
    ///
    /// A reply or accepted signal longer than the connection's maximum message size or malformed (reported to
    /// the call or the event handler), or a message whose header is malformed.
    /// Each was skipped whole; the connection stayed open.
    public var unreadableMessages = 0

    /// No message skipped yet.
    public init() {}
}
