extension LocationProviders {
    /// The schemes this library provides, and how to make each.
    ///
    /// Pairs in an array, not a dictionary: a handful of schemes is found as fast by a look down the list, and a
    /// dictionary of closures had the runtime build its generic metadata at the registry's first use, which every
    /// program makes at start — 0.3 ms of the static tool's 2.5 ms (issue 30).
    static let builtInFactories: [(scheme: String, factory: Factory)] = [
        ("fixed", FixedLocationProvider.make),
        ("nmea", NMEAProviderFactory.make),
        ("nmea+tcp", NMEAProviderFactory.makeTCP),
        ("gpx", GPXReplay.make),
        ("gpsd", GPSDProviderFactory.make),
        ("geoclue", GeoClueLocationProvider.make),
    ]

    /// The URIs the probe tries when nothing is configured, in order: gpsd on its default port, then GeoClue2.
    static let builtInProbe: [String] = [
        "gpsd://127.0.0.1:2947",
        "geoclue:",
    ]
}
