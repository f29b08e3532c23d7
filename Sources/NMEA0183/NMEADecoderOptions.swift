import Foundation

/// Settings for ``NMEADecoder`` and ``NMEAEpochAssembler``.
public struct NMEADecoderOptions: Sendable, Hashable {
    /// Accept sentences that carry no `*hh` checksum.
    ///
    /// Off by default: without a checksum a corrupted
    /// sentence cannot be told from a good one. Sentences *with* a wrong checksum are always rejected.
    public var acceptsMissingChecksum = false

    /// The longest sentence accepted, in characters from `$` through CR LF (the standard's way of counting).
    ///
    /// Longer input is rejected as ``NMEARejectionReason/tooLong``. Default
    /// ``NMEA0183/defaultMaximumSentenceLength`` (200); values below 12 are raised to 12.
    public var maximumSentenceLength = NMEA0183.defaultMaximumSentenceLength

    /// How many diagnostics ``NMEADecoder/diagnostics`` keeps; older ones are dropped first.
    ///
    /// Default 100.
    public var maximumDiagnostics = 100

    /// The user-equivalent range error, in metres (1σ), used for accuracy = DOP × UERE when no `GST`
    /// is available.
    ///
    /// Default ``NMEA0183/defaultUserEquivalentRangeError`` (5 m).
    public var userEquivalentRangeError = NMEA0183.defaultUserEquivalentRangeError

    /// The reference date of the GPS week-rollover rule.
    ///
    /// A receiver date more than 1000 weeks before this date is taken to be a week-number rollover
    /// artifact and moved forward by 1024 weeks (see ``GPSWeekRollover``). The default,
    /// ``GPSWeekRollover/defaultReferenceDate`` (2025-09-01), accepts true dates from 2006-07-03 on.
    /// A live receiver should pass the current date; a replay of an older log, a date near the log's.
    public var rolloverReferenceDate = GPSWeekRollover.defaultReferenceDate

    /// Keep the raw text of a malformed field (and of a bad address or checksum) in diagnostics, as
    /// ``NMEADiagnostic/foundValue``, so that they read `…, found "4807.03x"`.
    ///
    /// Off by default: a field's text can hold a coordinate, and diagnostics end up in logs. Turn it on when
    /// investigating a receiver (the command-line tool's `--verbose`).
    public var includesFieldValues = false

    /// Report every accepted sentence as ``NMEAEvent/sentence(_:)`` in addition to fixes.
    ///
    /// Default true;
    /// a location provider that only needs fixes can turn it off.
    public var reportsSentences = true

    /// Close an epoch as soon as the sentence that ends the receiver's cycle arrives, once learned, rather than
    /// when the next epoch begins.
    ///
    /// The end is learned as gpsd learns it: the last sentence before the time of day changes, the same in two
    /// cycles in a row (``NMEAEpochAssembler`` describes the rules). A live receiver's fix then arrives when its
    /// cycle ends instead of one cycle later. Off by default: a file's epochs are complete either way, and its
    /// fixes are the same.
    public var closesEpochAtCycleEnd = false

    /// Creates the default options.
    public init() {}
}
