/// One decoded line of gpsd's JSON stream, by object class.
///
/// Source of semantics: gpsd_json(5). Classes this module does not model (`PPS`, `TOFF`, `AIS`,
/// `RTCM2`, `IMU`, ...) decode as ``unknown(className:)`` and are ignored by the client.
public enum GPSDMessage: Sendable, Equatable {
    /// `VERSION`: the banner at connection start.
    case version(GPSDVersion)
    /// `DEVICES`: the devices gpsd had open when the client connected or asked.
    case devices([GPSDDevice])
    /// `DEVICE`: one device appeared, changed or disappeared (see ``GPSDDevice/isActive``).
    case device(GPSDDevice)
    /// `WATCH`: the watcher policy in force.
    case watch(GPSDWatch)
    /// `TPV`: a time-position-velocity report.
    case tpv(GPSDTPV)
    /// `SKY`: satellites and dilutions of precision.
    case sky(GPSDSky)
    /// `GST`: pseudorange noise statistics.
    case gst(GPSDGST)
    /// `ATT`: attitude (heading, pitch, roll, yaw).
    case attitude(GPSDAttitude)
    /// `POLL`: the answer to `?POLL;`.
    case poll(GPSDPoll)
    /// `ERROR`: gpsd could not honour a request.
    case error(GPSDErrorReply)
    /// A class this module does not model; its members are not examined.
    case unknown(className: String)
}
