// Geocoding code the way iOS apps write it: every CLGeocoder entry point, and the Contacts formatter paired
// with a placemark's postal address. It must compile unchanged with only the import switched (on Linux the
// Contacts types come from the mirror).
#if canImport(CoreLocation)
    import Contacts
    import CoreLocation
#else
    import LinuxCoreLocation
#endif

enum GeocodingClient {
    static func everyEntryPoint(_ geocoder: CLGeocoder, region: CLRegion, address: CNPostalAddress) async {
        geocoder.geocodeAddressString("Champ de Mars, Paris", in: region) { _, _ in }
        geocoder.geocodeAddressString("Champ de Mars", in: nil, preferredLocale: Locale(identifier: "fr_FR")) { _, _ in
        }
        geocoder.reverseGeocodeLocation(CLLocation(latitude: 0, longitude: 0), preferredLocale: nil) { _, _ in }
        geocoder.geocodeAddressDictionary(["City": "Paris"]) { _, _ in }
        geocoder.geocodePostalAddress(address) { _, _ in }
        geocoder.geocodePostalAddress(address, preferredLocale: nil) { _, _ in }
        _ = try? await geocoder.geocodePostalAddress(address)
        _ = try? await geocoder.geocodeAddressString("Paris", in: nil)
        _ = try? await geocoder.reverseGeocodeLocation(CLLocation(latitude: 0, longitude: 0), preferredLocale: nil)
        if geocoder.isGeocoding { geocoder.cancelGeocode() }
    }

    static func envelope(for placemark: CLPlacemark) -> String? {
        placemark.postalAddress.map { CNPostalAddressFormatter.string(from: $0, style: .mailingAddress) }
    }
}
