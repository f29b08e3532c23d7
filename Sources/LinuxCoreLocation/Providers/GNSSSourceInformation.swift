/// Where a fix came from, with what a GNSS receiver said about its geometry: the satellites used and seen, the
/// dilutions of precision, and whether the fix is 2D or 3D.
///
/// **Linux only.** A ``CLLocationSourceInformation``, so ``CLLocation`` keeps Apple's shape: the NMEA and gpsd
/// providers attach one to their fixes, and code that wants the values casts,
/// `location.sourceInformation as? GNSSSourceInformation`. What `cgps` and `gpspipe` show, for the tools and
/// scripts of gpsd's users; `corelocation` writes it as the JSON Lines members `fixMode`, `satellitesUsed`,
/// `satellitesVisible`, `hdop`, `vdop` and `pdop`.
///
/// Sources: NMEA 0183 GGA (satellites used, HDOP), GSA (mode, PDOP/HDOP/VDOP, the satellites of the solution);
/// gpsd TPV (`mode`) and the latest SKY (`hdop`, `vdop`, `pdop`, `uSat`, `nSat`, or counted from `satellites`).
/// A value the receiver did not report is `nil`, never 0: a reported 0 stays 0. Dilutions are dimensionless
/// multipliers of the user-equivalent range error, ≥ 0. Immutable and thread-safe: consecutive NMEA fixes with the
/// same values share one object (compare the values, not the objects' identities).
public final class GNSSSourceInformation: CLLocationSourceInformation, @unchecked Sendable {
    /// 2D or 3D, or `nil` when not reported.
    public let fixMode: GNSSFixMode?
    /// Satellites used in the solution, or `nil`.
    public let satellitesUsed: Int?
    /// Satellites in view (gpsd's `nSat`), or `nil`; NMEA fixes leave it `nil`.
    public let satellitesVisible: Int?
    /// Horizontal dilution of precision, or `nil`.
    public let hdop: Double?
    /// Vertical dilution of precision, or `nil`.
    public let vdop: Double?
    /// Position (3D) dilution of precision, or `nil`.
    public let pdop: Double?

    /// Creates source information with the receiver's values.
    ///
    /// - Parameters:
    ///   - isSoftware: Whether software simulated the location (a replayed log).
    ///   - isAccessory: Whether an external accessory, such as a receiver on USB or gpsd, produced it.
    ///   - fixMode: 2D or 3D, or `nil`.
    ///   - satellitesUsed: Satellites used in the solution, ≥ 0, or `nil`.
    ///   - satellitesVisible: Satellites in view, ≥ 0, or `nil`.
    ///   - hdop: Horizontal dilution of precision, ≥ 0, or `nil`.
    ///   - vdop: Vertical dilution of precision, ≥ 0, or `nil`.
    ///   - pdop: Position dilution of precision, ≥ 0, or `nil`.
    public init(
        softwareSimulationState isSoftware: Bool, andExternalAccessoryState isAccessory: Bool,
        fixMode: GNSSFixMode?, satellitesUsed: Int?, satellitesVisible: Int? = nil, hdop: Double?,
        vdop: Double?, pdop: Double?
    ) {
        self.fixMode = fixMode
        self.satellitesUsed = satellitesUsed
        self.satellitesVisible = satellitesVisible
        self.hdop = hdop
        self.vdop = vdop
        self.pdop = pdop
        super.init(softwareSimulationState: isSoftware, andExternalAccessoryState: isAccessory)
    }

    /// Creates source information with the values of `base`'s two flags and the receiver's values; counts and
    /// dilutions outside ``FixLimits`` are dropped.
    convenience init(
        _ base: CLLocationSourceInformation, fixMode: GNSSFixMode?, satellitesUsed: Int?,
        satellitesVisible: Int? = nil, hdop: Double?, vdop: Double?, pdop: Double?
    ) {
        self.init(
            softwareSimulationState: base.isSimulatedBySoftware, andExternalAccessoryState: base.isProducedByAccessory,
            fixMode: fixMode, satellitesUsed: FixLimits.satelliteCount(satellitesUsed),
            satellitesVisible: FixLimits.satelliteCount(satellitesVisible), hdop: FixLimits.dilution(hdop),
            vdop: FixLimits.dilution(vdop), pdop: FixLimits.dilution(pdop))
    }

    /// Source information with `base`'s two flags and the receiver's values, limited as by
    /// ``init(_:fixMode:satellitesUsed:satellitesVisible:hdop:vdop:pdop:)``; `previous` itself when it holds exactly
    /// those (dilutions compared bit for bit, so that 0 and −0 differ).
    ///
    /// Consecutive fixes of a receiver usually carry the same values: they share one object (it is immutable) instead
    /// of an allocation each.
    static func reusing(
        _ previous: GNSSSourceInformation?, _ base: CLLocationSourceInformation, fixMode: GNSSFixMode?,
        satellitesUsed: Int?, satellitesVisible: Int? = nil, hdop: Double?, vdop: Double?, pdop: Double?
    ) -> GNSSSourceInformation {
        let isSoftware = base.isSimulatedBySoftware
        let isAccessory = base.isProducedByAccessory
        let used = FixLimits.satelliteCount(satellitesUsed)
        let visible = FixLimits.satelliteCount(satellitesVisible)
        let hdop = FixLimits.dilution(hdop)
        let vdop = FixLimits.dilution(vdop)
        let pdop = FixLimits.dilution(pdop)
        if let previous, previous.isSimulatedBySoftware == isSoftware, previous.isProducedByAccessory == isAccessory,
            previous.fixMode == fixMode, previous.satellitesUsed == used, previous.satellitesVisible == visible,
            previous.hdop?.bitPattern == hdop?.bitPattern, previous.vdop?.bitPattern == vdop?.bitPattern,
            previous.pdop?.bitPattern == pdop?.bitPattern
        {
            return previous
        }
        return GNSSSourceInformation(
            softwareSimulationState: isSoftware, andExternalAccessoryState: isAccessory, fixMode: fixMode,
            satellitesUsed: used, satellitesVisible: visible, hdop: hdop, vdop: vdop, pdop: pdop)
    }

    /// Encodes both flags and every value present.
    public override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        if let fixMode { coder.encode(fixMode.rawValue, forKey: Key.fixMode) }
        if let satellitesUsed { coder.encode(satellitesUsed, forKey: Key.satellitesUsed) }
        if let satellitesVisible { coder.encode(satellitesVisible, forKey: Key.satellitesVisible) }
        if let hdop { coder.encode(hdop, forKey: Key.hdop) }
        if let vdop { coder.encode(vdop, forKey: Key.vdop) }
        if let pdop { coder.encode(pdop, forKey: Key.pdop) }
    }

    /// Decodes source information written by ``encode(with:)``.
    public required init?(coder: NSCoder) {
        func integer(_ key: String) -> Int? {
            coder.containsValue(forKey: key) ? coder.decodeInteger(forKey: key) : nil
        }
        func double(_ key: String) -> Double? {
            coder.containsValue(forKey: key) ? coder.decodeDouble(forKey: key) : nil
        }
        fixMode = integer(Key.fixMode).flatMap(GNSSFixMode.init(rawValue:))
        satellitesUsed = integer(Key.satellitesUsed)
        satellitesVisible = integer(Key.satellitesVisible)
        hdop = double(Key.hdop)
        vdop = double(Key.vdop)
        pdop = double(Key.pdop)
        super.init(coder: coder)
    }

    private enum Key {
        static let fixMode = "fixMode"
        static let satellitesUsed = "satellitesUsed"
        static let satellitesVisible = "satellitesVisible"
        static let hdop = "hdop"
        static let vdop = "vdop"
        static let pdop = "pdop"
    }
}
