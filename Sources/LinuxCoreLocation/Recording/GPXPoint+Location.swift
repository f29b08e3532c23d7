import GPX

extension GPXPoint {
    /// The track point recording `location`: position and time always; elevation only when the vertical
    /// accuracy is valid (≥ 0); speed and course only when valid (≥ 0); `lcl:hacc`/`lcl:vacc` from the
    /// accuracies when valid.
    ///
    /// The ellipsoidal altitude is not kept (GPX `<ele>` is above mean sea level).
    /// **Linux only.**
    public init(_ location: CLLocation) {
        self.init(
            latitude: location.coordinate.latitude, longitude: location.coordinate.longitude,
            elevation: location.verticalAccuracy >= 0 ? location.altitude : nil, time: location.timestamp,
            speed: location.speed >= 0 ? location.speed : nil, course: location.course >= 0 ? location.course : nil,
            horizontalAccuracy: location.horizontalAccuracy >= 0 ? location.horizontalAccuracy : nil,
            verticalAccuracy: location.verticalAccuracy >= 0 ? location.verticalAccuracy : nil)
    }
}
