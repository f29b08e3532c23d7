/// One recorded event and when it was recorded.
///
/// **Linux only.**
public struct ReplayItem: Sendable {
    /// When the event was recorded; replays pace themselves by the differences between these.
    public var time: Date
    /// The event, with fixes and headings stamped with their recorded times.
    public var event: LocationProviderEvent

    /// Creates an item.
    ///
    /// - Parameters:
    ///   - time: When the event was recorded.
    ///   - event: The event as recorded.
    public init(time: Date, event: LocationProviderEvent) {
        self.time = time
        self.event = event
    }
}

/// A recording a replay reads item by item from the start: an NMEA log, a GPX track.
///
/// **Linux only.**
///
/// Only the replay's own serial context calls it, so implementations need no locking. Reading is lazy, so
/// a recording of any size replays in bounded memory.
public protocol ReplaySource: AnyObject {
    /// The next item in recorded order, or `nil` at the end.
    ///
    /// - Throws: When the recording cannot be read any further (an I/O error), or ``ReplayInputError`` when it
    ///   holds nothing of its kind (not GPX, no NMEA sentence at all); the replay reports `CLError(.network)`
    ///   with the error thrown as its `NSUnderlyingErrorKey`, and ends. Malformed records among good ones are not
    ///   errors: sources skip and count them.
    func next() throws -> ReplayItem?

    /// Goes back to the first item, for looping replays.
    ///
    /// - Throws: When the recording cannot be read again (e.g. standard input).
    func rewind() throws

    /// Releases what the recording holds open, such as its file descriptor.
    ///
    /// The replay calls it once, when it stops, after any read in progress has returned; it calls neither
    /// ``next()`` nor ``rewind()`` afterwards. The default implementation does nothing (a recording in memory).
    func close()

    /// Ends a read that waits for data (a FIFO without a writer, a stalled pipe), from another thread.
    ///
    /// The replay calls it when it stops, before it waits for a read in progress to return and calls ``close()``,
    /// so that a stop (Ctrl-C in the tool) never waits on the other end of a pipe. The ``next()`` in progress, and
    /// any later one, then returns `nil` (or throws; the stopped replay reports nothing either way). It may run
    /// concurrently with ``next()``: implementations touch only thread-safe state. The default implementation does
    /// nothing (a recording whose reads never wait).
    func interrupt()

    /// Whether a read may wait for data (a FIFO, a pipe, a device): the replay then reads on a thread of its own
    /// from the start, never on the thread that starts it (a manager's, whose queue would wait with it).
    ///
    /// The default implementation returns `false`.
    var mayWaitForData: Bool { get }
}

extension ReplaySource {
    /// Does nothing: the recording holds nothing open.
    public func close() {}

    /// Does nothing: the recording's reads never wait.
    public func interrupt() {}

    /// `false`: the recording's reads never wait.
    public var mayWaitForData: Bool { false }
}
