import Foundation
import LocationSupport

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
        var line: [UInt8] = []
        try appendTrackPoint(point, to: &line, source: source)
        return String(decoding: line, as: UTF8.self)
    }

    /// Appends the `<trkpt>` line of ``trackPoint(_:source:)`` to `line`, byte by byte without building strings;
    /// appends nothing when it throws.
    static func appendTrackPoint(_ point: GPXPoint, to line: inout [UInt8], source: String) throws {
        func fail(_ kind: GPXDiagnostic.Kind, _ message: String) -> GPXDiagnostic {
            GPXDiagnostic(kind: kind, source: source, element: "trkpt", message: message)
        }
        guard (-90...90).contains(point.latitude) else {
            throw fail(.outOfRange, "lat \(point.latitude) is outside -90...90")
        }
        guard (-180...180).contains(point.longitude) else {
            throw fail(.outOfRange, "lon \(point.longitude) is outside -180...180")
        }
        let start = line.count
        do {
            try appendChildren(of: point, to: &line, fail: fail)
        } catch {
            line.removeSubrange(start...)
            throw error
        }
    }

    /// The `<trkpt>` line of a point whose coordinates are in range.
    private static func appendChildren(
        of point: GPXPoint, to line: inout [UInt8], fail: (GPXDiagnostic.Kind, String) -> GPXDiagnostic
    ) throws {
        /// `<label>value</label>`, nothing for a missing or (when only non-negative values are valid) negative one.
        func number(_ label: StaticString, _ value: Double?, _ decimals: Int, validOnlyIfNonNegative: Bool = true)
            throws
        {
            guard let value, !(validOnlyIfNonNegative && value < 0) else { return }
            append("<")
            append(label)
            append(">")
            guard GPXDecimal.append(value, decimals: decimals, to: &line) else {
                throw fail(.invalidValue, "\(label) \(value) cannot be written as a decimal")
            }
            append("</")
            append(label)
            append(">")
        }
        // One piece per call: a variadic list was an array allocated for each call, several per point (issue 30).
        func append(_ piece: StaticString) {
            piece.withUTF8Buffer { line.append(contentsOf: $0) }
        }
        append("      <trkpt lat=\"")
        _ = GPXDecimal.append(point.latitude, decimals: coordinateDecimals, to: &line)
        append("\" lon=\"")
        _ = GPXDecimal.append(point.longitude, decimals: coordinateDecimals, to: &line)
        append("\">")
        try number("ele", point.elevation, measureDecimals, validOnlyIfNonNegative: false)
        if let time = point.time {
            append("<time>")
            guard GPXTimestamp.append(time, to: &line) else {
                throw fail(
                    .outOfRange,
                    "time \(time.timeIntervalSince1970) s since 1970 is outside the years 0000 to 9999 GPX can hold")
            }
            append("</time>")
        }
        if let name = point.name { line.append(contentsOf: "<name>\(escape(name))</name>".utf8) }
        if let fix = point.fix {
            append("<fix>")
            line.append(contentsOf: fix.rawValue.utf8)
            append("</fix>")
        }
        if let satellites = point.satellites, satellites >= 0 {
            append("<sat>")
            DecimalDigits.append(UInt64(satellites), to: &line)
            append("</sat>")
        }
        try number("hdop", point.hdop, dopDecimals)
        try number("vdop", point.vdop, dopDecimals)
        try number("pdop", point.pdop, dopDecimals)
        // Extensions, opened only when one of their values is written.
        let extensionsStart = line.count
        append("<extensions><gpxtpx:TrackPointExtension>")
        let garminStart = line.count
        try number("gpxtpx:speed", point.speed, measureDecimals)
        try number("gpxtpx:course", point.course.map(normalizedCourse), measureDecimals)
        if line.count == garminStart {
            line.removeSubrange((extensionsStart + "<extensions>".utf8.count)...)
        } else {
            append("</gpxtpx:TrackPointExtension>")
        }
        let accuracyStart = line.count
        try number("lcl:hacc", point.horizontalAccuracy, measureDecimals)
        try number("lcl:vacc", point.verticalAccuracy, measureDecimals)
        if line.count == accuracyStart && line.count == extensionsStart + "<extensions>".utf8.count {
            line.removeSubrange(extensionsStart...)
        } else {
            append("</extensions>")
        }
        append("</trkpt>\n")
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
