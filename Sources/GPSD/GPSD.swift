/// Module-wide constants of gpsd's JSON protocol.
///
/// Source of semantics: gpsd's `gpsd_json(5)` manual page and `gpsd.h`.
/// Threading: the constants are immutable and safe to read from any thread.
public enum GPSD {
    /// gpsd's registered TCP port (IANA), on which it listens by default.
    public static let defaultPort: UInt16 = 2947

    /// The longest line, in bytes and without its CR LF terminator, that the client accepts.
    ///
    /// gpsd builds every JSON report in a buffer of `GPS_JSON_RESPONSE_MAX` = 10,240 bytes, so a
    /// longer line cannot come from a conforming daemon; it is skipped and counted.
    public static let maximumLineLength = 10_240

    /// The major protocol version this module understands (`proto_major` in `VERSION`).
    ///
    /// gpsd bumps the major version only for incompatible changes; every gpsd 3.x release reports 3.
    public static let supportedProtocolMajor = 3
}
