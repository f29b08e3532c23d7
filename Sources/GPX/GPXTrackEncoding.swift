import Foundation

/// The text ``GPXTrackWriter`` writes: GPX 1.1 with Garmin TrackPointExtension v2 and this
/// module's accuracy extension.
///
/// Fixed decimals keep the output locale-independent.
enum GPXTrackEncoding {
    /// Fraction digits of latitude and longitude: 1e-8 degree is about 1.1 mm.
    static let coordinateDecimals = 8
    /// Fraction digits of metres, metres per second and degrees of course.
    static let measureDecimals = 3
    /// Fraction digits of dilutions of precision.
    static let dopDecimals = 2

    static let trailer = "    </trkseg>\n  </trk>\n</gpx>\n"
    static let segmentBreak = "    </trkseg>\n    <trkseg>\n"

    static func header(_ options: GPXTrackWriterOptions) -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="\(escape(options.creator))" xmlns="\(GPX.namespace11)" \
            xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:gpxtpx="\(GPX.garminTrackPointExtensionV2)" \
            xmlns:lcl="\(GPX.linuxCoreLocation)" xsi:schemaLocation="\(GPX.namespace11) \
            http://www.topografix.com/GPX/1/1/gpx.xsd \(GPX.garminTrackPointExtensionV2) \
            http://www.garmin.com/xmlschemas/TrackPointExtensionv2.xsd">

            """
        let name = options.name.map { "<name>\(escape($0))</name>" }
        let time = options.time.flatMap(GPXTimestamp.format).map { "<time>\($0)</time>" }
        if name != nil || time != nil {
            text += "  <metadata>" + [name, time].compactMap { $0 }.joined() + "</metadata>\n"
        }
        text += "  <trk>\n"
        if let name { text += "    \(name)\n" }
        return text + "    <trkseg>\n"
    }

    /// One `<trkpt>` line, children in GPX 1.1 schema order (ele, time, name, fix, sat, hdop,
    /// vdop, pdop, extensions).
    static func trackPoint(_ point: GPXPoint, source: String) throws -> String {
        func fail(_ kind: GPXDiagnostic.Kind, _ message: String) -> GPXDiagnostic {
            GPXDiagnostic(kind: kind, source: source, element: "trkpt", message: message)
        }
        guard (-90...90).contains(point.latitude) else {
            throw fail(.outOfRange, "lat \(point.latitude) is outside -90...90")
        }
        guard (-180...180).contains(point.longitude) else {
            throw fail(.outOfRange, "lon \(point.longitude) is outside -180...180")
        }
        func number(_ label: String, _ value: Double?, _ decimals: Int, validOnlyIfNonNegative: Bool = true) throws
            -> String?
        {
            guard let value, !(validOnlyIfNonNegative && value < 0) else { return nil }
            guard let text = GPXDecimal.format(value, decimals: decimals) else {
                throw fail(.invalidValue, "\(label) \(value) cannot be written as a decimal")
            }
            return "<\(label)>\(text)</\(label)>"
        }
        var children = [
            try number("ele", point.elevation, measureDecimals, validOnlyIfNonNegative: false),
            try point.time.map { time in
                guard let text = GPXTimestamp.format(time) else {
                    throw fail(
                        .outOfRange,
                        "time \(time.timeIntervalSince1970) s since 1970 is outside the years 0000 to 9999 GPX can hold"
                    )
                }
                return "<time>\(text)</time>"
            },
            point.name.map { "<name>\(escape($0))</name>" },
            point.fix.map { "<fix>\($0.rawValue)</fix>" },
            point.satellites.flatMap { $0 >= 0 ? "<sat>\($0)</sat>" : nil },
            try number("hdop", point.hdop, dopDecimals),
            try number("vdop", point.vdop, dopDecimals),
            try number("pdop", point.pdop, dopDecimals),
        ].compactMap { $0 }
        let garmin = [
            try number("gpxtpx:speed", point.speed, measureDecimals),
            try number("gpxtpx:course", point.course.map(normalizedCourse), measureDecimals),
        ].compactMap { $0 }
        var extensions =
            garmin.isEmpty ? [] : ["<gpxtpx:TrackPointExtension>\(garmin.joined())</gpxtpx:TrackPointExtension>"]
        extensions += [
            try number("lcl:hacc", point.horizontalAccuracy, measureDecimals),
            try number("lcl:vacc", point.verticalAccuracy, measureDecimals),
        ].compactMap { $0 }
        if !extensions.isEmpty { children.append("<extensions>\(extensions.joined())</extensions>") }
        let latitude = GPXDecimal.format(point.latitude, decimals: coordinateDecimals) ?? ""
        let longitude = GPXDecimal.format(point.longitude, decimals: coordinateDecimals) ?? ""
        return "      <trkpt lat=\"\(latitude)\" lon=\"\(longitude)\">\(children.joined())</trkpt>\n"
    }

    /// A course rounded to the written precision, then reduced to 0..<360 (so 359.9996 becomes 0,
    /// never 360.000); negative values stay negative and are left out as invalid.
    static func normalizedCourse(_ course: Double) -> Double {
        let scale = (0..<measureDecimals).reduce(1.0) { result, _ in result * 10 }
        return ((course * scale).rounded() / scale).truncatingRemainder(dividingBy: 360)
    }

    /// Escapes text for element content and double-quoted attributes; drops characters XML 1.0
    /// cannot carry (C0 controls other than tab, LF, CR).
    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: break
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
