/// The NMEA 0183 module: framing, sentence parsing and epoch assembly for GNSS receivers.
///
/// This namespace holds module-wide facts. The parser arrives with its issue.
public enum NMEA0183 {
    /// The longest sentence the NMEA 0183 standard allows, in characters including `$` and CR LF.
    public static let standardMaximumSentenceLength = 82
}
