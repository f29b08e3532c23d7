extension LocationManagerEngine {
    /// The error a manager reports for `code`, saying which provider or authorization it concerns:
    /// `locationUnknown: no fix right now from gpsd://127.0.0.1:2947; updates go on`, `denied: location access is
    /// restricted`, `headingFailure: nmea:log.nmea does not measure heading`.
    ///
    /// The code and its raw value are Apple's; the reason is in `NSLocalizedFailureReasonErrorKey` (see
    /// ``CLError/description``).
    func error(_ code: CLError.Code) -> CLError {
        guard code == .locationUnknown else { return makeError(code) }
        // Made once per provider identifier, not for each lost fix: making an error names its code by reflection,
        // about 2 µs, 1 % of the CPU of an NMEA replay that loses its fix 2,000 times.
        let source = provider?.identifier
        if let cached = unknownLocationErrors.withLock({ $0 }), cached.source == source { return cached.error }
        let error = makeError(code)
        unknownLocationErrors.withLock { $0 = (source, error) }
        return error
    }

    private func makeError(_ code: CLError.Code) -> CLError {
        let source = provider?.identifier
        let reason: String
        switch code {
        case .locationUnknown: reason = "no fix right now" + (source.map { " from \($0)" } ?? "") + "; updates go on"
        case .headingFailure: reason = "\(source ?? "the provider") does not measure heading"
        case .promptDeclined: reason = "the app already has full accuracy, so no prompt is shown"
        case .denied:
            let status = app.status  // the app's own: with no provider, the reason is the missing provider
            reason =
                status == .denied || status == .restricted
                ? "location access is \(status == .denied ? "denied" : "restricted") (CORELOCATION_AUTHORIZATION)"
                : "no location provider is configured or reachable (CORELOCATION_PROVIDER)"
        default: return CLError(code)
        }
        return CLError(code, userInfo: [NSLocalizedFailureReasonErrorKey: reason])
    }
}
