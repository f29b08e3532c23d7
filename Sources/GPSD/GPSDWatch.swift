/// gpsd's `WATCH` reply: the watcher policy now in force for this client.
///
/// Source of semantics: gpsd_json(5), "?WATCH". gpsd echoes the complete policy after every
/// `?WATCH` request. `nil` means gpsd did not report the member.
public struct GPSDWatch: Sendable, Equatable {
    /// Whether watcher mode is on (`enable`).
    public var isEnabled: Bool?
    /// Whether JSON reports are streamed (`json`).
    public var json: Bool?
    /// Whether NMEA sentences are streamed (`nmea`).
    public var nmea: Bool?
    /// Raw-data mode (`raw`): 0 off, 1 hex dump, 2 verbatim.
    public var raw: Int?
    /// Whether binary fields are scaled (`scaled`).
    public var isScaled: Bool?
    /// Whether PPS reports are streamed (`pps`).
    public var pps: Bool?
    /// The only device watched (`device`), or `nil` for all devices.
    public var device: String?

    /// Creates a policy with every member unknown.
    public init(isEnabled: Bool? = nil, json: Bool? = nil, device: String? = nil) {
        self.isEnabled = isEnabled
        self.json = json
        self.device = device
    }
}

extension GPSDWatch {
    init(_ object: JSONObjectReader) throws(GPSDDecodingError) {
        self.init(
            isEnabled: try object.bool("enable"), json: try object.bool("json"), device: try object.string("device"))
        nmea = try object.bool("nmea")
        raw = try object.int("raw")
        isScaled = try object.bool("scaled")
        pps = try object.bool("pps")
    }
}
