/// Writes fixes and headings as NMEA 0183 sentences, for any NMEA consumer (a pseudo-terminal another program
/// reads, a chart plotter, gpsd).
///
/// A fix becomes, in this order and all stamped with its time: `GGA` (position, altitude above mean sea level and
/// the geoid's separation, satellites used, HDOP), `RMC` (position, speed in knots, course, date; status `A`, mode
/// `A`), `GSA` when the fix mode or a dilution of precision is known (without satellite numbers, which a fix does
/// not carry), and `GST` when an accuracy is known (latitude and longitude σ of `horizontalAccuracy` ÷ √2 each, so
/// that a decoder's √(σlat² + σlon²) gives the accuracy back; altitude σ of `verticalAccuracy`). `GSV` is never
/// written: it needs each satellite's number, elevation, azimuth and signal. Unknown values are empty fields, as
/// NMEA 0183 writes them.
///
/// Precision: positions to 10⁻⁶ minute (under 2 mm), times to the millisecond, metres to the millimetre, speeds to
/// 0.001 knot, courses and headings to 0.01° (one that rounds to 360 is written 0). Every sentence ends with its `*hh`
/// checksum and CR LF. A GGA with every value known and at its widest reaches 86 characters, past the standard's 82 as
/// high-precision receivers' GGA (91–93) are; gpsd reads sentences up to 102 characters, ``NMEADecoder`` up to 200 by
/// default.
///
/// Thread-safe (a value). Source: NMEA 0183 v4.11's layouts of GGA, RMC, GSA, GST, HDT, HDG and TXT.
public struct NMEAEncoder: Sendable {
    /// The talker of every sentence: two upper-case letters or digits, `GP` by default.
    public let talker: String

    /// Creates an encoder.
    ///
    /// - Parameter talker: Two upper-case letters or digits (`GP`, `GN`, `II`); anything else is replaced by `GP`.
    public init(talker: String = "GP") {
        let isTalker = talker.utf8.count == 2 && talker.utf8.allSatisfy { $0.isDigitOrUpperCase }
        self.talker = isTalker ? talker : "GP"
    }

    /// The sentences of one fix, each framed (`$…*hh\r\n`): GGA, RMC, then GSA and GST when they have something to
    /// say.
    public func sentences(for fix: Fix) -> [String] {
        let time = NMEAEncodedTime(fix.timestamp)
        let position = NMEAFieldText.position(latitude: fix.latitude, longitude: fix.longitude)
        var sentences = [
            frame(
                ["GGA", time.timeOfDay] + position
                    + [
                        "1", fix.satellitesUsed.map { NMEAFieldText.padded($0, width: 2) } ?? "",
                        NMEAFieldText.decimal(fix.hdop, 2),
                        NMEAFieldText.decimal(fix.altitudeMSL, 3), fix.altitudeMSL == nil ? "" : "M",
                        NMEAFieldText.decimal(fix.geoidSeparation, 3), fix.geoidSeparation == nil ? "" : "M", "", "",
                    ]),
            frame(
                ["RMC", time.timeOfDay, "A"] + position
                    + [
                        NMEAFieldText.decimal(fix.speed.map { $0 * 3600 / 1852 }, 3),
                        NMEAFieldText.heading(fix.course ?? -1) ?? "", time.date, "", "", "A",
                    ]),
        ]
        if fix.mode != nil || fix.pdop != nil || fix.hdop != nil || fix.vdop != nil {
            let mode = fix.mode.map { $0 == .threeDimensional ? "3" : "2" } ?? ""
            sentences.append(
                frame(
                    ["GSA", "A", mode] + Array(repeating: "", count: 12)
                        + [fix.pdop, fix.hdop, fix.vdop].map { NMEAFieldText.decimal($0, 2) }))
        }
        if fix.horizontalAccuracy != nil || fix.verticalAccuracy != nil {
            let sigma = NMEAFieldText.decimal(fix.horizontalAccuracy.map { $0 / 2.squareRoot() }, 3)
            sentences.append(
                frame(
                    [
                        "GST", time.timeOfDay, "", "", "", "", sigma, sigma,
                        NMEAFieldText.decimal(fix.verticalAccuracy, 3),
                    ]))
        }
        return sentences
    }

    /// A heading's sentence: `HDT` with the true heading when it is known, else `HDG` with the magnetic heading.
    ///
    /// - Parameters:
    ///   - trueHeading: Degrees clockwise from true north, 0..<360; negative when unknown.
    ///   - magneticHeading: Degrees clockwise from magnetic north, 0..<360; negative when unknown.
    /// - Returns: The framed sentence; `nil` when neither heading is known (negative, or not finite, as Apple marks
    ///   an unknown heading).
    public func headingSentence(trueHeading: Double, magneticHeading: Double) -> String? {
        if let degrees = NMEAFieldText.heading(trueHeading) { return frame(["HDT", degrees, "T"]) }
        if let degrees = NMEAFieldText.heading(magneticHeading) { return frame(["HDG", degrees, "", "", "", ""]) }
        return nil
    }

    /// A `TXT` sentence carrying a note for people (message 1 of 1, type 2, "notice"), framed.
    ///
    /// Characters NMEA 0183 reserves (`$ * , ! \ ^ ~`), and any outside printable ASCII, become spaces; the text is
    /// cut to the 61 characters a sentence has room for.
    public func textSentence(_ text: String) -> String {
        let reserved: Set<UInt8> = Set("$*,!\\^~".utf8)
        let bytes = text.utf8.prefix(61).map { (0x20...0x7E).contains($0) && !reserved.contains($0) ? $0 : 0x20 }
        return frame(["TXT", "01", "01", "02", String(decoding: bytes, as: UTF8.self)])
    }

    /// `$`, the talker and `fields` joined by commas, `*`, the checksum in two upper-case hexadecimal digits, CR LF.
    private func frame(_ fields: [String]) -> String {
        NMEAFieldText.framed(talker + fields.joined(separator: ","))
    }
}

extension UInt8 {
    fileprivate var isDigitOrUpperCase: Bool { (0x30...0x39).contains(self) || (0x41...0x5A).contains(self) }
}
