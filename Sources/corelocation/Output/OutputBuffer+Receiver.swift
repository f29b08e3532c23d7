import LinuxCoreLocation

/// The Linux-only values a receiver reports with a fix — fix mode, satellites, dilutions of precision — that the
/// NMEA and gpsd providers attach as ``GNSSSourceInformation``; a fix from another provider has none.
extension OutputBuffer {
    /// Appends the JSON Lines members of `location`'s receiver values, each only when reported, in this order:
    /// `,"fixMode":"3d"` (`2d`, `3d`), `,"satellitesUsed":8`, `,"satellitesVisible":12`, `,"hdop":0.9`,
    /// `,"vdop":1.3`, `,"pdop":1.6` (dilutions with ``Numbers/Precision/dilution`` decimals at most).
    mutating func appendReceiverMembers(of location: CLLocation) {
        guard let receiver = location.sourceInformation as? GNSSSourceInformation else { return }
        if let mode = receiver.fixMode {
            append(mode == .threeDimensional ? ",\"fixMode\":\"3d\"" : ",\"fixMode\":\"2d\"")
        }
        if let used = receiver.satellitesUsed, used >= 0 {
            append(",\"satellitesUsed\":")
            append(UInt64(used))
        }
        if let visible = receiver.satellitesVisible, visible >= 0 {
            append(",\"satellitesVisible\":")
            append(UInt64(visible))
        }
        // One call per member, not a loop over an array literal (which was allocated for every fix, issue 30).
        appendDilution(",\"hdop\":", receiver.hdop)
        appendDilution(",\"vdop\":", receiver.vdop)
        appendDilution(",\"pdop\":", receiver.pdop)
    }

    /// Appends `member` and `value` with ``Numbers/Precision/dilution`` decimals at most; nothing when `value` is nil.
    private mutating func appendDilution(_ member: StaticString, _ value: Double?) {
        guard let value else { return }
        appendDecimal(value, Numbers.Precision.dilution, after: member)
    }

    /// Appends the text line's part of `location`'s receiver values, each only when reported:
    /// `  3D  8 sats  hdop 0.9`.
    mutating func appendReceiverText(of location: CLLocation) {
        guard let receiver = location.sourceInformation as? GNSSSourceInformation else { return }
        if let mode = receiver.fixMode { append(mode == .threeDimensional ? "  3D" : "  2D") }
        if let used = receiver.satellitesUsed, used >= 0 {
            append("  ")
            append(UInt64(used))
            append(used == 1 ? " sat" : " sats")
        }
        if let hdop = receiver.hdop {
            append("  hdop ")
            appendFixed(hdop, 1)
        }
    }
}
