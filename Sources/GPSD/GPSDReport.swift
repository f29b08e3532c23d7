/// A measurement report streamed by gpsd in watcher mode.
///
/// Source of semantics: gpsd_json(5), the classes named below.
public enum GPSDReport: Sendable, Equatable {
    /// `TPV`: time, position, velocity.
    case tpv(GPSDTPV)
    /// `SKY`: satellites and dilutions of precision.
    case sky(GPSDSky)
    /// `GST`: pseudorange noise statistics.
    case gst(GPSDGST)
    /// `ATT`: attitude.
    case attitude(GPSDAttitude)
    /// `POLL`: the answer to a poll.
    case poll(GPSDPoll)
}
