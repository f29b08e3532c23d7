/// The GGA fix-quality indicator (GGA field 6), also derived from RMC/GNS mode letters.
///
/// Values per NMEA 0183 v4.11 GGA; `invalid` (0) means no fix.
public enum NMEAFixQuality: Int, Sendable, Hashable, CaseIterable {
    /// 0: no fix.
    case invalid = 0
    /// 1: autonomous GNSS fix.
    case autonomous = 1
    /// 2: differential (DGPS, SBAS) fix.
    case differential = 2
    /// 3: precise positioning service (military) fix.
    case precise = 3
    /// 4: real-time kinematic, integer ambiguities fixed (centimetre level).
    case rtkFixed = 4
    /// 5: real-time kinematic, float ambiguities (decimetre level).
    case rtkFloat = 5
    /// 6: estimated (dead reckoning).
    case estimated = 6
    /// 7: manual input.
    case manual = 7
    /// 8: simulator.
    case simulated = 8

    /// The quality for an NMEA 2.3+ mode letter (RMC field 12, GLL field 7, VTG field 9, GNS field 6),
    /// or nil for an unknown letter.
    ///
    /// `N` (and `V`) mean no fix.
    public init?(modeIndicator: Character) {
        guard let letter = modeIndicator.asciiValue else { return nil }
        self.init(modeLetter: letter)
    }

    /// The quality for a mode letter given as its ASCII byte; see ``init(modeIndicator:)``.
    init?(modeLetter: UInt8) {
        switch modeLetter {
        case UInt8(ascii: "A"): self = .autonomous
        case UInt8(ascii: "D"): self = .differential
        case UInt8(ascii: "P"): self = .precise
        case UInt8(ascii: "R"): self = .rtkFixed
        case UInt8(ascii: "F"): self = .rtkFloat
        case UInt8(ascii: "E"): self = .estimated
        case UInt8(ascii: "M"): self = .manual
        case UInt8(ascii: "S"): self = .simulated
        case UInt8(ascii: "N"), UInt8(ascii: "V"): self = .invalid
        default: return nil
        }
    }

    /// Whether this quality is a position of the receiver: everything but `invalid` and `simulated`.
    ///
    /// A receiver in simulator (demo) mode reports positions it did not measure (a Garmin GPSmap 76S sends GGA
    /// quality 8 with RMC status V); gpsd reports them as no fix, and so do we.
    public var isFix: Bool { self != .invalid && self != .simulated }
}
