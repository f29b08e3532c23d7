/// The NMEA 0183 module: framing, sentence parsing and epoch assembly for GNSS receivers.
///
/// This namespace holds module-wide constants. The entry point is ``NMEADecoder``; the layers
/// below it (``NMEASentence``, ``NMEAMessage``, ``NMEAEpochAssembler``) are usable on their own.
public enum NMEA0183 {
    /// The longest sentence the NMEA 0183 standard allows, in characters including `$` and CR LF.
    public static let standardMaximumSentenceLength = 82

    /// The longest sentence this module accepts by default, in characters counted as the standard does
    /// (from `$` through the CR LF ending).
    ///
    /// Real receivers exceed the standard's 82: RTK GGA with 8-decimal minutes is 91–93 characters,
    /// SkyTraq `$PSTI` 105, Android's `$PGLOR` up to 119. 200 leaves headroom for all of these while
    /// keeping a stream of garbage without line breaks from holding more than 200 bytes.
    public static let defaultMaximumSentenceLength = 200

    /// The user-equivalent range error used to turn a dilution of precision into an accuracy, in metres (1σ).
    ///
    /// Accuracy = DOP × UERE when the receiver sends no `GST`. 5 m is a typical 1σ range error of
    /// single-frequency civil GPS (the GPS SPS Performance Standard bounds the signal-in-space part
    /// near 4 m; atmosphere and multipath add the rest).
    public static let defaultUserEquivalentRangeError = 5.0

    /// Metres per second in one knot (1852 m per hour).
    public static let metresPerSecondPerKnot = 1852.0 / 3600.0
}
