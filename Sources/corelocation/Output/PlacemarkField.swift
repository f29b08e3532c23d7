import Foundation
import LinuxCoreLocation

/// A part of a fix's placemark, by CoreLocationCLI's name: a `%` placeholder of `--format-string` and a member of
/// the `corelocationcli` object, in CoreLocationCLI's order.
///
/// Each is the reverse-geocoded placemark's value as a string (`nil` without a placemark or without that part);
/// `region` is the region's identifier, `timeZone` the zone's identifier, `time_local` the fix's time in that
/// zone (`yyyy-MM-dd HH:mm:ss Z`).
enum PlacemarkField: String, CaseIterable {
    case name, isoCountryCode, country, postalCode, administrativeArea, subAdministrativeArea, locality, subLocality
    case thoroughfare, subThoroughfare, region, timeZone
    case localTime = "time_local"

    /// The value for `location`'s placemark.
    func value(of placemark: CLPlacemark?, at location: CLLocation) -> String? {
        guard let placemark else { return nil }
        switch self {
        case .name: return placemark.name
        case .isoCountryCode: return placemark.isoCountryCode
        case .country: return placemark.country
        case .postalCode: return placemark.postalCode
        case .administrativeArea: return placemark.administrativeArea
        case .subAdministrativeArea: return placemark.subAdministrativeArea
        case .locality: return placemark.locality
        case .subLocality: return placemark.subLocality
        case .thoroughfare: return placemark.thoroughfare
        case .subThoroughfare: return placemark.subThoroughfare
        case .region: return placemark.region?.identifier
        case .timeZone: return placemark.timeZone?.identifier
        case .localTime: return placemark.timeZone.map { Self.localTime(location.timestamp, in: $0) }
        }
    }

    /// `yyyy-MM-dd HH:mm:ss Z` in `zone`.
    private static func localTime(_ date: Date, in zone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss Z"
        return formatter.string(from: date)
    }
}
