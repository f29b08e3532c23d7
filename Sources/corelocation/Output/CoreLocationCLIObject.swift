import Foundation
import LinuxCoreLocation

/// CoreLocationCLI's `--json` object, one per line, for `--format corelocationcli` and CoreLocationCLI's
/// `-json`: its member names, and every value a string (or `null`) written as CoreLocationCLI writes it, so that
/// scripts and typed decoders written for it read it unchanged.
///
/// `latitude` and `longitude` with 6 decimals, `altitude` with 2, `direction` (the course, −1 when invalid) as
/// Swift prints a `Double`, `speed`, `h_accuracy` and `v_accuracy` truncated to whole numbers, `time` as
/// `Date.description` (`2026-05-14 08:30:01 +0000`); then `address` and the placemark's parts
/// (``PlacemarkField``), `null` without a geocoding service (see ``AddressLookup``). Members come in this fixed order
/// (CoreLocationCLI's order is a dictionary's).
enum CoreLocationCLIObject {
    /// Appends the object of `location` and its placemark, newline included.
    static func encode(
        _ location: CLLocation, placemark: CLPlacemark?, marksSample: Bool = false, into line: inout OutputBuffer
    ) {
        var first = true
        func member(_ key: String, _ value: String?) {
            line.append(first ? UInt8(ascii: "{") : UInt8(ascii: ","))
            first = false
            line.append(UInt8(ascii: "\""))
            line.append(contentsOf: key)
            line.append("\":")
            if let value { line.appendJSONString(value) } else { line.append("null") }
        }
        member("latitude", Numbers.fixed(location.coordinate.latitude, 6))
        member("longitude", Numbers.fixed(location.coordinate.longitude, 6))
        member("altitude", Numbers.fixed(location.altitude, 2))
        member("direction", "\(location.course)")
        member("speed", whole(location.speed))
        member("h_accuracy", whole(location.horizontalAccuracy))
        member("v_accuracy", whole(location.verticalAccuracy))
        member("time", location.timestamp.description)
        member("address", placemark.map { AddressLookup.address(of: $0) })
        for field in PlacemarkField.allCases { member(field.rawValue, field.value(of: placemark, at: location)) }
        if marksSample { member("source", "sample") }  // not CoreLocationCLI's: its decoders ignore it
        line.append("}\n")
    }

    /// `Int(value)` as CoreLocationCLI writes it (truncated toward zero), without trapping on a value no `Int`
    /// holds: `null` then.
    private static func whole(_ value: Double) -> String? {
        guard value.isFinite, abs(value) < 1e15 else { return nil }
        return String(Int(value))
    }
}
