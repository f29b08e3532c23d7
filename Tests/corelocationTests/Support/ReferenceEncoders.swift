import Foundation
import LinuxCoreLocation

@testable import corelocation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The encoders as they were before issue 17 — strings built with Foundation's `String(format:)` and `gmtime_r`
/// — kept as the independent reference the byte-building encoders must match, byte for byte.
enum ReferenceEncoders {
    /// `String(format: "%.Nf")`: what the tool's text format and the fixed formatter write.
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }

    /// A direction as printed: `%.Nf` of the value, except that a direction below 360° whose text says 360 is 0
    /// (issue 32).
    static func direction(_ value: Double, _ decimals: Int, fixed isFixed: Bool = false) -> String {
        let text = fixed(value, decimals)
        let shown = value >= 0 && value < 360 && Double(text) == 360 ? 0 : value
        return isFixed ? fixed(shown, decimals) : decimal(shown, decimals)
    }

    /// The shortest text of the rounded value: `%.Nf`, trailing zeros trimmed to one decimal, no `-0.0`,
    /// `null` when not finite.
    static func decimal(_ value: Double, _ decimals: Int) -> String {
        shortest(value, printed: fixed(value, decimals))
    }

    /// ``decimal(_:_:)`` from the `%.Nf` text of `value` already printed.
    static func shortest(_ value: Double, printed: String) -> String {
        guard value.isFinite else { return "null" }
        var text = printed
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text += "0" }
        } else {
            text += ".0"
        }
        return text == "-0.0" ? "0.0" : text
    }

    /// ISO 8601 UTC with milliseconds through `gmtime_r`, or `null`.
    static func timestamp(_ date: Date) -> String {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        guard milliseconds.isFinite, abs(milliseconds) < 1e17 else { return "null" }
        let total = Int64(milliseconds)
        var seconds = time_t(total >= 0 ? total / 1000 : (total - 999) / 1000)
        let fraction = Int(total - Int64(seconds) * 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
            Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec), fraction)
    }

    /// The location members in JSON order.
    static func members(_ location: CLLocation) -> [(key: String, value: String)] {
        [
            ("latitude", decimal(location.coordinate.latitude, 8)),
            ("longitude", decimal(location.coordinate.longitude, 8)),
            ("altitude", decimal(location.altitude, 3)),
            ("ellipsoidalAltitude", decimal(location.ellipsoidalAltitude, 3)),
            ("horizontalAccuracy", decimal(location.horizontalAccuracy, 2)),
            ("verticalAccuracy", decimal(location.verticalAccuracy, 2)),
            ("speed", decimal(location.speed, 3)),
            ("speedAccuracy", decimal(location.speedAccuracy, 2)),
            ("course", direction(location.course, 3)),
            ("courseAccuracy", decimal(location.courseAccuracy, 2)),
        ]
    }

    /// The receiver's Linux-only JSON members of a fix (issue 15), each when reported.
    static func receiverMembers(_ location: CLLocation) -> [(String, String)] {
        guard let receiver = location.sourceInformation as? GNSSSourceInformation else { return [] }
        var members: [(String, String)] = []
        if let mode = receiver.fixMode { members.append(("fixMode", mode == .twoDimensional ? "\"2d\"" : "\"3d\"")) }
        if let used = receiver.satellitesUsed { members.append(("satellitesUsed", "\(used)")) }
        if let visible = receiver.satellitesVisible { members.append(("satellitesVisible", "\(visible)")) }
        for (key, value) in [("hdop", receiver.hdop), ("vdop", receiver.vdop), ("pdop", receiver.pdop)] {
            if let value { members.append((key, decimal(value, 2))) }
        }
        return members
    }

    /// The receiver's part of a fix's text line (issue 15): `  3D  8 sats  hdop 0.9`.
    static func receiverText(_ location: CLLocation) -> String {
        guard let receiver = location.sourceInformation as? GNSSSourceInformation else { return "" }
        var text = receiver.fixMode.map { $0 == .twoDimensional ? "  2D" : "  3D" } ?? ""
        if let used = receiver.satellitesUsed { text += "  \(used) " + (used == 1 ? "sat" : "sats") }
        if let hdop = receiver.hdop { text += "  hdop " + fixed(hdop, 1) }
        return text
    }

    /// A JSON Lines line of a fix or heading, newline included.
    static func jsonLine(_ event: OutputEvent) -> String {
        func object(_ members: [(String, String)]) -> String {
            "{" + members.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}\n"
        }
        switch event {
        case .location(let location):
            return object(
                [("type", "\"location\""), ("timestamp", "\"\(timestamp(location.timestamp))\"")]
                    + members(location).map { ($0.key, $0.value) } + receiverMembers(location))
        case .heading(let heading):
            return object([
                ("type", "\"heading\""), ("timestamp", "\"\(timestamp(heading.timestamp))\""),
                ("magneticHeading", direction(heading.magneticHeading, 3)),
                ("trueHeading", direction(heading.trueHeading, 3)),
                ("headingAccuracy", decimal(heading.headingAccuracy, 2)), ("x", decimal(heading.x, 3)),
                ("y", decimal(heading.y, 3)), ("z", decimal(heading.z, 3)),
            ])
        default: return ""
        }
    }

    /// A text line of a fix or heading, newline included.
    static func textLine(_ event: OutputEvent) -> String {
        switch event {
        case .location(let location):
            var parts = [
                timestamp(location.timestamp),
                fixed(location.coordinate.latitude, 7) + ", " + fixed(location.coordinate.longitude, 7),
                "±" + fixed(location.horizontalAccuracy, 1) + " m",
            ]
            if location.verticalAccuracy >= 0 {
                parts.append("alt " + fixed(location.altitude, 1) + " m ±" + fixed(location.verticalAccuracy, 1))
            }
            if location.speed >= 0 { parts.append(fixed(location.speed, 2) + " m/s") }
            if location.course >= 0 { parts.append("course " + direction(location.course, 1, fixed: true) + "°") }
            return parts.joined(separator: "  ") + receiverText(location) + "\n"
        case .heading(let heading):
            return timestamp(heading.timestamp) + "  heading " + direction(heading.trueHeading, 1, fixed: true)
                + "° true"
                + (heading.headingAccuracy >= 0 ? " ±" + fixed(heading.headingAccuracy, 1) + "°" : "") + "\n"
        default: return ""
        }
    }

    /// A CSV row of a fix.
    static func csvRow(_ location: CLLocation) -> String {
        ([timestamp(location.timestamp)] + members(location).map(\.value)).joined(separator: ",") + "\n"
    }

    /// `%latitude,%longitude,%altitude,%h_accuracy,%v_accuracy,%speed,%course,%time` of a fix.
    static func templateLine(_ location: CLLocation) -> String {
        let values = members(location)
        func value(_ key: String) -> String { values.first { $0.key == key }?.value ?? "?" }
        return [
            value("latitude"), value("longitude"), value("altitude"), value("horizontalAccuracy"),
            value("verticalAccuracy"), value("speed"), value("course"), timestamp(location.timestamp),
        ].joined(separator: ",") + "\n"
    }

    /// GPX's decimal: exactly `decimals` digits, the scaled value rounded half away from zero; `nil` beyond 2⁵³.
    static func gpxDecimal(_ value: Double, _ decimals: Int) -> String? {
        let scale = (0..<decimals).reduce(1.0) { result, _ in result * 10 }
        let scaled = (value * scale).rounded()
        guard value.isFinite, abs(scaled) < 9_007_199_254_740_992 else { return nil }
        let magnitude = Int64(abs(scaled))
        let unit = Int64(scale)
        let fraction = String(magnitude % unit)
        let sign = scaled < 0 ? "-" : ""
        guard decimals > 0 else { return sign + String(magnitude) }
        return sign + String(magnitude / unit) + "." + String(repeating: "0", count: decimals - fraction.count)
            + fraction
    }

    /// The `<trkpt>` line `corelocation watch --format gpx` wrote for a fix, as the GPX module built it before
    /// issue 17 (strings joined), for a fix with a name-less, in-range point; `nil` where it threw.
    static func gpxTrackPoint(_ location: CLLocation) -> String? {
        guard (-90...90).contains(location.coordinate.latitude), (-180...180).contains(location.coordinate.longitude)
        else { return nil }
        var failed = false
        func number(_ label: String, _ value: Double?, _ decimals: Int, validOnlyIfNonNegative: Bool = true) -> String?
        {
            guard let value, !(validOnlyIfNonNegative && value < 0) else { return nil }
            guard let text = gpxDecimal(value, decimals) else {
                failed = true
                return nil
            }
            return "<\(label)>\(text)</\(label)>"
        }
        let time = timestamp(location.timestamp)
        if time == "null" { return nil }
        let valid = { (value: Double, accuracy: Double) in accuracy >= 0 ? value : nil }
        var children = [
            number("ele", location.verticalAccuracy >= 0 ? location.altitude : nil, 3, validOnlyIfNonNegative: false),
            "<time>\(time)</time>",
        ].compactMap { $0 }
        let course =
            location.course >= 0
            ? ((location.course * 1000).rounded() / 1000).truncatingRemainder(dividingBy: 360) : nil
        let garmin = [
            number("gpxtpx:speed", location.speed >= 0 ? location.speed : nil, 3), number("gpxtpx:course", course, 3),
        ].compactMap { $0 }
        var extensions =
            garmin.isEmpty ? [] : ["<gpxtpx:TrackPointExtension>\(garmin.joined())</gpxtpx:TrackPointExtension>"]
        extensions += [
            number("lcl:hacc", valid(location.horizontalAccuracy, location.horizontalAccuracy), 3),
            number("lcl:vacc", valid(location.verticalAccuracy, location.verticalAccuracy), 3),
        ].compactMap { $0 }
        if !extensions.isEmpty { children.append("<extensions>\(extensions.joined())</extensions>") }
        guard !failed else { return nil }
        let latitude = gpxDecimal(location.coordinate.latitude, 8) ?? ""
        let longitude = gpxDecimal(location.coordinate.longitude, 8) ?? ""
        return "      <trkpt lat=\"\(latitude)\" lon=\"\(longitude)\">\(children.joined())</trkpt>\n"
    }
}
