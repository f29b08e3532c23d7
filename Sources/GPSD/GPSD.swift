/// The GPSD module: a client for gpsd's JSON protocol.
///
/// This namespace holds module-wide facts. The client arrives with its issue.
public enum GPSD {
    /// gpsd's registered TCP port (IANA), on which it listens by default.
    public static let defaultPort: UInt16 = 2947
}
