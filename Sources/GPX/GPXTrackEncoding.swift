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
        var name = point.name.map(escape)
        var fix = point.fix?.rawValue
        // The whole line is built in scratch memory and appended at once (issue 30: about twenty-five appends before).
        let room = longestLineBesideText + (name?.utf8.count ?? 0) + (fix?.utf8.count ?? 0)
        try ByteCursor.append(to: &line, atMost: room) { cursor in
            try writeLine(of: point, name: &name, fix: &fix, to: &cursor, fail: fail)
        }
    }

    /// The most bytes of a `<trkpt>` line beside the text of its name and fix: its tags, two coordinates, eight
    /// numbers of ``GPXDecimal/longestText`` at most, a count of satellites and a time (531 bytes, rounded up).
    private static let longestLineBesideText = 600

    /// Writes the `<trkpt>` line of a point whose coordinates are in range; `name` is its escaped name.
    private static func writeLine(
        of point: GPXPoint, name: inout String?, fix: inout String?, to line: inout ByteCursor,
        fail: (GPXDiagnostic.Kind, String) -> GPXDiagnostic
    ) throws {
        /// `<label>value</label>` (`open` and `close` are the tags), nothing for a missing or (when only non-negative
        /// values are valid) negative one.
        func number(
            _ open: StaticString, _ close: StaticString, _ value: Double?, _ decimals: Int,
            validOnlyIfNonNegative: Bool = true
        ) throws {
            guard let value, !(validOnlyIfNonNegative && value < 0) else { return }
            line.put(open)
            guard GPXDecimal.append(value, decimals: decimals, to: &line) else {
                let label = open.withUTF8Buffer { String(decoding: $0.dropFirst().dropLast(), as: UTF8.self) }
                throw fail(.invalidValue, "\(label) \(value) cannot be written as a decimal")
            }
            line.put(close)
        }
        line.put("      <trkpt lat=\"")
        _ = GPXDecimal.append(point.latitude, decimals: coordinateDecimals, to: &line)
        line.put("\" lon=\"")
        _ = GPXDecimal.append(point.longitude, decimals: coordinateDecimals, to: &line)
        line.put("\">")
        try number("<ele>", "</ele>", point.elevation, measureDecimals, validOnlyIfNonNegative: false)
        if let time = point.time {
            line.put("<time>")
            guard GPXTimestamp.append(time, to: &line) else {
                throw fail(
                    .outOfRange,
                    "time \(time.timeIntervalSince1970) s since 1970 is outside the years 0000 to 9999 GPX can hold")
            }
            line.put("</time>")
        }
        if name != nil {
            line.put("<name>")
            name?.withUTF8 { line.put($0) }
            line.put("</name>")
        }
        if fix != nil {
            line.put("<fix>")
            fix?.withUTF8 { line.put($0) }
            line.put("</fix>")
        }
        if let satellites = point.satellites, satellites >= 0 {
            line.put("<sat>")
            line.putDigits(UInt64(satellites))
            line.put("</sat>")
        }
        try number("<hdop>", "</hdop>", point.hdop, dopDecimals)
        try number("<vdop>", "</vdop>", point.vdop, dopDecimals)
        try number("<pdop>", "</pdop>", point.pdop, dopDecimals)
        // Extensions, opened only when one of their values is written.
        let extensionsStart = line.count
        line.put("<extensions><gpxtpx:TrackPointExtension>")
        let garminStart = line.count
        try number("<gpxtpx:speed>", "</gpxtpx:speed>", point.speed, measureDecimals)
        try number("<gpxtpx:course>", "</gpxtpx:course>", point.course.map(normalizedCourse), measureDecimals)
        if line.count == garminStart {
            line.truncate(to: extensionsStart + "<extensions>".utf8.count)
        } else {
            line.put("</gpxtpx:TrackPointExtension>")
        }
        let accuracyStart = line.count
        try number("<lcl:hacc>", "</lcl:hacc>", point.horizontalAccuracy, measureDecimals)
        try number("<lcl:vacc>", "</lcl:vacc>", point.verticalAccuracy, measureDecimals)
        if line.count == accuracyStart && line.count == extensionsStart + "<extensions>".utf8.count {
            line.truncate(to: extensionsStart)
        } else {
            line.put("</extensions>")
        }
        line.put("</trkpt>\n")
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
