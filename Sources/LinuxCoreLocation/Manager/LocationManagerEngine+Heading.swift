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

    /// `stopUpdatingHeading()`: no heading callback runs after it returns on the callback thread.
    func stopUpdatingHeading() {
        state.withLock { $0.updatingHeading = false }
        updateProviderNeed()
    }

    /// Delivers a heading that differs from the last delivered one by at least `headingFilter` degrees
    /// (every heading when the filter is ``kCLHeadingFilterNone`` or negative).
    func handleHeading(_ heading: CLHeading) {
        let deliver = state.withLock { state in
            guard state.updatingHeading else { return false }
            if state.settings.headingFilter > 0, let last = state.heading,
                Self.angularDistance(last.trueHeading, heading.trueHeading) < state.settings.headingFilter
            {
                return false
            }
            state.heading = heading
            return true
        }
        guard deliver else { return }
        withDelegate { manager, delegate in delegate.locationManager(manager, didUpdateHeading: heading) }
    }

    /// The smaller angle between two directions in degrees, 0…180.
    static func angularDistance(_ a: CLLocationDirection, _ b: CLLocationDirection) -> CLLocationDirection {
        let difference = abs(a - b).truncatingRemainder(dividingBy: 360)
        return min(difference, 360 - difference)
    }
}
