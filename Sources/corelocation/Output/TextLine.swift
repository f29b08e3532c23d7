import LinuxCoreLocation

/// The human-readable line of an event: what a person watching a terminal wants, invalid values left out.
enum TextLine {
    /// Appends the line of `event`, newline included.
    ///
    /// A fix ends with the receiver's fix mode, satellites and HDOP when its provider reported them, then, with
    /// `marksSample`, `  (sample)`.
    static func encode(_ event: OutputEvent, marksSample: Bool = false, into line: inout OutputBuffer) {
        switch event {
        case .location(let location):
            line.appendTimestamp(location.timestamp)
            line.append("  ")
            line.appendFixed(location.coordinate.latitude, 7)
            line.append(", ")
            line.appendFixed(location.coordinate.longitude, 7)
            line.append("  ±")
            line.appendFixed(location.horizontalAccuracy, 1)
            line.append(" m")
            if location.verticalAccuracy >= 0 {
                line.append("  alt ")
                line.appendFixed(location.altitude, 1)
                line.append(" m ±")
                line.appendFixed(location.verticalAccuracy, 1)
            }
            if location.speed >= 0 {
                line.append("  ")
                line.appendFixed(location.speed, 2)
                line.append(" m/s")
            }
            if location.course >= 0 {
                line.append("  course ")
                line.appendDirection(location.course, 1, fixed: true)
                line.append("°")
            }
            line.appendReceiverText(of: location)
            if marksSample { line.append("  (sample)") }
        case .heading(let heading):
            line.appendTimestamp(heading.timestamp)
            line.append("  heading ")
            line.appendDirection(heading.trueHeading, 1, fixed: true)
            line.append("° true")
            if heading.headingAccuracy >= 0 {
                line.append(" ±")
                line.appendFixed(heading.headingAccuracy, 1)
                line.append("°")
            }
        case .error(let error):
            if let input = error.userInfo[NSUnderlyingErrorKey] as? ReplayInputError {
                line.append(contentsOf: "error: \(OutputEvent.invalidInputCode) (")
                line.appendPrintable("\(input)")
                line.append(")")
            } else {
                // A transient state is no error: `error:` marks the last line before a failing exit (Troubleshooting).
                let word = error.code == .locationUnknown ? "waiting" : "error"
                line.append(
                    contentsOf: "\(word): \(error.code.name)" + (explanations[error.code].map { " (\($0))" } ?? ""))
            }
        case .region(let kind, let region, let date):
            let what: String
            switch kind {
            case .enter: what = "entered"
            case .exit: what = "left"
            case .state(let state): what = "state \(state) for"
            }
            line.appendTimestamp(date)
            line.append(contentsOf: "  \(what) region ")
            line.appendPrintable(region.identifier)
            if marksSample { line.append("  (sample)") }
        case .visit(let visit):
            line.append("visit  ")
            line.appendFixed(visit.coordinate.latitude, 7)
            line.append(", ")
            line.appendFixed(visit.coordinate.longitude, 7)
            line.append("  ±")
            line.appendFixed(visit.horizontalAccuracy, 0)
            line.append(" m  from ")
            if visit.arrivalDate == .distantPast { line.append("?") } else { line.appendTimestamp(visit.arrivalDate) }
            line.append(" to ")
            if visit.departureDate == .distantFuture {
                line.append("still there")
            } else {
                line.appendTimestamp(visit.departureDate)
            }
        case .authorization(let status):
            line.append(contentsOf: "authorization: \(status.name)")
        }
        line.append("\n")
    }

    /// The line of `event` without its newline, for standard error.
    static func text(of event: OutputEvent) -> String {
        var line = OutputBuffer(capacity: 128)
        encode(event, into: &line)
        line.removeLast(1)
        return String(decoding: line.bytes, as: UTF8.self)
    }

    private static let explanations: [CLError.Code: String] = [
        .locationUnknown: "no fix right now; still trying",
        .denied: "location access is denied; set CORELOCATION_AUTHORIZATION=authorizedWhenInUse",
        .network: "the provider failed; check the file, device or daemon",
        .headingFailure: "the provider does not measure heading",
    ]
}
