import Foundation

/// gpsd's `POLL` reply to `?POLL;`: the latest reports of every active device at once.
///
/// Source of semantics: gpsd_json(5), "?POLL". The embedded objects decode exactly like the
/// stand-alone reports.
public struct GPSDPoll: Sendable, Equatable {
    /// When gpsd answered (`time`).
    public var time: Date?
    /// The number of active devices (`active`).
    public var activeDeviceCount: Int?
    /// The latest `TPV` of each device (`tpv`).
    public var tpv: [GPSDTPV]
    /// The latest `GST` of each device (`gst`).
    public var gst: [GPSDGST]
    /// The latest `SKY` of each device (`sky`).
    public var sky: [GPSDSky]

    /// Creates a poll reply.
    public init(
        time: Date? = nil, activeDeviceCount: Int? = nil, tpv: [GPSDTPV] = [], gst: [GPSDGST] = [], sky: [GPSDSky] = []
    ) {
        self.time = time
        self.activeDeviceCount = activeDeviceCount
        self.tpv = tpv
        self.gst = gst
        self.sky = sky
    }
}

extension GPSDPoll {
    init(_ object: JSONObjectReader) throws(GPSDDecodingError) {
        var tpv: [GPSDTPV] = []
        for element in try object.objects("tpv") { tpv.append(try GPSDTPV(element)) }
        var gst: [GPSDGST] = []
        for element in try object.objects("gst") { gst.append(try GPSDGST(element)) }
        var sky: [GPSDSky] = []
        for element in try object.objects("sky") { sky.append(try GPSDSky(element)) }
        self.init(
            time: try object.date("time"), activeDeviceCount: try object.int("active"), tpv: tpv, gst: gst, sky: sky)
    }
}
