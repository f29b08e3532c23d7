/// A ``ReplaySource`` that reads its recording in chunks and can tell whether its next item is already read.
///
/// As fast as possible, the pacer tells the hub that more events follow at once while this is `true`, and the
/// hub hands such a burst to each manager in one hop to its callback thread instead of waking it per event
/// (issue 17); at the end of a chunk, before the source may block reading, the burst is handed over.
protocol BufferedReplaySource: ReplaySource {
    /// Whether ``ReplaySource/next()`` will return an item already read, without reading the recording.
    var hasBufferedItems: Bool { get }
}
