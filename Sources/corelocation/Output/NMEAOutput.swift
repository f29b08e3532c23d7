import LinuxCoreLocation
import NMEA0183

/// `--format nmea`: fixes as GGA, RMC, GSA and GST sentences and headings as HDT (or HDG), through
/// ``NMEA0183/NMEAEncoder``, so that a replay or a GeoClue position can feed any NMEA consumer.
///
/// A fix from the embedded sample is preceded by a `TXT` sentence saying so; a fix the encoder cannot hold (a time
/// outside 1980–2079, RMC's two-digit years) is skipped with a note on standard error.
enum NMEAOutput {
    /// What a `TXT` sentence says before each of the sample's fixes.
    static let sampleNotice = "corelocation sample track - not a real position"

    private static let encoder = NMEAEncoder(talker: "GP")

    /// The sentences of `location`, or `nil` when its time is outside what RMC can write.
    static func sentences(for location: CLLocation, marksSample: Bool) -> String? {
        guard
            var fix = NMEAEncoder.Fix(
                timestamp: location.timestamp, latitude: location.coordinate.latitude,
                longitude: location.coordinate.longitude)
        else { return nil }
        // Apple's conventions: a negative accuracy, speed or course is unknown, and the altitude is valid only
        // with a vertical accuracy of 0 or more. An ellipsoidal altitude equal to the altitude is the mirror's
        // "not measured": the geoid's separation is then left out, not written as 0.
        fix.horizontalAccuracy = location.horizontalAccuracy
        if location.verticalAccuracy >= 0 {
            fix.altitudeMSL = location.altitude
            fix.verticalAccuracy = location.verticalAccuracy
            let separation = location.ellipsoidalAltitude - location.altitude
            if separation != 0 { fix.geoidSeparation = separation }
        }
        if location.speed >= 0 { fix.speed = location.speed }
        if location.course >= 0 { fix.course = location.course }
        if let receiver = location.sourceInformation as? GNSSSourceInformation {
            fix.mode = receiver.fixMode.map { $0 == .threeDimensional ? .threeDimensional : .twoDimensional }
            fix.satellitesUsed = receiver.satellitesUsed
            fix.hdop = receiver.hdop
            fix.vdop = receiver.vdop
            fix.pdop = receiver.pdop
        }
        let notice = marksSample ? encoder.textSentence(sampleNotice) : ""
        return notice + encoder.sentences(for: fix).joined()
    }

    /// The sentence of `heading`: HDT when its true heading is known, else HDG; `nil` when neither is.
    static func sentence(for heading: CLHeading) -> String? {
        encoder.headingSentence(trueHeading: heading.trueHeading, magneticHeading: heading.magneticHeading)
    }
}
