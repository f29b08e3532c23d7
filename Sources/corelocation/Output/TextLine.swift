import LinuxCoreLocation

/// The human-readable line of an event: what a person watching a terminal wants, invalid values left out.
enum TextLine {
    static func encode(_ event: OutputEvent) -> String {
        switch event {
        case .location(let location):
            var parts = [
                Timestamps.iso8601(location.timestamp),
                Numbers.fixed(location.coordinate.latitude, 7) + ", " + Numbers.fixed(location.coordinate.longitude, 7),
                "±" + Numbers.fixed(location.horizontalAccuracy, 1) + " m",
            ]
            if location.verticalAccuracy >= 0 {
                parts.append(
                    "alt " + Numbers.fixed(location.altitude, 1) + " m ±" + Numbers.fixed(location.verticalAccuracy, 1))
            }
            if location.speed >= 0 { parts.append(Numbers.fixed(location.speed, 2) + " m/s") }
            if location.course >= 0 { parts.append("course " + Numbers.fixed(location.course, 1) + "°") }
            return parts.joined(separator: "  ")
        case .heading(let heading):
            return Timestamps.iso8601(heading.timestamp) + "  heading " + Numbers.fixed(heading.trueHeading, 1)
                + "° true"
                + (heading.headingAccuracy >= 0 ? " ±" + Numbers.fixed(heading.headingAccuracy, 1) + "°" : "")
        case .error(let error):
            return "error: \(error.code.name)" + (explanations[error.code].map { " (\($0))" } ?? "")
        case .region(let kind, let region, let date):
            let what: String
            switch kind {
            case .enter: what = "entered"
            case .exit: what = "left"
            case .state(let state): what = "state \(state) for"
            }
            return Timestamps.iso8601(date) + "  \(what) region \(region.identifier)"
        case .visit(let visit):
            let arrival = visit.arrivalDate == .distantPast ? "?" : Timestamps.iso8601(visit.arrivalDate)
            let departure =
                visit.departureDate == .distantFuture ? "still there" : Timestamps.iso8601(visit.departureDate)
            return "visit  " + Numbers.fixed(visit.coordinate.latitude, 7) + ", "
                + Numbers.fixed(visit.coordinate.longitude, 7) + "  ±" + Numbers.fixed(visit.horizontalAccuracy, 0)
                + " m  from \(arrival) to \(departure)"
        case .authorization(let status):
            return "authorization: \(status.name)"
        }
    }

    private static let explanations: [CLError.Code: String] = [
        .locationUnknown: "no fix right now; still trying",
        .denied: "location access is denied; set CORELOCATION_AUTHORIZATION=authorizedWhenInUse",
        .network: "the provider failed; check the file, device or daemon",
        .headingFailure: "the provider does not measure heading",
    ]
}
