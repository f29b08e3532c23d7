extension LocationProviders {
    /// The schemes this library provides, and how to make each.
    static let builtInFactories: [String: Factory] = [
        "fixed": FixedLocationProvider.make,
        "nmea": NMEAProviderFactory.make,
        "nmea+tcp": NMEAProviderFactory.makeTCP,
        "gpx": GPXReplay.make,
        "gpsd": GPSDProviderFactory.make,
        "geoclue": GeoClueLocationProvider.make,
    ]

    /// The URIs the probe tries when nothing is configured, in order: gpsd on its default port, then GeoClue2.
    static let builtInProbe: [String] = [
        "gpsd://127.0.0.1:2947",
        "geoclue:",
    ]
}
