/// `GSA`: GNSS DOP and active satellites.
///
/// Fields (NMEA 0183 v4.11): 1 selection mode (`M`/`A`), 2 fix mode (1 none, 2 2D, 3 3D),
/// 3–14 satellite ids used, 15 PDOP, 16 HDOP, 17 VDOP, 18 GNSS system id (4.1+: 1 GPS, 2 GLONASS,
/// 3 Galileo, 4 BeiDou, 5 QZSS, 6 NavIC). Multi-constellation receivers send one GSA per system.
/// A decimal number in field 18 (SiRF's non-standard extension) is ignored rather than rejected.
public struct GSASentence: Sendable, Hashable {
    /// The fix mode: 1 no fix, 2 two-dimensional, 3 three-dimensional; nil when empty.
    public var fixMode: Int?
    /// The ids of the satellites used, in field order (empty fields skipped).
    public var satellites: [Int]
    /// Position dilution of precision.
    public var pdop: Double?
    /// Horizontal dilution of precision.
    public var hdop: Double?
    /// Vertical dilution of precision.
    public var vdop: Double?
    /// The NMEA 4.1 GNSS system id, when present.
    public var systemID: Int?
    /// Malformed optional fields that were read as absent (the sentence was kept), in field order.
    public var ignoredFields: [NMEAFieldError]

    /// Decodes a `GSA` sentence.
    /// - Throws: ``NMEAFieldError`` for fewer than 17 fields; malformed fields are read as absent and listed in
    ///   ``ignoredFields``.
    public init(_ sentence: NMEASentence) throws(NMEAFieldError) {
        self = try sentence.withView(Self.init(fields:))
    }

    /// Decodes the sentence from a view of its fields (see ``init(_:)``).
    init(fields sentence: NMEAFieldView) throws(NMEAFieldError) {
        var count = 0
        try self.init(fields: sentence, keepsSatellites: true, satelliteCount: &count)
    }

    /// Decodes the sentence from a view of its fields (the decoder's path; see ``init(_:)``).
    ///
    /// With `keepsSatellites` false the ids are read and checked as usual but ``satellites`` stays empty and
    /// `satelliteCount` says how many there were: the decoder's path when no sentence is reported, which then
    /// allocates nothing per sentence.
    init(fields sentence: NMEAFieldView, keepsSatellites: Bool, satelliteCount: inout Int)
        throws(NMEAFieldError)
    {
        try sentence.requireFields(17, name: "VDOP")
        var optional = NMEAOptionalFields(sentence)
        _ = optional.letter(1, "selection mode", allowed: "AM")
        fixMode = optional.integer(2, "fix mode", in: 1...3)
        var satellites: [Int] = []
        if keepsSatellites { satellites.reserveCapacity(12) }
        satelliteCount = 0
        for index in 3...14 {
            guard let id = optional.integer(index, "satellite id", in: 0...999) else { continue }
            satelliteCount += 1
            if keepsSatellites { satellites.append(id) }
        }
        self.satellites = satellites
        pdop = optional.decimal(15, "PDOP", in: 0...9999)
        hdop = optional.decimal(16, "HDOP", in: 0...9999)
        vdop = optional.decimal(17, "VDOP", in: 0...9999)
        // SiRF puts a decimal number (not a system id) in field 18; such a vendor extension is ignored.
        systemID =
            sentence.withField(18, { $0.contains(UInt8(ascii: ".")) })
            ? nil
            : optional.integer(18, "system id", in: 0...15)
        ignoredFields = optional.ignored
    }
}
