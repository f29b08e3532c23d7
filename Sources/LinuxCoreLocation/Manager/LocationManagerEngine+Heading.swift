extension LocationManagerEngine {
    /// `startUpdatingHeading()`: headings from a provider that measures them; `CLError(.headingFailure)`
    /// otherwise.
    ///
    /// Headings are never derived from course over ground.
    func startUpdatingHeading() {
        guard provider?.capabilities.contains(.heading) == true else {
            performWithDelegate { manager, delegate in
                delegate.locationManager(manager, didFailWithError: self.error(.headingFailure))
            }
            return
        }
        state.withLock { $0.updatingHeading = true }
        reportIfUnusable()
        updateProviderNeed()
    }

    /// `stopUpdatingHeading()`: no heading callback runs after it returns on the callback thread, and the next start
    /// delivers its first heading whatever the filter.
    func stopUpdatingHeading() {
        state.withLock { state in
            state.updatingHeading = false
            state.lastDeliveredHeading = nil
        }
        updateProviderNeed()
    }

    /// Delivers the first heading after a start, then a heading that differs from the last delivered one by at least
    /// `headingFilter` degrees (every heading when the filter is ``kCLHeadingFilterNone`` or negative), measured by
    /// ``headingChange(from:to:)``.
    func handleHeading(_ heading: CLHeading) {
        let deliver = state.withLock { state in
            guard state.updatingHeading else { return false }
            if state.settings.headingFilter > 0, let last = state.lastDeliveredHeading,
                Self.headingChange(from: last, to: heading) < state.settings.headingFilter
            {
                return false
            }
            state.heading = heading
            state.lastDeliveredHeading = heading
            return true
        }
        guard deliver else { return }
        withDelegate { manager, delegate in delegate.locationManager(manager, didUpdateHeading: heading) }
    }

    /// How far a heading turned from the last delivered one, in degrees (0…180): between the true headings when both
    /// are valid, else between the magnetic ones, as a compass that knows magnetic north only (NMEA HDM, HDG without
    /// a variation) reports `trueHeading` −1; `infinity` when the two share no valid heading, so that the new one is
    /// delivered.
    ///
    /// Apple's `headingFilter` page gives the filter as the least angular change from the last delivered heading,
    /// without naming the north: the source of the semantics.
    static func headingChange(from last: CLHeading, to heading: CLHeading) -> CLLocationDirection {
        if last.trueHeading >= 0 && heading.trueHeading >= 0 {
            return angularDistance(last.trueHeading, heading.trueHeading)
        }
        if last.magneticHeading >= 0 && heading.magneticHeading >= 0 {
            return angularDistance(last.magneticHeading, heading.magneticHeading)
        }
        return .infinity
    }

    /// The smaller angle between two directions in degrees, 0…180.
    static func angularDistance(_ a: CLLocationDirection, _ b: CLLocationDirection) -> CLLocationDirection {
        let difference = abs(a - b).truncatingRemainder(dividingBy: 360)
        return min(difference, 360 - difference)
    }
}
