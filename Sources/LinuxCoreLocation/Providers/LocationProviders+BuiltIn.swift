extension LocationProviders {
    /// The schemes this library provides, and how to make each.
    static let builtInFactories: [String: Factory] = [
        "fixed": FixedLocationProvider.make,
        "nmea": NMEAProviderFactory.make,
        "nmea+tcp": NMEAProviderFactory.makeTCP,
        "gpx": GPXReplay.make,
        "geoclue": GeoClueLocationProvider.make,
    ]

    /// The URIs the probe tries when nothing is configured, in order.
    static let builtInProbe: [String] = [
        "geoclue:"
    ]
}
