import LocationSupport

/// Choosing and making providers: the process-wide default, provider URIs, and the probe.
///
/// **Linux only.**
///
/// A manager created without a provider uses, in order: ``defaultProvider`` if set in code; the URI in the
/// environment variable `CORELOCATION_PROVIDER`; the first available provider of the probe (gpsd on
/// 127.0.0.1:2947, then GeoClue2, as their schemes are registered); otherwise none, in which case
/// `CLLocationManager.locationServicesEnabled()` is `false` and starting updates reports `CLError(.denied)`.
/// The same URI always yields the same instance, so managers configured alike share one provider through the
/// hub. Thread-safe.
public enum LocationProviders {
    /// Makes a provider from a parsed URI.
    public typealias Factory = @Sendable (LocationProviderURI) throws -> any LocationProvider

    private struct State {
        var factories = LocationProviders.builtInFactories
        var probe = LocationProviders.builtInProbe
        var instances: [String: any LocationProvider] = [:]
        var defaultProvider: (any LocationProvider)?
        var diagnosticsIncludeFieldValues = false
    }

    private static let state = Locked(State())

    /// The provider used by managers created without one; `nil` (the default) means "from the environment,
    /// else the probe".
    public static var defaultProvider: (any LocationProvider)? {
        get { state.withLock { $0.defaultProvider } }
        set { state.withLock { $0.defaultProvider = newValue } }
    }

    /// Whether the diagnostics providers made from now on write to standard error show the raw text of the fields
    /// they reject (`…, found "4807.03x"`).
    ///
    /// Off by default, because a field's text can hold a coordinate and standard error often ends up in logs; the
    /// field's name and what was expected are always shown. The command-line tool's `--verbose` turns it on.
    /// Applies to the NMEA providers (their decoders' `NMEADecoderOptions.includesFieldValues`).
    public static var diagnosticsIncludeFieldValues: Bool {
        get { state.withLock { $0.diagnosticsIncludeFieldValues } }
        set { state.withLock { $0.diagnosticsIncludeFieldValues = newValue } }
    }

    /// Registers how to make providers for a scheme, replacing an earlier registration.
    ///
    /// - Parameters:
    ///   - scheme: The URI scheme, lowercase (`nmea`, `gpx`, …).
    ///   - probeURI: A URI to try, in registration order, when nothing is configured; `nil` to stay out of the
    ///     probe.
    ///   - factory: Makes a provider from a URI of that scheme; throws ``LocationProviderError`` for bad ones.
    public static func register(scheme: String, probeURI: String? = nil, factory: @escaping Factory) {
        state.withLock { state in
            if let index = state.factories.firstIndex(where: { $0.scheme == scheme }) {
                state.factories[index].factory = factory
            } else {
                state.factories.append((scheme, factory))
            }
            if let probeURI, !state.probe.contains(probeURI) { state.probe.append(probeURI) }
        }
    }

    /// The provider for a URI: the instance already made for the same text, or a new one.
    ///
    /// - Parameter uri: A provider URI such as `fixed:48.8584,2.2945`.
    /// - Throws: ``LocationProviderError`` when the URI is malformed, its scheme unknown or a value invalid.
    /// - Returns: The shared provider instance for that URI.
    public static func provider(for uri: String) throws -> any LocationProvider {
        if let existing = state.withLock({ $0.instances[uri] }) { return existing }
        let parsed = try LocationProviderURI(uri)
        guard let factory = state.withLock({ $0.factories.first { $0.scheme == parsed.scheme }?.factory }) else {
            throw LocationProviderError.unknownScheme(
                parsed.scheme, known: state.withLock { $0.factories.map(\.scheme).sorted() })
        }
        let made = try factory(parsed)
        return state.withLock { state in
            if let raced = state.instances[uri] { return raced }
            state.instances[uri] = made
            return made
        }
    }

    /// The URIs the probe tries, in order.
    public static var probeURIs: [String] { state.withLock { $0.probe } }

    /// The provider a manager created without one uses now, or `nil` when none is configured or found.
    ///
    /// In order: ``defaultProvider``, ``configuredProvider()``, ``probe()``. A malformed `CORELOCATION_PROVIDER`
    /// is reported once on standard error and counts as no provider (the probe is not tried then: a typo must
    /// not silently pick another source).
    public static func resolveDefault() -> (any LocationProvider)? {
        if let provider = defaultProvider { return provider }
        do {
            if let provider = try configuredProvider() { return provider }
        } catch {
            Diagnostics.hint("bad-provider-uri", "CORELOCATION_PROVIDER: \(error)")
            return nil
        }
        return probe()
    }

    /// The provider named by the environment variable `CORELOCATION_PROVIDER`, or `nil` when it is unset or
    /// empty.
    ///
    /// - Throws: ``LocationProviderError``, as ``provider(for:)`` throws it, when the variable holds a URI that
    ///   cannot be used (malformed, unknown scheme, invalid parameter).
    /// - Returns: The shared provider instance for that URI.
    public static func configuredProvider() throws -> (any LocationProvider)? {
        guard let uri = ProcessInfo.processInfo.environment["CORELOCATION_PROVIDER"], !uri.isEmpty else {
            return nil
        }
        return try provider(for: uri)
    }

    /// The first provider of the probe that answers now (``probeURIs``, in order), or `nil` when none does.
    ///
    /// Asks each provider's ``LocationProvider/isAvailable``, which may block for about a second each (a TCP
    /// connection to gpsd, a call on the system bus); call it off the main thread when that matters.
    public static func probe() -> (any LocationProvider)? {
        for uri in probeURIs {
            if let candidate = try? provider(for: uri), candidate.isAvailable { return candidate }
        }
        return nil
    }
}
