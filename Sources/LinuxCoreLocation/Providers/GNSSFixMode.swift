/// Whether a GNSS fix is two- or three-dimensional, as receivers report it (NMEA GSA, gpsd TPV `mode`).
///
/// **Linux only.** Raw values are gpsd's and NMEA's mode numbers.
public enum GNSSFixMode: Int, Sendable, Hashable, CaseIterable {
    /// Latitude and longitude only; the altitude is not measured.
    case twoDimensional = 2
    /// Latitude, longitude and altitude.
    case threeDimensional = 3
}
