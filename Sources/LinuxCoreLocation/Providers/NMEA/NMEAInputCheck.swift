import NMEA0183

/// Whether bytes read as NMEA 0183 hold any: the rule that tells a file or a device that is not NMEA (a program, an
/// image, `/dev/zero`, a receiver at the wrong baud rate) from a log or a receiver whose sentences are malformed.
///
/// **Linux only.**
///
/// Judged on the decoder's counts. Once a sentence is accepted, the input is NMEA. Without one, when more than half
/// of the candidates (the `$` and `!` and what followed them) held control or non-ASCII bytes, those were bytes of
/// binary data, not sentence starts; when there was no candidate at all, nothing even looked like a sentence. A
/// log whose candidates are all malformed otherwise (bad checksums) is still NMEA: its rejections say what is
/// wrong. ``NMEAReplaySource`` judges a whole pass; ``NMEAStreamProvider`` judges the first ``liveSampleSize`` bytes
/// of a connection.
enum NMEAInputCheck {
    /// How many bytes of a live stream are read before it is judged: 4096, about 4 s of a receiver at 9600 baud
    /// (more than one cycle of its sentences), a moment of `/dev/zero`.
    static let liveSampleSize = 4096

    /// The first bytes of a stream, counted until ``NMEAInputCheck/liveSampleSize`` of them are judged: one per live
    /// connection (``NMEAStreamProvider``) or per replay of a stream that may never end (``NMEAReplaySource``).
    struct FirstBytes {
        /// The bytes counted, up to the read that reached ``NMEAInputCheck/liveSampleSize``.
        private var count = 0

        /// Counts `read` more bytes, decoded into `statistics`; the reason they hold no NMEA 0183 on the read that
        /// reaches ``NMEAInputCheck/liveSampleSize`` (once), else `nil`.
        mutating func add(_ read: Int, _ statistics: @autoclosure () -> NMEAStatistics) -> String? {
            guard count < NMEAInputCheck.liveSampleSize else { return nil }
            count += read
            guard count >= NMEAInputCheck.liveSampleSize else { return nil }
            return NMEAInputCheck.reason(statistics(), bytesRead: count)
        }
    }

    /// Why the input that gave `statistics` holds no NMEA 0183, or `nil` when it does or may.
    ///
    /// - Parameters:
    ///   - statistics: The decoder's counts for the input so far.
    ///   - bytesRead: How many bytes gave them, for a live stream judged before its end; `nil` at the end of the input.
    /// - Returns: A reason without the source, such as `no NMEA 0183 sentences: the input is empty`.
    static func reason(_ statistics: NMEAStatistics, bytesRead: Int?) -> String? {
        guard statistics.acceptedSentences == 0 else { return nil }
        let rejected = statistics.rejectedSentences
        let binary = statistics[.invalidCharacter]
        if rejected > 0 {
            guard binary * 2 > rejected else { return nil }
            return "no NMEA 0183 sentences: \(binary) of the \(rejected) that began with $ or ! "
                + "held control or non-ASCII bytes; \(bytesRead == nil ? "a binary file, not a log" : "binary data")"
        }
        if let bytesRead { return "no NMEA 0183 sentences: none began in the first \(bytesRead) bytes" }
        let lines = statistics.skippedLines
        return lines == 0
            ? "no NMEA 0183 sentences: the input is empty"
            : "no NMEA 0183 sentences: \(lines == 1 ? "its line was" : "all \(lines) lines were") rejected, "
                + "none holds a sentence"
    }
}
